import type { InboundContext, InboundStage } from '../bots/inbound-stages.js';
import { type ConnectionFacts, connectionFacts } from '../connections/connection-facts.js';
import { type MenuQueue, menuQueues } from '../connections/connection-menu.js';
import type { ITicket } from '../tickets/ticket.entity.js';
import { queueFacts } from './automation-facts.js';
import { mayAnswerAgain } from './bot-limits.js';
import { botListedSair, closeByContact, isSair } from './client-close.js';
import { companyTexts } from './customer-texts.js';
import { answerTree, enterQueue } from './queue-tree.js';
import { sendGreeting } from './send-automatic.js';
import { backToMenu, menuSent } from './ticket-routing.js';

/**
 * The queue menu's list (peer §2.1, GB): one line per queue, `*[ n ]* - Name`, after the greeting and a blank line.
 * @example menuList([{ id: 1, name: 'Vendas', greetingMessage: null }]) // '*[ 1 ]* - Vendas'
 */
export function menuList(queues: readonly MenuQueue[]): string {
  return queues.map((q, i) => `*[ ${i + 1} ]* - ${q.name}`).join('\n');
}

/** The queue a menu answer names: its number in the list (spaces around it allowed); anything else, none. */
export function chosenQueue(body: string, queues: readonly MenuQueue[]): MenuQueue | undefined {
  const answer = body.trim();
  if (!/^\d{1,4}$/.test(answer)) return undefined;
  return queues[Number(answer) - 1];
}

/** Typed by the contact to leave the queue the menu put them in and see the menu again (peers' "#"). */
export const BACK_TO_MENU = '#';

/** A ticket the greeting and menu may talk to: waiting, private, nobody's, never handed to humans. */
const menuMayTalk = (t: ITicket) =>
  t.status === 'pending' && !t.isGroup && t.userId == null && t.botHandoffAt == null;

/**
 * The greeting and queue menu (peer-server-behaviour §2.1, GB's `verifyQueue`; spec part 1 §3 connection fields), the
 * default routing of an inbound message no bot engine took:
 * - a connection with one queue puts the ticket in it, greeting first when sendGreetingMessageOneQueues is on;
 * - with several, a ticket without a queue gets the connection's greeting and the numbered queues; once the menu was
 *   sent, an answer with a queue's number puts the ticket there (and the queue greets), anything else sends the menu
 *   again within maxUseBotQueues / timeUseBotQueues;
 * - "#" on a ticket the menu put in a queue (still nobody's) clears the queue and sends the menu again;
 * - "sair" while the menu or a queue's tree talks to the contact closes the ticket (client-close.ts).
 * A contact whose bot is disabled hears nothing: a one-queue connection still puts the ticket in its queue.
 */
export const queueMenuStage: InboundStage = {
  name: 'automation:queue-menu',
  async defaultRouting(ctx) {
    const { scope, companyId, ticket, contact } = ctx;
    if (!menuMayTalk(ticket)) return;
    const conn = await connectionFacts(scope, companyId, ticket.whatsappId);
    if (!conn) return;
    const queues = await menuQueues(scope, companyId, conn.id);
    const [only] = queues;
    if (!only) return;
    if (
      !contact.disableBot &&
      botListedSair(ticket) &&
      isSair(ctx.body, await companyTexts(scope.settings, companyId))
    ) {
      await closeByContact(ctx, conn);
      return;
    }
    if (ticket.queueId != null) {
      if (contact.disableBot) return;
      const back = queues.length > 1;
      if (ticket.chatbot && !(back && ctx.body.trim() === BACK_TO_MENU)) {
        // A tree's queue option may have put the ticket in a queue the connection's menu does not list.
        const queue =
          queues.find((q) => q.id === ticket.queueId) ?? (await queueFacts(scope, companyId, ticket.queueId));
        if (queue) await answerTree(ctx, conn, queue, back);
        return;
      }
      if (ctx.body.trim() !== BACK_TO_MENU || !back) return;
      await backToMenu(scope, ticket);
      await sendMenu(ctx, conn, queues);
      return;
    }
    if (queues.length === 1) {
      const greeting = conn.greetingMessage?.trim() ?? '';
      if (
        !contact.disableBot &&
        greeting.length > 1 &&
        (await scope.settings.isEnabled(companyId, 'sendGreetingMessageOneQueues'))
      )
        await sendGreeting(scope, companyId, ticket.id, conn, greeting);
      await enterQueue(ctx, only, { greet: false, back: false });
      return;
    }
    if (contact.disableBot) return;
    // Only an answer to a menu the contact saw is a choice: a first "2" is a greeting like any other. The menu's
    // stamp says so (isBot would not: an engine that passes clears it).
    const chosen = ticket.chatbotAt != null ? chosenQueue(ctx.body, queues) : undefined;
    if (chosen) {
      await enterQueue(ctx, chosen, { greet: true, back: true });
      return;
    }
    if (!mayAnswerAgain(ticket, conn, scope.clock.now())) return;
    await sendMenu(ctx, conn, queues);
  },
};

/**
 * The connection's greeting, its numbered queues and the way out, one message (its greeting media's caption when it
 * has one).
 */
async function sendMenu(ctx: InboundContext, conn: ConnectionFacts, queues: readonly MenuQueue[]) {
  const head = conn.greetingMessage?.trim() ?? '';
  // GB's verifyQueue: the queues, a blank line, the way out.
  const { exitLine } = await companyTexts(ctx.scope.settings, ctx.companyId);
  const list = `${menuList(queues)}

${exitLine}`;
  await sendGreeting(
    ctx.scope,
    ctx.companyId,
    ctx.ticket.id,
    conn,
    head,
    head
      ? `

${list}`
      : list,
  );
  await menuSent(ctx.scope, ctx.ticket);
}
