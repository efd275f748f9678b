import type { ChatbotDto } from '@balcao/sdk';
import type { InboundContext } from '../bots/inbound-stages.js';
import { loadChatbotTrees } from '../queues/chatbots/chatbot-tree.js';
import type { ConnectionFacts, MenuQueue } from './automation-facts.js';
import { mayAnswerAgain } from './bot-limits.js';
import { sendAutomatic } from './send-automatic.js';
import { menuSent, QUEUE_MENU_ACTOR, routeToQueue } from './ticket-routing.js';

/** The last line of every list the tree sends when the contact can go back to the queue menu (GB's wording). */
export const BACK_LINE = '*[ # ]* Voltar para o menu principal';

/** A level's numbered options, `*[ n ]* - Name` by position (peer §2.2, GB's sendDialog). */
export function optionsList(options: readonly ChatbotDto[]): string {
  return options.map((o, i) => `*[ ${i + 1} ]* - ${o.name}`).join('\n');
}

/** The option a tree answer names: its number among the level's options (spaces around it allowed). */
export function chosenOption(body: string, options: readonly ChatbotDto[]): ChatbotDto | undefined {
  const answer = body.trim();
  if (!/^\d{1,4}$/.test(answer)) return undefined;
  return options[Number(answer) - 1];
}

/** The queue's option trees (roots by position); empty: the queue has no tree. */
export async function queueTree(ctx: InboundContext, queueId: number): Promise<ChatbotDto[]> {
  return (await loadChatbotTrees(ctx.scope.em, [queueId])).get(queueId) ?? [];
}

const findOption = (nodes: readonly ChatbotDto[], id: number): ChatbotDto | undefined => {
  for (const n of nodes) {
    if (n.id === id) return n;
    const inner = findOption(n.options, id);
    if (inner) return inner;
  }
  return undefined;
};

/** A level as the contact reads it: its text, a blank line, its options, and the "#" line (when there is a menu). */
async function sendLevel(
  ctx: InboundContext,
  text: string | null,
  options: readonly ChatbotDto[],
  back: boolean,
) {
  const head = text?.trim() ?? '';
  const list = [optionsList(options), back ? `\n${BACK_LINE}` : ''].join('');
  await sendAutomatic(ctx.scope, ctx.companyId, ctx.ticket.id, head, head ? `\n\n${list}` : list);
  await menuSent(ctx.scope, ctx.ticket);
}

/**
 * The ticket entered a queue whose tree has root options (the menu's choice, or a one-queue connection): the queue's
 * greeting with its numbered options and the "#" line; the ticket stays with the bot (isBot, `chatbot`) at the root.
 */
export async function startTree(
  ctx: InboundContext,
  queue: MenuQueue,
  roots: readonly ChatbotDto[],
  back: boolean,
): Promise<void> {
  const { ticket } = ctx;
  ticket.chatbot = true;
  ticket.chatbotOptionId = null;
  await sendLevel(ctx, queue.greetingMessage, roots, back);
}

/** The ticket leaves the tree (it stays where the option put it). */
async function leaveTree(ctx: InboundContext) {
  const { ticket } = ctx;
  ticket.chatbot = false;
  ticket.chatbotOptionId = null;
  ticket.isBot = false;
  ticket.amountUsedBotQueues = 0;
  ticket.chatbotAt = null;
  await ctx.scope.em.flush();
}

/**
 * The contact's message while the ticket is in its queue's tree (peer §2.2 GB's sayChatbot, §2.3): a number picks an
 * option of the level last listed, anything else lists that level again within maxUseBotQueues / timeUseBotQueues.
 * By the option's type: 'text' sends its text and lists its options (moving there), or, a leaf, stays on the level
 * (closing the ticket when closeTicket); 'queue' moves the ticket to that queue; 'attendent' gives it to that user;
 * 'integration' and 'file' (not available yet) send the text and leave the ticket waiting in its queue.
 * "#" is the menu's (the caller's): the ticket goes back to the queue menu.
 */
export async function answerTree(
  ctx: InboundContext,
  conn: ConnectionFacts,
  queue: MenuQueue,
  back: boolean,
): Promise<void> {
  const { scope, ticket, companyId } = ctx;
  const roots = await queueTree(ctx, queue.id);
  const found = ticket.chatbotOptionId != null ? findOption(roots, ticket.chatbotOptionId) : undefined;
  // The level last listed: the option's own (an option edited away, or left without options, is the root's).
  const at = found?.options.length ? found : undefined;
  const level = at ? at.options : roots;
  const levelText = at ? at.greetingMessage : queue.greetingMessage;
  if (!level.length) {
    await leaveTree(ctx);
    return;
  }
  const chosen = chosenOption(ctx.body, level);
  if (!chosen) {
    if (mayAnswerAgain(ticket, conn, scope.clock.now())) await sendLevel(ctx, levelText, level, back);
    return;
  }
  const say = async () => {
    if (chosen.greetingMessage?.trim())
      await sendAutomatic(scope, companyId, ticket.id, chosen.greetingMessage);
  };
  switch (chosen.queueType) {
    case 'queue':
      if (chosen.optQueueId == null) break;
      await leaveTree(ctx);
      await routeToQueue(scope, ticket, chosen.optQueueId);
      await say();
      return finish(ctx, chosen);
    case 'attendent':
      if (chosen.optUserId == null) break;
      await say();
      await leaveTree(ctx);
      await scope.ticketBotActions.handoff(ticket, QUEUE_MENU_ACTOR, {
        queueId: ticket.queueId,
        userId: chosen.optUserId,
      });
      return;
    case 'integration':
    case 'file':
      await say();
      await leaveTree(ctx);
      return finish(ctx, chosen);
  }
  // 'text' (or a target-less option): its options, or, a leaf, its text alone on the same level.
  if (chosen.options.length) {
    ticket.chatbotOptionId = chosen.id;
    ticket.amountUsedBotQueues = 0;
    await sendLevel(ctx, chosen.greetingMessage, chosen.options, back);
    return;
  }
  await say();
  await finish(ctx, chosen);
}

/** closeTicket: the option ends the conversation, without farewell (GB). */
async function finish(ctx: InboundContext, chosen: ChatbotDto) {
  if (!chosen.closeTicket) return;
  ctx.ticket.chatbot = false;
  ctx.ticket.chatbotOptionId = null;
  ctx.ticket.chatbotAt = null;
  await ctx.scope.ticketBotActions.close(ctx.ticket, QUEUE_MENU_ACTOR);
}
