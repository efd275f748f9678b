import type { ContactDto, MessageDto, TicketDto } from './dto-attendance.js';
import type { PlanFlag } from './plans.js';

// The bot-engine extension point (ARCHITECTURE "The plugin contract"): before default routing, an engine a plugin
// contributes (chatbot trees, Typebot, n8n, a webhook, Dialogflow, OpenAI) may take the inbound messages of a ticket.
// Core's bots module chooses the engine, serialises its calls per ticket, times them out and applies the outcome.

/** Default time an engine has to answer one message. */
export const BOT_ENGINE_DEFAULT_TIMEOUT_MS = 10_000;
/** The longest time an engine may ask for; longer values are cut to this. */
export const BOT_ENGINE_MAX_TIMEOUT_MS = 60_000;

/**
 * What an engine decides after one message:
 * - `reply-sent` / `continue`: the engine keeps the conversation (it answered, or waits for more); the next inbound
 *   message of the ticket comes to it again;
 * - `handoff`: to humans — the ticket leaves the bot and waits (pending) in `queueId`, or opens for `userId`;
 * - `close`: the conversation is over; the ticket closes (no farewell: the engine says goodbye itself);
 * - `pass`: the engine gives the conversation back and default routing applies, as if no engine had seen it.
 * @example return { type: 'handoff', queueId: 3 }
 */
export type BotOutcome =
  | { type: 'reply-sent' }
  | { type: 'continue' }
  | { type: 'handoff'; queueId?: number; userId?: number }
  | { type: 'close' }
  | { type: 'pass' };

/**
 * Where the admin chose the engine that takes a ticket, in precedence order: the chatbot option of type integration
 * the contact picked, the ticket's queue, its connection; `volunteer`: nobody chose it, its `wants` answered true.
 * `id` is the option's, queue's or connection's (null for a volunteer); `integrationId` and `promptId` are the
 * settings records stored with that choice (the option's `optIntegrationId`; the queue's or connection's
 * `integrationId` and `promptId`), for the engine to read its own settings by.
 * @example if (selection.by === 'queue') config = await deps.store.get(`queue-${selection.id}`)
 */
export interface BotSelection {
  by: 'chatbot-option' | 'queue' | 'connection' | 'volunteer';
  id: number | null;
  integrationId: number | null;
  promptId: number | null;
}

/**
 * One call of an engine: the inbound message, its ticket and contact as of now, the plugin's own deps (only the ports
 * it lists in `requires`, bound to the ticket's company), what selected the engine, and a signal aborted when the call
 * timed out.
 * @example async handle({ message, ticket, deps }) { await deps.messages.send({ ticketId: ticket.id, body: message.body }) }
 */
export interface BotTurn<D> {
  message: MessageDto;
  ticket: TicketDto;
  contact: ContactDto;
  deps: D;
  /** Who chose this engine for the ticket, with the settings stored with that choice ({@link BotSelection}). */
  selection: BotSelection;
  /** Aborted when the host gave up on this call (timeout): stop work and send nothing more. */
  signal: AbortSignal;
}

/**
 * A bot engine a plugin contributes (`contributes.botEngines`), registered under the key `plugin:name`. The bots module
 * offers an inbound message of a ticket nobody attends (no attendant has it open, it was not handed to humans, the
 * contact's bot is not disabled) to the engine that holds the ticket; when none holds it, to the engine the admin
 * selected, in precedence order: the chatbot option of type integration the contact picked, the ticket's queue, its
 * connection (`GET /api/bot-engines` lists the keys to choose from). When none was selected, to the first volunteer:
 * an engine with `wants`, selected nowhere in the company, in plugin load order (dependsOn, then declaration) and then
 * the plugin's list order, whose `wants` answers true. The ticket remembers that engine
 * (persisted, so a restart resumes with it) until the engine hands off, closes or passes, or an attendant takes the
 * ticket. Calls for one ticket never overlap, across instances. A call that throws or exceeds `timeoutMs` hands the
 * ticket to humans (pending, with a private note saying why): a conversation is never lost.
 * @example
 * { name: 'echo', wants: () => true, async handle({ message, ticket, deps }) {
 *     await deps.messages.send({ ticketId: ticket.id, body: message.body });
 *     return { type: 'reply-sent' };
 * } }
 */
export interface BotEngine<D = unknown> {
  /** kebab-case, unique in the plugin; the ticket stores `plugin:name` while the engine holds it. */
  name: string;
  /** What the admin reads when choosing the engine (queue and connection dialogs); default `name`. */
  label?: string;
  /** Offered only to tenants whose plan has this flag (besides the plugin's own flag). */
  planFlag?: PlanFlag;
  /** Milliseconds one call may take; default {@link BOT_ENGINE_DEFAULT_TIMEOUT_MS}, at most {@link BOT_ENGINE_MAX_TIMEOUT_MS}. */
  timeoutMs?: number;
  /** Whether the engine also takes group tickets (default false: groups go straight to humans). */
  groups?: boolean;
  /**
   * Whether the engine volunteers for a ticket no engine holds and none was selected for; asked in the stable order
   * above, and only while no queue, connection or chatbot option of the company selects this engine. Without it, the
   * engine answers only the tickets the admin selected it for.
   */
  wants?(ticket: TicketDto, contact: ContactDto, deps: D): boolean | Promise<boolean>;
  /** Handles one inbound message of a ticket the engine holds and answers what happens next. */
  handle(turn: BotTurn<D>): Promise<BotOutcome>;
}

/**
 * A registered engine as `GET /api/bot-engines` lists it for the admin's company (only engines its plan allows): the
 * key the queue, connection and chatbot option dialogs store, the plugin and engine names, and the label to show.
 * @example { key: 'tour:faq', plugin: 'tour', name: 'faq', label: 'FAQ bot' }
 */
export interface BotEngineDto {
  key: string;
  plugin: string;
  name: string;
  label: string;
}
