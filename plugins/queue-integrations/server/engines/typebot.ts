import type { BotEngine, BotOutcome, BotTurn } from '@balcao/sdk';
import type { IntegrationDeps } from '../deps.js';
import { type IIntegrationRecord, IntegrationSession } from '../entities.js';
import { type Reply, recordFor, sendReplies } from './common.js';
import {
  answerToChoice,
  parseCommand,
  renderTypebotAnswer,
  type TypebotAnswer,
  type TypebotCommand,
} from './typebot-render.js';

/** Thrown when Typebot no longer knows the session: the engine starts a new one. */
class SessionGone extends Error {}

async function callTypebot(
  deps: IntegrationDeps,
  url: string,
  json: unknown,
  signal: AbortSignal,
  inSession = false,
): Promise<TypebotAnswer> {
  const res = await deps.http.request({
    url,
    method: 'POST',
    json,
    timeoutMs: deps.limits.requestTimeoutMs,
  });
  if (signal.aborted) throw new Error('Typebot: tempo esgotado');
  if (res.status === 404 && inSession) throw new SessionGone('Typebot não conhece mais a sessão');
  if (res.status >= 300) throw new Error(`o Typebot respondeu ${res.status}`);
  try {
    return res.json<TypebotAnswer>();
  } catch {
    throw new Error('Typebot respondeu algo que não é JSON');
  }
}

const base = (record: IIntegrationRecord) => (record.urlN8N ?? '').replace(/\/+$/, '');

/** Starts a session with the contact's name, number and ticket as prefilled variables. */
function startChat(deps: IntegrationDeps, record: IIntegrationRecord, turn: BotTurn<IntegrationDeps>) {
  const slug = encodeURIComponent(record.typebotSlug ?? '');
  return callTypebot(
    deps,
    `${base(record)}/api/v1/typebots/${slug}/startChat`,
    {
      prefilledVariables: {
        name: turn.contact.name,
        number: turn.contact.number,
        ticketId: turn.ticket.id,
      },
      textBubbleContentFormat: 'richText',
    },
    turn.signal,
  );
}

function continueChat(
  deps: IntegrationDeps,
  record: IIntegrationRecord,
  sessionId: string,
  text: string,
  signal: AbortSignal,
) {
  return callTypebot(
    deps,
    `${base(record)}/api/v1/sessions/${encodeURIComponent(sessionId)}/continueChat`,
    { message: { type: 'text', text }, textBubbleContentFormat: 'richText' },
    signal,
    true,
  );
}

const same = (a: string, b: string | null | undefined) =>
  !!b && a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/** What a bot command does to the ticket (peer §2.6): stop the bot, or move it to a queue (and a user). */
function commandOutcome(command: NonNullable<TypebotCommand>): BotOutcome {
  if ('stopBot' in command) return { type: 'handoff' };
  return { type: 'handoff', queueId: command.queueId, userId: command.userId };
}

/**
 * Typebot (peer §2.6): the ticket's session is started with the contact's variables and continued with each message;
 * bubbles become channel messages, `typebotDelayMessage` apart; a choice input becomes a numbered list the contact
 * answers by number. The session expires after `typebotExpires` minutes without a message (0: never); the restart
 * keyword starts over with the restart message, the finish keyword closes the ticket with its farewell. A bot text
 * `#{"queueId":3}` moves the ticket to humans in queue 3 (and to `userId`), `#{"stopBot":true}` to humans. Any
 * error clears the session before core hands the ticket to humans.
 */
export const typebotEngine: BotEngine<IntegrationDeps> = {
  name: 'typebot',
  label: 'Typebot',
  planFlag: 'useIntegration',
  timeoutMs: 60_000,
  async handle(turn) {
    const { deps, ticket, message, selection, signal } = turn;
    const record = await recordFor(deps, selection, 'typebot');
    const { em } = deps;
    let session = await em.findOne(IntegrationSession, { ticketId: ticket.id });
    const expired =
      session &&
      (session.integrationId !== record.id ||
        (record.typebotExpires > 0 &&
          Date.now() - session.startedAt.getTime() > record.typebotExpires * 60_000));
    if (session && expired) {
      await em.removeAndFlush(session);
      session = null;
    }
    const body = message.body ?? '';
    if (same(body, record.typebotKeywordRestart)) {
      if (session) await em.removeAndFlush(session);
      if (record.typebotRestartMessage)
        await deps.messages.send({ ticketId: ticket.id, body: record.typebotRestartMessage });
      return { type: 'reply-sent' };
    }
    if (same(body, record.typebotKeywordFinish)) {
      if (session) await em.removeAndFlush(session);
      await deps.tickets.close(ticket.id, { byUserId: 'plugin', farewell: true });
      return { type: 'close' };
    }
    try {
      let answer: TypebotAnswer;
      if (!session?.sessionId) answer = await startChat(deps, record, turn);
      else {
        try {
          answer = await continueChat(
            deps,
            record,
            session.sessionId,
            answerToChoice(body, session.choices ?? null),
            signal,
          );
        } catch (err) {
          if (!(err instanceof SessionGone)) throw err;
          answer = await startChat(deps, record, turn);
          session.sessionId = null;
        }
      }
      const { replies, choices } = renderTypebotAnswer(answer, record.typebotUnknownMessage ?? null);
      const command =
        replies.map((r) => (r.kind === 'text' ? parseCommand(r.body) : null)).find(Boolean) ?? null;
      const toSend: Reply[] = replies.filter((r) => r.kind !== 'text' || !parseCommand(r.body));
      if (!session) {
        session = em.create(IntegrationSession, {
          ticketId: ticket.id,
          companyId: record.companyId,
          integrationId: record.id,
          sessionId: answer.sessionId ?? null,
          startedAt: new Date(),
          choices,
        } as never);
      } else {
        if (answer.sessionId) session.sessionId = answer.sessionId;
        session.startedAt = new Date();
        session.choices = choices;
      }
      await em.flush();
      await sendReplies(deps, ticket.id, toSend, record.typebotDelayMessage, signal);
      if (command) {
        await em.removeAndFlush(session);
        return commandOutcome(command);
      }
      return { type: 'reply-sent' };
    } catch (err) {
      // Peer §2.6: any error clears the session; core then hands the ticket to humans with a note.
      const stale = await em.findOne(IntegrationSession, { ticketId: ticket.id });
      if (stale) await em.removeAndFlush(stale);
      throw err;
    }
  },
};
