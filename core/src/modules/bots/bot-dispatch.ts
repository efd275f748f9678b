import type { DomainEvents, Logger } from '@balcao/sdk';
import type { AwilixContainer } from 'awilix';
import type { EventBus } from '../../events/event-bus.js';
import { type Cradle, createRequestScope } from '../../kernel/container.js';
import { Contact } from '../contacts/contact.entity.js';
import { Message } from '../messages/message.entity.js';
import { type ITicket, Ticket } from '../tickets/ticket.entity.js';
import {
  BotFailure,
  chooseEngine,
  handToHumansAfterFailure,
  offeredToBots,
  readTurn,
  runEngine,
  withHumans,
} from './bot-turn.js';
import type { InboundContext } from './inbound-stages.js';

/** The recurring job that offers again the turns a stopped or dead process left owed (`bot_due` past `bot_cursor`). */
export const BOT_SWEEP_JOB = 'bots:sweep';

/** A turn owed for less than this is left to the process that stored the message (it is running it, or about to). */
const SWEEP_GRACE_SECONDS = 30;

/** A turn owed for longer than this is given up: the contact's message waits for the attendants like any other. */
const SWEEP_HORIZON_HOURS = 24;

/**
 * The bots module (ARCHITECTURE "The plugin contract", bot engines). An inbound message of a ticket nobody attends
 * marks the ticket as owed a turn (`bot_due`, in the statement that reads the ticket) and is offered to this
 * process's turns (bot-turns.ts), so a slow engine never holds up ingest. A turn takes the ticket's lease (one engine
 * call per ticket at a time, across instances) and deals with every inbound message after the ticket's cursor up to
 * its own, in order: a later turn finds them done. What a stopped or dead process owed, the recurring sweep offers
 * again, so every message gets its turn once. The same turn runs the core stages around the engines
 * (inbound-stages.ts: working hours before them, the queue menu when none took the message), so the automation and
 * the engines never answer one message at once. Without engines or stages, nothing is subscribed.
 */
export function wireBots(root: AwilixContainer<Cradle>, bus: EventBus): void {
  const { botEngines, botTurns, inboundStages, jobsHost, logger } = root.cradle;
  if (!botEngines.size && !inboundStages.size) return;
  const log = logger.child({ part: 'bots' });
  botTurns.start((companyId, ticketId, messageId) => dispatch(root, log, companyId, ticketId, messageId));
  jobsHost.register({
    name: BOT_SWEEP_JOB,
    every: '1 minute',
    run: async (companyId, data) => {
      const grace = typeof data.graceSeconds === 'number' ? data.graceSeconds : SWEEP_GRACE_SECONDS;
      const offered = await sweep(root, companyId, grace);
      if (offered) log.info({ companyId, offered }, 'owed bot turns offered again');
    },
  });
  bus.on('message.created', (p) => owe(root, p));
}

/** Marks the ticket of an inbound message as owed a turn, unless an attendant has it, and offers the turn here. */
async function owe(root: AwilixContainer<Cradle>, p: DomainEvents['message.created']): Promise<void> {
  if (p.kind !== 'inbound') return;
  const conn = root.cradle.orm.em.fork().getConnection();
  // An attendant has it (open/group with a user): neither engines nor the automation answer for them.
  const [row] = await conn.execute<
    { status: string; user_id: number | null; bot_handoff_at: Date | null; disable_bot: boolean }[]
  >(
    `update tickets t set bot_due = greatest(coalesce(t.bot_due, 0), ?)
       from contacts c
      where t.id = ? and t.company_id = ? and c.id = t.contact_id and t.status <> 'closed'
        and not (t.status in ('open', 'group') and t.user_id is not null)
      returning t.status, t.user_id, t.bot_handoff_at, c.disable_bot`,
    [p.messageId, p.ticketId, p.companyId],
  );
  if (!row) return;
  const ticket = { status: row.status, userId: row.user_id, botHandoffAt: row.bot_handoff_at } as ITicket;
  if (!root.cradle.inboundStages.size && (withHumans(ticket) || row.disable_bot)) {
    // Not for an engine, now or later: past it, so a later message does not bring it back.
    await conn.execute('update tickets set bot_cursor = greatest(coalesce(bot_cursor, 0), ?) where id = ?', [
      p.messageId,
      p.ticketId,
    ]);
    return;
  }
  root.cradle.botTurns.offer(p.companyId, p.ticketId, p.messageId);
}

/**
 * Offers the turns the company's tickets are owed for more than `graceSeconds` (and less than SWEEP_HORIZON_HOURS),
 * whose lease nobody holds: what a process that stopped or died before running them left.
 */
export async function sweep(
  root: AwilixContainer<Cradle>,
  companyId: number,
  graceSeconds: number,
): Promise<number> {
  const rows = await root.cradle.orm.em
    .fork()
    .getConnection()
    .execute<{ id: string; bot_due: string }[]>(
      `select id, bot_due from tickets
        where company_id = ? and status <> 'closed' and bot_due > coalesce(bot_cursor, 0)
          and updated_at < now() - make_interval(secs => ?)
          and updated_at > now() - make_interval(hours => ?)
          and (bot_lease_until is null or bot_lease_until < now())
        order by updated_at limit 1000`,
      [companyId, graceSeconds, SWEEP_HORIZON_HOURS],
    );
  for (const row of rows) root.cradle.botTurns.offer(companyId, Number(row.id), Number(row.bot_due));
  return rows.length;
}

/** One turn: under the ticket's lease, every inbound message after the cursor up to `messageId`, oldest first. */
export async function dispatch(
  root: AwilixContainer<Cradle>,
  logger: Logger,
  companyId: number,
  ticketId: number,
  messageId: number,
): Promise<void> {
  await withTicketLease(root.cradle.orm.em.fork().getConnection(), ticketId, async () => {
    const scope = createRequestScope(root, companyId).cradle;
    const ticket = await scope.em.findOne(Ticket, { id: ticketId });
    const cursor = Number(ticket?.botCursor ?? 0);
    if (!ticket || messageId <= cursor) return;
    const rows = await scope.em.getConnection().execute<{ id: string }[]>(
      `select id from messages where ticket_id = ? and id > ? and id <= ? and not from_me and not is_private
        order by id`,
      [ticketId, cursor, messageId],
    );
    for (const { id } of rows) {
      await handleOne(scope, logger, companyId, ticket, Number(id));
      await scope.em
        .getConnection()
        .execute('update tickets set bot_cursor = ? where id = ?', [id, ticketId]);
    }
  });
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
async function acquireLease(
  conn: ReturnType<Cradle['em']['getConnection']>,
  ticketId: number,
): Promise<boolean> {
  const deadline = Date.now() + (LEASE_SECONDS + 10) * 1000;
  for (let wait = 20; Date.now() < deadline; wait = Math.min(wait * 2, 500)) {
    const taken = await conn.execute<{ id: number }[]>(
      `update tickets set bot_lease_until = now() + make_interval(secs => ?)
        where id = ? and (bot_lease_until is null or bot_lease_until < now()) returning id`,
      [LEASE_SECONDS, ticketId],
    );
    if (taken.length) return true;
    await new Promise((r) => setTimeout(r, wait));
  }
  return false;
}

/**
 * One inbound message: the stages before engines (working hours), then the engine holding the ticket or the first that
 * wants it, its outcome applied; when no engine took it, the default routing (greeting and queue menu).
 */
async function handleOne(
  scope: Cradle,
  logger: Logger,
  companyId: number,
  ticket: ITicket,
  messageId: number,
): Promise<void> {
  await scope.em.refresh(ticket);
  const contact = await scope.em.findOne(Contact, { id: ticket.contactId });
  if (!contact || ticket.status === 'closed') return;
  const stages = scope.inboundStages.list();
  const ctx = async (): Promise<InboundContext> => ({
    scope,
    companyId,
    ticket,
    contact,
    messageId,
    body: (await scope.em.findOne(Message, { id: messageId }))?.body ?? '',
  });
  for (const stage of stages) {
    if (!stage.beforeEngines) continue;
    if ((await runStage(logger, stage.name, () => ctx().then((c) => stage.beforeEngines?.(c)))) === 'stop')
      return;
  }
  if (await offerToEngines(scope, logger, companyId, ticket, contact, messageId)) return;
  for (const stage of stages) {
    if (!stage.defaultRouting) continue;
    await scope.em.refresh(ticket);
    await runStage(logger, stage.name, () => ctx().then((c) => stage.defaultRouting?.(c)));
  }
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

/** Offers the message to the engines; true when one took it (answered, held, handed off, closed or failed). */
async function offerToEngines(
  scope: Cradle,
  logger: Logger,
  companyId: number,
  ticket: ITicket,
  contact: { disableBot: boolean },
  messageId: number,
): Promise<boolean> {
  if (!offeredToBots(ticket, contact)) return false;
  const { botEngines, planGate } = scope;
  const held = ticket.botEngine ? botEngines.find(ticket.botEngine) : undefined;
  if (ticket.botEngine && (!held || !(await botEngines.allows(planGate, companyId, held)))) {
    // The engine left (plugin removed, plan changed): humans take over rather than the conversation stalling.
    const failure = new BotFailure('error', 'o robô não está mais disponível');
    await handToHumansAfterFailure(scope, logger, companyId, ticket, ticket.botEngine, failure);
    return true;
  }
  if (!botEngines.size) return false;
  const turn = await readTurn(scope, companyId, ticket, messageId);
  if (!turn) return true;
  const engine =
    held ?? (await chooseEngine(scope, companyId, turn, await botEngines.allowedFor(planGate, companyId)));
  if (!engine) return false;
  try {
    const outcome = await runEngine(scope, companyId, engine, turn);
    // An attendant may have taken the ticket (or someone closed it) while the engine worked: theirs wins.
    await scope.em.refresh(ticket);
    if (ticket.status === 'closed' || withHumans(ticket)) return true;
    const actions = scope.ticketBotActions;
    if (outcome.type === 'reply-sent' || outcome.type === 'continue') await actions.hold(ticket, engine.key);
    else if (outcome.type === 'pass') {
      await actions.release(ticket);
      return false;
    } else if (outcome.type === 'close') await actions.close(ticket, engine.key);
    else await actions.handoff(ticket, engine.key, { queueId: outcome.queueId, userId: outcome.userId });
  } catch (err) {
    const failure =
      err instanceof BotFailure
        ? err
        : new BotFailure('error', err instanceof Error ? err.message : String(err));
    await scope.em.refresh(ticket);
    if (ticket.status === 'closed' || withHumans(ticket)) return true;
    await handToHumansAfterFailure(scope, logger, companyId, ticket, engine.key, failure);
  }
  return true;
}
