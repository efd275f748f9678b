import type { ChatbotDto } from '@balcao/sdk';
import type { InboundContext } from '../bots/inbound-stages.js';
import type { ConnectionFacts } from '../connections/connection-facts.js';
import type { MenuQueue } from '../connections/connection-menu.js';
import { loadChatbotTrees } from '../queues/chatbots/chatbot-tree.js';
import { queueFacts } from './automation-facts.js';
import { mayAnswerAgain } from './bot-limits.js';
import { companyTexts, textsIn } from './customer-texts.js';
import { answerOutOfHours, outsideHours, switchMode } from './out-of-hours.js';
import { afterQueued } from './queue-entry.js';
import { sendAutomatic } from './send-automatic.js';
import { menuSent, QUEUE_MENU_ACTOR, routeToQueue } from './ticket-routing.js';

/** The pt-BR line of every list the tree sends when the contact can go back to the queue menu (GB's wording). */
export const BACK_LINE = textsIn('pt-BR').backLine;

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

/**
 * A level as the contact reads it: its text, a blank line, its options, the "#" line (when there is a menu) and the
 * "Sair" line (GB's sendDialog and verifyQueue order).
 */
async function sendLevel(
  ctx: InboundContext,
  text: string | null,
  options: readonly ChatbotDto[],
  back: boolean,
) {
  const head = text?.trim() ?? '';
  const { backLine, exitLine } = await companyTexts(ctx.scope.settings, ctx.companyId);
  const list = [optionsList(options), back ? `\n${backLine}` : '', `\n${exitLine}`].join('');
  await sendAutomatic(ctx.scope, ctx.companyId, ctx.ticket.id, head, head ? `\n\n${list}` : list);
  await menuSent(ctx.scope, ctx.ticket);
}

/**
 * The ticket enters a queue: the menu's choice, a one-queue connection. A queue with root options starts its chatbot
 * tree: the queue's greeting with its numbered options (and the "#" line when there is a menu to go back to), the
 * ticket held by the bot; a contact with the bot disabled is only queued. Without options the queue greets with its
 * greetingMessage when `greet` (not on a one-queue connection, whose greeting the connection's replaces), and the ticket
 * waits for an attendant: given to one at random (userRandom) or told its place in the queue (sendQueuePosition),
 * queue-entry.ts.
 */
export async function enterQueue(
  ctx: InboundContext,
  queue: MenuQueue,
  opts: { greet: boolean; back: boolean },
): Promise<void> {
  await routeToQueue(ctx.scope, ctx.ticket, queue.id);
  await settleInQueue(ctx, queue, opts);
}

/** What follows once the ticket is in `queue` (enterQueue's, and a tree's queue option's, after its text). */
async function settleInQueue(ctx: InboundContext, queue: MenuQueue, opts: { greet: boolean; back: boolean }) {
  // scheduleType queue: a queue entered out of its hours keeps the ticket, says so, and starts nothing (GB).
  const hours = await outsideHours(ctx.scope, ctx.companyId, ctx.ticket);
  if (hours.outOfHours) {
    switchMode(ctx.ticket, true);
    await answerOutOfHours(ctx.scope, ctx.companyId, ctx.ticket, hours.text);
    return;
  }
  const roots = ctx.contact.disableBot ? [] : await queueTree(ctx, queue.id);
  if (roots.length) {
    await startTree(ctx, queue, roots, opts.back);
    await requestQueueFiles(ctx, queue);
    return;
  }
  const greeting = queue.greetingMessage?.trim();
  if (opts.greet && greeting) await sendAutomatic(ctx.scope, ctx.companyId, ctx.ticket.id, greeting);
  await requestQueueFiles(ctx, queue);
  await afterQueued(ctx, queue.id);
}

/**
 * A queue with a file list sends it on every entry, after its greeting or options (peer §2.1: GB's "Queue file list.
 * Send the files."), through the event a file option uses. A contact with the bot disabled hears nothing automatic.
 */
async function requestQueueFiles(ctx: InboundContext, queue: MenuQueue) {
  if (queue.fileListId == null || ctx.contact.disableBot) return;
  await ctx.scope.events.emit('ticket.fileList.requested', {
    companyId: ctx.companyId,
    ticketId: ctx.ticket.id,
    fileListId: queue.fileListId,
    queueId: queue.id,
  });
}

/**
 * The ticket entered a queue whose tree has root options: the queue's greeting with its numbered options, the "#" and
 * "Sair" lines; the ticket stays with the bot (isBot, `chatbot`) at the root.
 */
async function startTree(
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
 * (closing the ticket when closeTicket); 'queue' moves the ticket to that queue, whose own tree then starts as when
 * the menu puts a ticket there (or, without one, its assignment rules run); 'attendent' gives it to that user;
 * 'integration' with a bot engine sends its text and hands the ticket to that engine (handToEngine); without one, and
 * 'file', send the text and leave the ticket waiting in its queue ('file' also asks for its list: the event
 * `ticket.fileList.requested`, which the file-list plugin answers).
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
    case 'queue': {
      if (chosen.optQueueId == null) break;
      const target = await queueFacts(scope, companyId, chosen.optQueueId);
      if (!target) break;
      await leaveTree(ctx);
      await routeToQueue(scope, ticket, target.id);
      await say();
      if (chosen.closeTicket) return finish(ctx, chosen);
      // The queue's own greeting is the tree's head; a queue without a tree does not greet (the option just spoke).
      return settleInQueue(ctx, target, { greet: false, back });
    }
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
      if (chosen.optBotEngine) return handToEngine(ctx, chosen, chosen.optBotEngine, say);
      await say();
      await leaveTree(ctx);
      return finish(ctx, chosen);
    case 'file':
      await say();
      await leaveTree(ctx);
      // The file-list plugin sends the list (a subscriber; without it the option only speaks). The emit awaits it, so
      // the files are stored, and leave, before finish closes the ticket (a closed ticket takes no message).
      if (chosen.optFileId != null)
        await scope.events.emit('ticket.fileList.requested', {
          companyId,
          ticketId: ticket.id,
          fileListId: chosen.optFileId,
          optionId: chosen.id,
        });
      return finish(ctx, chosen);
  }
  // 'text' (or a target-less option): its options, or, a leaf, its text alone on the same level.
  if (chosen.options.length) {
    ticket.chatbotOptionId = chosen.id;
    ticket.amountUsedBotQueues = 0;
    await sendLevel(ctx, chosen.greetingMessage, chosen.options, back);
    return;
  }
  if (chosen.closeTicket) {
    await say();
    return finish(ctx, chosen);
  }
  // A leaf hands nothing over: the contact is told someone will answer (its text first, in the same message).
  const { attendantWillAnswer } = await companyTexts(scope.settings, companyId);
  const text = chosen.greetingMessage?.trim() ?? '';
  await sendAutomatic(
    scope,
    companyId,
    ticket.id,
    text,
    text ? `\n\n${attendantWillAnswer}` : attendantWillAnswer,
  );
}

/**
 * An integration option naming a bot engine: its text, then the engine holds the ticket and the contact's next message
 * goes to it, told it was selected by this option (`chatbotOptionId` stays on it: modules/bots, bot-selection.ts),
 * until it hands off, closes or passes.
 */
async function handToEngine(ctx: InboundContext, chosen: ChatbotDto, key: string, say: () => Promise<void>) {
  await say();
  await leaveTree(ctx);
  ctx.ticket.chatbotOptionId = chosen.id;
  await ctx.scope.ticketBotActions.hold(ctx.ticket, key);
}

/** closeTicket: the option ends the conversation, without farewell (GB). */
async function finish(ctx: InboundContext, chosen: ChatbotDto) {
  if (!chosen.closeTicket) return;
  ctx.ticket.chatbot = false;
  ctx.ticket.chatbotOptionId = null;
  ctx.ticket.chatbotAt = null;
  await ctx.scope.ticketBotActions.close(ctx.ticket, QUEUE_MENU_ACTOR);
}
