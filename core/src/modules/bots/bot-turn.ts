import type { BotOutcome, BotSelection, ContactDto, Logger, MessageDto, TicketDto } from '@balcao/sdk';
import type { Cradle } from '../../kernel/container.js';
import { CompanyContactsPort } from '../contacts/contacts-port.js';
import { findMessageDto } from '../messages/message-queries.js';
import { CompanyMessagesPort } from '../messages/messages-port.js';
import type { ITicket } from '../tickets/ticket.entity.js';
import { findTicketDto } from '../tickets/ticket-queries.js';
import { engineTimeout, type RegisteredBotEngine } from './bot-engine-registry.js';

/**
 * "With a human": an attendant has the ticket (open or group, with a user), or it went to humans once (an engine's
 * handoff or failure, or an attendant accepted, transferred or returned it). Such a ticket never reaches an engine.
 */
export function withHumans(t: ITicket): boolean {
  return t.botHandoffAt != null || ((t.status === 'open' || t.status === 'group') && t.userId != null);
}

/** Whether an engine may see the ticket's next inbound message at all (before asking which one). */
export function offeredToBots(t: ITicket, contact: { disableBot: boolean }): boolean {
  return t.status !== 'closed' && !withHumans(t) && !contact.disableBot;
}

const OUTCOMES = new Set(['reply-sent', 'continue', 'handoff', 'close', 'pass']);

/** Why a call did not produce an outcome: the engine's time ran out, or it failed. */
export class BotFailure extends Error {
  constructor(
    readonly reason: 'timeout' | 'error',
    message: string,
  ) {
    super(message);
  }
}

/** What one call sees, read as of now. */
export interface TurnInput {
  ticket: TicketDto;
  contact: ContactDto;
  message: MessageDto;
}

export async function readTurn(
  scope: Cradle,
  companyId: number,
  t: ITicket,
  messageId: number,
): Promise<TurnInput | null> {
  const { em } = scope;
  const ticket = await findTicketDto(em, companyId, { id: t.id }, { maskNumbers: false });
  const contact = await new CompanyContactsPort(em, companyId, scope.contacts, scope.tags).find(t.contactId);
  const message = await findMessageDto(em, companyId, messageId, { maskNumbers: false });
  return ticket && contact && message ? { ticket, contact, message } : null;
}

/** The first engine (stable order, among `allowed`) with `wants` that wants the ticket; none: default routing. */
export async function chooseEngine(
  scope: Cradle,
  companyId: number,
  turn: TurnInput,
  allowed: RegisteredBotEngine[],
): Promise<RegisteredBotEngine | undefined> {
  for (const e of allowed) {
    if (!e.engine.wants || (turn.ticket.isGroup && !e.engine.groups)) continue;
    if (await e.engine.wants(turn.ticket, turn.contact, e.deps(scope, companyId))) return e;
  }
  return undefined;
}

/** Runs one call within the engine's time; a throw, a timeout or a malformed answer is a BotFailure. */
export async function runEngine(
  scope: Cradle,
  companyId: number,
  e: RegisteredBotEngine,
  turn: TurnInput,
  selection: BotSelection,
): Promise<BotOutcome> {
  const ms = engineTimeout(e.engine);
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new BotFailure('timeout', `no answer within ${ms / 1000} s`));
    }, ms);
  });
  try {
    const call = Promise.resolve().then(() =>
      e.engine.handle({ ...turn, deps: e.deps(scope, companyId), selection, signal: controller.signal }),
    );
    const outcome = await Promise.race([call, timeout]).catch((err: unknown) => {
      if (err instanceof BotFailure) throw err;
      throw new BotFailure('error', err instanceof Error ? err.message : String(err));
    });
    if (!outcome || typeof outcome !== 'object' || !OUTCOMES.has(outcome.type))
      throw new BotFailure('error', `unknown outcome ${JSON.stringify(outcome)?.slice(0, 100)}`);
    return outcome;
  } finally {
    clearTimeout(timer);
  }
}

/** The private note attendants see on a ticket an engine failed on (it never leaves Balcão). */
export function failureNote(key: string, failure: BotFailure): string {
  const why =
    failure.reason === 'timeout'
      ? `não respondeu a tempo (${failure.message})`
      : `falhou: ${failure.message.slice(0, 200)}`;
  return `O robô ${key} ${why}. A conversa foi passada para atendimento humano.`;
}

/** Hands a ticket an engine failed on to humans: pending, isBot false, a logged warning and a private note. */
export async function handToHumansAfterFailure(
  scope: Cradle,
  logger: Logger,
  companyId: number,
  ticket: ITicket,
  key: string,
  failure: BotFailure,
): Promise<void> {
  logger.warn(
    { companyId, ticketId: ticket.id, engine: key, reason: failure.reason, err: failure.message },
    'bot engine failed; ticket handed to humans',
  );
  await scope.ticketBotActions.handoff(ticket, key, {});
  await new CompanyMessagesPort(scope, companyId).send({
    ticketId: ticket.id,
    body: failureNote(key, failure),
    isPrivate: true,
  });
}
