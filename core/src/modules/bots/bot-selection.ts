import type { BotSelection } from '@balcao/sdk';
import type { Cradle } from '../../kernel/container.js';
import { connectionFacts } from '../connections/connection-facts.js';
import { Chatbot } from '../queues/chatbots/chatbot.entity.js';
import { Queue } from '../queues/queue.entity.js';
import type { ITicket } from '../tickets/ticket.entity.js';
import type { RegisteredBotEngine } from './bot-engine-registry.js';
import { chooseEngine, type TurnInput } from './bot-turn.js';

/** An engine the admin selected for the ticket, with where and the settings stored there. */
export interface Selected {
  key: string;
  selection: BotSelection;
}

/** What a volunteer (an engine nobody selected, whose `wants` said yes) is told. */
export const VOLUNTEER: BotSelection = { by: 'volunteer', id: null, integrationId: null, promptId: null };

/**
 * The selections that apply to the ticket, highest precedence first: the chatbot option of type integration that
 * handed the ticket to the engine holding it (queue-tree.ts keeps the option in `chatbotOptionId`), the ticket's
 * queue, its connection.
 */
export async function selectionsFor(scope: Cradle, ticket: ITicket): Promise<Selected[]> {
  const { em } = scope;
  const out: Selected[] = [];
  if (ticket.botEngine && ticket.chatbotOptionId != null) {
    const option = await em.findOne(Chatbot, { id: ticket.chatbotOptionId, queueType: 'integration' });
    if (option?.optBotEngine === ticket.botEngine)
      out.push({
        key: option.optBotEngine,
        selection: {
          by: 'chatbot-option',
          id: option.id,
          integrationId: option.optIntegrationId ?? null,
          promptId: null,
        },
      });
  }
  const queue = ticket.queueId != null ? await em.findOne(Queue, { id: ticket.queueId }) : null;
  if (queue?.botEngine)
    out.push({
      key: queue.botEngine,
      selection: {
        by: 'queue',
        id: queue.id,
        integrationId: queue.integrationId ?? null,
        promptId: queue.promptId ?? null,
      },
    });
  const conn = await connectionFacts(scope, ticket.companyId, ticket.whatsappId);
  if (conn?.botEngine)
    out.push({
      key: conn.botEngine,
      selection: {
        by: 'connection',
        id: conn.id,
        integrationId: conn.integrationId ?? null,
        promptId: conn.promptId ?? null,
      },
    });
  return out;
}

/** Every engine key a queue, connection or integration option of the company selects: these do not volunteer. */
export async function selectedKeys(scope: Cradle, companyId: number): Promise<Set<string>> {
  const rows = await scope.em.getConnection().execute<{ key: string }[]>(
    `select bot_engine as key from queues where company_id = ? and bot_engine is not null
     union select bot_engine from whatsapps where company_id = ? and bot_engine is not null
     union select opt_bot_engine from chatbots
      where company_id = ? and queue_type = 'integration' and opt_bot_engine is not null`,
    [companyId, companyId, companyId],
  );
  return new Set(rows.map((r) => r.key));
}

/**
 * The engine a turn goes to, and what selected it; `unavailable`: the one chosen is gone or not in the plan; `gone`:
 * the ticket, its contact or the message went away before the turn could be read.
 */
export type Pick =
  | { engine: RegisteredBotEngine; selection: BotSelection }
  | { unavailable: string }
  | 'gone'
  | undefined;

/**
 * Which engine takes the message of a ticket no engine holds: the selection of highest precedence (a group ticket
 * only when the engine takes groups; otherwise default routing), or, when nothing is selected, the first volunteer
 * in the stable order (an engine with `wants`, selected nowhere in the company, whose `wants` answers true).
 * `turn` reads what the engine would see; it is asked only when an engine may take the message (a company whose
 * engines are all selected ones pays no read for the messages no selection sends them).
 */
export async function pickEngine(
  scope: Cradle,
  companyId: number,
  ticket: ITicket,
  turn: () => Promise<TurnInput | null>,
): Promise<Pick> {
  const { botEngines, planGate } = scope;
  const [top] = await selectionsFor(scope, ticket);
  if (top) {
    const engine = botEngines.find(top.key);
    if (!engine || !(await botEngines.allows(planGate, companyId, engine))) return { unavailable: top.key };
    const input = await turn();
    if (!input) return 'gone';
    if (input.ticket.isGroup && !engine.engine.groups) return undefined;
    return { engine, selection: top.selection };
  }
  // No engine volunteers (none has `wants`): nothing to ask the database or the engines.
  if (!botEngines.hasVolunteers) return undefined;
  const selected = await selectedKeys(scope, companyId);
  const volunteers = (await botEngines.allowedFor(planGate, companyId)).filter(
    (e) => e.engine.wants && !selected.has(e.key),
  );
  if (!volunteers.length) return undefined;
  const input = await turn();
  if (!input) return 'gone';
  const engine = await chooseEngine(scope, companyId, input, volunteers);
  return engine && { engine, selection: VOLUNTEER };
}

/** What the engine holding the ticket is told: the selection naming it, if any (else it volunteered). */
export async function selectionOfHeld(scope: Cradle, ticket: ITicket, key: string): Promise<BotSelection> {
  return (await selectionsFor(scope, ticket)).find((s) => s.key === key)?.selection ?? VOLUNTEER;
}
