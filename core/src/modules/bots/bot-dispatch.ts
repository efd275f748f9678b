import type { Logger } from '@balcao/sdk';
import type { AwilixContainer } from 'awilix';
import { watchStatements } from '../../db/statement-watch.js';
import type { EventBus } from '../../events/event-bus.js';
import { type Cradle, createRequestScope } from '../../kernel/container.js';
import { Contact } from '../contacts/contact.entity.js';
import { type ITicket, Ticket } from '../tickets/ticket.entity.js';
import { OwedTurns } from './bot-owed.js';
import { pickEngine, selectionOfHeld } from './bot-selection.js';
import {
  BotFailure,
  handToHumansAfterFailure,
  offeredToBots,
  readTurn,
  runEngine,
  type TurnInput,
  withHumans,
} from './bot-turn.js';
import type { InboundContext, TurnContact } from './inbound-stages.js';
import { TurnBatches } from './turn-batches.js';
import { LEASE, primeTurn } from './turn-lease.js';

/** The recurring job that offers again the turns a stopped or dead process left owed (bot-owed.ts). */
export const BOT_SWEEP_JOB = 'bots:sweep';

/** A turn owed for less than this is left to the process that stored the message (it is running it, or about to). */
const SWEEP_GRACE_SECONDS = 30;

/**
 * The bots module (ARCHITECTURE "The plugin contract", bot engines). An inbound message of a ticket nobody attends
 * is recorded as owed a turn (bot-owed.ts, in batches) and offered to this process's turns (bot-turns.ts), so a slow
 * engine never holds up ingest. A turn takes the ticket's lease (one engine call per ticket at a time, across
 * instances) and deals with every inbound message after the ticket's cursor up to its own, in order: a later turn
 * finds them done. What a stopped or dead process owed, the recurring sweep offers again, so every message gets its
 * turn once. The same turn runs the core stages around the engines (inbound-stages.ts: working hours before them, the
 * queue menu when none took the message), so the automation and the engines never answer one message at once.
 * Without engines or stages, nothing is subscribed.
 */
export function wireBots(root: AwilixContainer<Cradle>, bus: EventBus): void {
  const { botEngines, botTurns, inboundStages, jobsHost, logger, orm } = root.cradle;
  if (!botEngines.size && !inboundStages.size) return;
  const log = logger.child({ part: 'bots' });
  const owed = new OwedTurns(orm, log, (companyId, ticketId, messageId) =>
    botTurns.offer(companyId, ticketId, messageId),
  );
  const batches = new TurnBatches(orm, log, LEASE_SECONDS);
  botTurns.start((companyId, ticketId, messageId) =>
    dispatch(root, log, batches, companyId, ticketId, messageId),
  );
  jobsHost.register({
    name: BOT_SWEEP_JOB,
    every: '1 minute',
    run: async (companyId, data) => {
      const grace = typeof data.graceSeconds === 'number' ? data.graceSeconds : SWEEP_GRACE_SECONDS;
      const offered = await owed.sweep(companyId, grace);
      if (offered) log.info({ companyId, offered }, 'owed bot turns offered again');
    },
  });
  // A contact's reaction (or one taken back) answers no bot: it is no text to route, and no turn is owed for it.
  bus.on('message.created', async (p) => {
    if (p.kind === 'inbound' && p.mediaType !== 'reactionMessage') owed.mark(p);
  });
}

/**
 * One turn: under the ticket's lease, every inbound message after the cursor up to `messageId`, oldest first. It ends
 * with one statement that records the cursor reached, lets go of the lease and, when the turn went through, settles
 * the owed turn (bot-owed.ts); a turn that failed leaves it owed, for the sweep to offer again. The lease and the end
 * go with other tickets' turns in one statement when they come together (turn-batches.ts).
 */
async function dispatch(
  root: AwilixContainer<Cradle>,
  logger: Logger,
  batches: TurnBatches,
  companyId: number,
  ticketId: number,
  messageId: number,
): Promise<void> {
  // The connection alone (the driver's): no entity manager is forked for it.
  const conn = root.cradle.orm.em.getConnection();
  const leased = await waitForLease(() => batches.lease(ticketId, messageId));
  if (!leased) throw new Error(`bots: ticket ${ticketId} stayed leased`);
  let reached = 0;
  let settled = 0;
  try {
    const scope = createRequestScope(root, companyId).cradle;
    // The ticket as the lease's statement left it (as the company's own read would find it: the tenant's rows only),
    // with its messages after the cursor, contact, connection and settings read by that same statement.
    const turn = primeTurn(scope, companyId, leased);
    if (turn) {
      const { ticket } = turn;
      let changed = false;
      for (const { id, body } of turn.messages) {
        // The first message finds the ticket just read. A later one reads it again when the last message's handling may
        // have changed it, in the statement that keeps the progress, should a later message fail (one round trip, not
        // two). A handling that sent no statement and ran no engine changed nothing and has nothing to redo: the next
        // message goes on with the ticket as it is (issue 30: most messages of a busy ticket change nothing).
        if (changed) {
          const [row] = await conn.execute<Record<string, unknown>[]>(
            'update tickets set bot_cursor = ? where id = ? returning *',
            [reached, ticketId],
          );
          if (row) scope.em.map(Ticket, row);
          else await scope.em.refresh(ticket);
        }
        const handled = await watchStatements(() =>
          handleOne(scope, logger, companyId, ticket, turn.contact, id, body),
        );
        changed = handled.result === 'engines-ran' || handled.statements > 0;
        reached = id;
      }
    }
    settled = messageId;
  } finally {
    await batches.settle(ticketId, settled, reached);
  }
}

/**
 * Runs `work` holding the ticket's lease, the one a turn holds: what the turn decides and what a timer of the same
 * ticket decides (modules/automation: the rating's expiry) never run at once, on any instance.
 * @example await withTicketLease(scope.em.getConnection(), ticketId, () => expire(ticket))
 */
export async function withTicketLease(
  conn: ReturnType<Cradle['em']['getConnection']>,
  ticketId: number,
  work: () => Promise<void>,
): Promise<void> {
  if (!(await acquireLease(conn, ticketId))) throw new Error(`bots: ticket ${ticketId} stayed leased`);
  try {
    await work();
  } finally {
    await conn.execute('update tickets set bot_lease_until = null where id = ?', [ticketId]);
  }
}

/** Longer than any engine call (60 s at most) and the outcome's writes: a dead instance's lease lapses after it. */
const LEASE_SECONDS = 90;

/** Takes the ticket's lease, waiting while another call (here or on another instance) holds it. */
export async function acquireLease(
  conn: ReturnType<Cradle['em']['getConnection']>,
  ticketId: number,
): Promise<boolean> {
  const take = async () => (await conn.execute<object[]>(LEASE, [LEASE_SECONDS, ticketId]))[0] ?? null;
  return (await waitForLease(take)) !== null;
}

/**
 * Asks `take` for a lease until it answers one (the row it took) or a lease's whole lifetime has passed (null), waiting
 * longer each time.
 */
async function waitForLease<T>(take: () => Promise<T | null>): Promise<T | null> {
  const deadline = Date.now() + (LEASE_SECONDS + 10) * 1000;
  for (let wait = 20; Date.now() < deadline; wait = Math.min(wait * 2, 500)) {
    const taken = await take();
    if (taken) return taken;
    await new Promise((r) => setTimeout(r, wait));
  }
  return null;
}

/**
 * One inbound message: the stages before engines (working hours), then the engine holding the ticket or the first that
 * wants it, its outcome applied; when no engine took it, the default routing (greeting and queue menu). Says whether
 * an engine's code ran ('engines-ran': it may have changed the ticket through other ways than this turn's statements).
 */
async function handleOne(
  scope: Cradle,
  logger: Logger,
  companyId: number,
  ticket: ITicket,
  primed: TurnContact | null,
  messageId: number,
  body: string,
): Promise<'engines-ran' | 'no-engine'> {
  // The contact the lease statement read; read again only if the ticket has moved to another contact meanwhile.
  const contact: TurnContact | null =
    primed?.id === ticket.contactId ? primed : await scope.em.findOne(Contact, { id: ticket.contactId });
  if (!contact || ticket.status === 'closed') return 'no-engine';
  const stages = scope.inboundStages.list();
  const ctx = async (): Promise<InboundContext> => ({
    scope,
    companyId,
    ticket,
    contact,
    messageId,
    body,
  });
  for (const stage of stages) {
    if (!stage.beforeEngines) continue;
    if ((await runStage(logger, stage.name, () => ctx().then((c) => stage.beforeEngines?.(c)))) === 'stop')
      return 'no-engine';
  }
  const offer = await offerToEngines(scope, logger, companyId, ticket, contact, messageId);
  if (offer === 'took') return 'engines-ran';
  // The ticket was read for this message, and the stages before engines write it through this entity manager: read it
  // again only when an engine's code ran meanwhile (its call may last seconds, its pass writes through its actions),
  // and before each later stage (issue 30: one statement per ingested message).
  let fresh = offer === 'untouched';
  for (const stage of stages) {
    if (!stage.defaultRouting) continue;
    if (!fresh) await scope.em.refresh(ticket);
    fresh = false;
    await runStage(logger, stage.name, () => ctx().then((c) => stage.defaultRouting?.(c)));
  }
  return offer === 'untouched' ? 'no-engine' : 'engines-ran';
}

/** A stage that fails is logged and skipped: the message still reaches the engines and the next stages. */
async function runStage<T>(logger: Logger, name: string, run: () => Promise<T>): Promise<T | undefined> {
  try {
    return await run();
  } catch (err) {
    logger.warn(
      { stage: name, err: err instanceof Error ? err.message : String(err) },
      'inbound stage failed',
    );
    return undefined;
  }
}

/**
 * What offering a message to the engines came to: an engine took it (answered, held, handed off, closed or failed), or
 * none did after an engine's code ran ('asked': the ticket may have changed meanwhile), or without any ('untouched').
 */
type Offer = 'took' | 'asked' | 'untouched';

/**
 * Offers the message to the engines (Offer says what came of it): the engine holding the ticket, else the one the admin
 * selected (option > queue > connection), else the first volunteer (bot-selection.ts); a held or selected engine that
 * is gone hands the ticket to humans.
 */
async function offerToEngines(
  scope: Cradle,
  logger: Logger,
  companyId: number,
  ticket: ITicket,
  contact: { disableBot: boolean },
  messageId: number,
): Promise<Offer> {
  if (!offeredToBots(ticket, contact)) return 'untouched';
  const { botEngines, planGate } = scope;
  const held = ticket.botEngine ? botEngines.find(ticket.botEngine) : undefined;
  if (ticket.botEngine && (!held || !(await botEngines.allows(planGate, companyId, held)))) {
    // The engine left (plugin removed, plan changed): humans take over rather than the conversation stalling.
    const failure = new BotFailure('error', 'o robô não está mais disponível');
    await handToHumansAfterFailure(scope, logger, companyId, ticket, ticket.botEngine, failure);
    return 'took';
  }
  if (!botEngines.size) return 'untouched';
  // What the engine sees, read once and only when an engine may take the message (pickEngine).
  let reading: Promise<TurnInput | null> | undefined;
  const turn = () => {
    reading ??= readTurn(scope, companyId, ticket, messageId);
    return reading;
  };
  const pick = held
    ? { engine: held, selection: await selectionOfHeld(scope, ticket, held.key) }
    : await pickEngine(scope, companyId, ticket, turn);
  if (pick === 'gone') return 'took';
  // None picked: a volunteer's `wants` may have been asked (bot-selection.ts chooseEngine).
  if (!pick) return botEngines.hasVolunteers ? 'asked' : 'untouched';
  // Whatever was picked, a ticket, contact or message gone meanwhile ends the turn here.
  const input = await turn();
  if (!input) return 'took';
  if ('unavailable' in pick) {
    // The admin's choice cannot be honoured (plugin removed, plan changed): humans take over, nobody else guesses.
    const failure = new BotFailure('error', 'o robô escolhido não está disponível');
    await handToHumansAfterFailure(scope, logger, companyId, ticket, pick.unavailable, failure);
    return 'took';
  }
  const { engine, selection } = pick;
  try {
    const outcome = await runEngine(scope, companyId, engine, input, selection);
    // An attendant may have taken the ticket (or someone closed it) while the engine worked: theirs wins.
    await scope.em.refresh(ticket);
    if (ticket.status === 'closed' || withHumans(ticket)) return 'took';
    const actions = scope.ticketBotActions;
    if (outcome.type === 'reply-sent' || outcome.type === 'continue') await actions.hold(ticket, engine.key);
    else if (outcome.type === 'pass') {
      await actions.release(ticket);
      return 'asked';
    } else if (outcome.type === 'close') await actions.close(ticket, engine.key);
    else await actions.handoff(ticket, engine.key, { queueId: outcome.queueId, userId: outcome.userId });
  } catch (err) {
    const failure =
      err instanceof BotFailure
        ? err
        : new BotFailure('error', err instanceof Error ? err.message : String(err));
    await scope.em.refresh(ticket);
    if (ticket.status === 'closed' || withHumans(ticket)) return 'took';
    await handToHumansAfterFailure(scope, logger, companyId, ticket, engine.key, failure);
  }
  return 'took';
}
