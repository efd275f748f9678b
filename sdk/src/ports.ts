import type { EntityManager } from '@mikro-orm/postgresql';
import type { ConversationsPort } from './conversations-port.js';
import type {
  ContactsPort,
  MediaPort,
  MessagesPort,
  QueuesPort,
  TicketsPort,
  UsersPort,
} from './domain-ports.js';
import type { DomainEvents } from './events.js';
import type { HttpPort } from './http-port.js';
import type { GuestAuthenticator, RealtimeEnvelope, RoomAuthorizer } from './realtime.js';
import type { ConfigPort, ConnectionsPort } from './sessions.js';
import type { CompanySettingKey } from './settings.js';
import type { SpreadsheetsPort } from './spreadsheets.js';
import type { TagsPort } from './tags-port.js';
import type { TextsPort } from './texts.js';
import type { ViewerPort } from './viewer-port.js';

/** Structured logger (pino-compatible). @example logger.info({ ticketId }, 'ticket closed') */
export interface Logger {
  debug(obj: object | string, msg?: string): void;
  info(obj: object | string, msg?: string): void;
  warn(obj: object | string, msg?: string): void;
  error(obj: object | string, msg?: string): void;
  child(bindings: Record<string, unknown>): Logger;
}

/** Pushes realtime frames to authorised sockets, across instances. @example await realtime.publish({ companyId, channel: companyChannel(companyId, 'tag'), data }) */
export interface RealtimePort {
  publish(envelope: RealtimeEnvelope): Promise<void>;
  /** Let sockets join `${kind}:${id}` rooms when `authorize` says yes. @example realtime.defineRoom('chat', (who, id) => chats.isMember(who, id)) */
  defineRoom(kind: string, authorize: RoomAuthorizer): void;
  /**
   * Lets non-users (web chat visitors) open `/ws?guest={kind}&…`; a guest socket receives only envelopes sent to the
   * room its authenticator answers, never company-wide events.
   * @example realtime.defineGuest('webchat', async (q) => ({ companyId, room: `webchat:${id}:${q.get('visitorId')}` }))
   */
  defineGuest(kind: string, authenticate: GuestAuthenticator): void;
}

/** Data every tenant-scoped job carries. @example { companyId: 1 } */
export interface TenantJobData {
  companyId: number;
  [key: string]: unknown;
}

/**
 * How a scheduled job is kept. `uniqueKey`: the company's job of that name already scheduled with this key is replaced
 * (its time and data), not doubled — one reminder per ticket, whatever the number of times it is asked for.
 * @example { uniqueKey: `ticket-${ticketId}` }
 */
export interface ScheduleOptions {
  uniqueKey?: string;
}

/**
 * Enqueues the plugin's own jobs (names are local: 'greet' becomes 'hello:greet'), for the caller's company only. A job
 * with a `data` schema refuses data that does not fit it (400 ERR_VALIDATION). Both return the job's id, which
 * `cancel` takes.
 * @example await jobs.now('greet', { companyId, greetingId })
 * @example const id = await jobs.schedule('in 2 hours', 'remind', { companyId, ticketId }, { uniqueKey: `t${ticketId}` })
 */
export interface JobsPort {
  now(name: string, data: TenantJobData): Promise<string>;
  schedule(
    when: Date | string,
    name: string,
    data: TenantJobData,
    options?: ScheduleOptions,
  ): Promise<string>;
  /**
   * Removes one of the plugin's jobs of the caller's company that has not run yet. False when there is none by that id
   * (already run, cancelled, another plugin's or another company's: nothing is removed).
   * @example if (!(await jobs.cancel(id))) deps.logger.info({ id }, 'reminder already sent')
   */
  cancel(id: string): Promise<boolean>;
  /**
   * Background work yields to interactive requests: resolves at once when this server answers no HTTP request, else
   * when the last one in flight ends or after `atMostMs` (0 to 60,000; 400 ERR_VALIDATION otherwise), whichever comes
   * first — true when it was or became quiet, false when the bound ran out. Await it before each unit of a long job
   * (a campaign's send) so the work fills the gaps between requests; the bound keeps the job progressing (one unit
   * per `atMostMs` at worst) on a server that is never idle. Free when idle (no timer, no query). Only this process's
   * requests count: on a worker-only instance it always resolves at once.
   * @example for (const row of rows) { await jobs.quiet(250); await send(row); }
   */
  quiet(atMostMs: number): Promise<boolean>;
}

/** Reads company settings. @example if (await settings.isEnabled(companyId, 'requiredTag')) … */
export interface SettingsPort {
  get(companyId: number, key: CompanySettingKey): Promise<string | null>;
  isEnabled(companyId: number, key: CompanySettingKey): Promise<boolean>;
}

/** Emits domain events after commit; subscribers of plugins without the tenant's plan flag are skipped. @example await events.emit('user.login', { companyId, userId }) */
export interface EventsPort {
  emit<K extends keyof DomainEvents>(event: K, payload: DomainEvents[K]): Promise<void>;
}

/**
 * Everything core offers to plugins; a plugin sees only the keys it lists in `requires`. Every port is bound to the
 * caller's company: ids and objects passed in are handles looked up inside it, and a `companyId` passed to `settings`,
 * `jobs`, `events` or `realtime.publish` must be that company's (403 ERR_NO_PERMISSION otherwise, and wherever there is
 * no company). @example requires: ['em', 'logger']
 */
export interface CorePorts {
  /** Entity manager forked for this request or job, with the tenant filter set to the company. */
  em: EntityManager;
  logger: Logger;
  realtime: RealtimePort;
  jobs: JobsPort;
  settings: SettingsPort;
  events: EventsPort;
  conversations: ConversationsPort;
  /** Bound to the scope's company: not offered to public routes or onBoot, which have none. */
  tickets: TicketsPort;
  messages: MessagesPort;
  contacts: ContactsPort;
  /** The company's tags and kanban lanes, with how many contacts and tickets carry each. */
  tags: TagsPort;
  queues: QueuesPort;
  users: UsersPort;
  media: MediaPort;
  /** The company's connections, and the status reporter for the plugin's own channels. */
  connections: ConnectionsPort;
  /** The plugin's configuration for the company, encrypted at rest. */
  config: ConfigPort;
  /** The only way out to other servers: timeouts, retries, size limits, no private addresses (see {@link HttpPort}). */
  http: HttpPort;
  /** The platform's bounded spreadsheet reader, for the company (one sheet at a time per company). */
  spreadsheets: SpreadsheetsPort;
  /** The shell's texts (error messages) in a language, for files a plugin writes for people; see {@link TextsPort}. */
  texts: TextsPort;
  /** Reads as the signed-in user of the request (visibility and LGPD masking as core's REST); see {@link ViewerPort}. */
  viewer: ViewerPort;
  /** The company's service hours as core applies them to a ticket, and its wall clock; see {@link HoursPort}. */
  hours: HoursPort;
  /** Statements run prepared, their parameters apart from the text: for a plugin's hot statements; see {@link SqlPort}. */
  sql: SqlPort;
}

/**
 * A plugin's hot statements (a burst's batch, a read every message makes), prepared: PostgreSQL parses and plans the
 * text once per pooled connection, and the parameters travel apart from it. `em.execute` writes them into the text, so
 * each call is parsed and planned anew and a JSON parameter is escaped into a second copy of itself. `?` placeholders
 * (never inside a string literal); the text must not vary (its parameters do), or each text becomes a statement on
 * every connection. Like `em.execute`, raw SQL is not tenant-filtered: scope it by the company yourself. Inside a
 * transaction of the `em` port, it runs on that transaction's connection. Rows come as `em.execute` answers them.
 * @example const rows = await sql.rows<{ i: number }>('select a.i from jsonb_to_recordset(?::jsonb) as a(i int)', [JSON.stringify(asks)])
 */
export interface SqlPort {
  rows<R extends object = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<R[]>;
}

/**
 * Where a ticket stands against the service hours that apply to it now (the company setting `scheduleType`: the
 * company's, its connection's or its queue's weekly rows; `disabled`: never outside), as the working-hours automation
 * judges it, and the company's wall clock at that moment (the time business rules read, which tests may set).
 * @example { outOfHours: true, weekday: 'sunday', time: '22:15' }
 */
export interface TicketHours {
  outOfHours: boolean;
  /** The company's weekday now, as schedules key it ('monday'…'sunday'). */
  weekday: string;
  /** The company's time of day now, HH:MM. */
  time: string;
}

/**
 * The company's own weekly schedule (its service hours, whatever `scheduleType` tickets use) against its wall clock now:
 * for work the company paces by its business hours and days (a campaign's send window, a daily cap).
 * @example { open: false, weekday: 'sunday', time: '22:15', date: '2026-11-22', now, nextOpening: <Mon 08:00>, nextDay: <Mon 00:00> }
 */
export interface CompanyHours {
  /** Open now by the company's weekly rows (no schedule set, or no row for today: open). */
  open: boolean;
  /** The company's weekday now ('monday'…'sunday'). */
  weekday: string;
  /** The company's time of day now, HH:MM. */
  time: string;
  /** The company's calendar date now, YYYY-MM-DD. */
  date: string;
  /** The clock's now (tests may set it): wait times are measured from it. */
  now: Date;
  /** When the schedule next opens; null while open, or when no day of the week opens. */
  nextOpening: Date | null;
  /** Midnight starting the company's next calendar day. */
  nextDay: Date;
}

/** Service hours for plugins (bound to the scope's company). @example const h = await hours.ofTicket(ticketId); if (h?.outOfHours) … */
export interface HoursPort {
  /** Null for a ticket the company does not have. */
  ofTicket(ticketId: number): Promise<TicketHours | null>;
  /** The company's own schedule and calendar now; see {@link CompanyHours}. @example if (!(await hours.ofCompany()).open) … */
  ofCompany(): Promise<CompanyHours>;
}

/** A key of {@link CorePorts}. @example const k: PortKey = 'em'; */
export type PortKey = keyof CorePorts;
