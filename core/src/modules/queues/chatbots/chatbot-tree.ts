import {
  AppError,
  type ChatbotDto,
  type ChatbotNodeInput,
  type ChatbotOptionType,
  type FieldError,
} from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Chatbot, type IChatbot } from './chatbot.entity.js';

/** The option without its options (the presenter adds those). */
const toRowDto = (row: IChatbot): ChatbotDto => ({
  id: row.id,
  queueId: row.queueId,
  parentId: row.parentId ?? null,
  position: row.position,
  name: row.name,
  greetingMessage: row.greetingMessage ?? null,
  queueType: row.queueType as ChatbotOptionType,
  optQueueId: row.optQueueId ?? null,
  optUserId: row.optUserId ?? null,
  optIntegrationId: row.optIntegrationId ?? null,
  optBotEngine: row.optBotEngine ?? null,
  optFileId: row.optFileId ?? null,
  closeTicket: row.closeTicket,
  options: [],
});

/** Rows (any order) as trees under `rootParentId`, siblings by position. */
export function toChatbotTrees(rows: readonly IChatbot[], rootParentId: number | null = null): ChatbotDto[] {
  const dtos = rows.map(toRowDto).sort((a, b) => a.position - b.position || a.id - b.id);
  const byId = new Map(dtos.map((d) => [d.id, d]));
  const roots: ChatbotDto[] = [];
  for (const dto of dtos) {
    if (dto.parentId === rootParentId) roots.push(dto);
    else byId.get(dto.parentId ?? -1)?.options.push(dto);
  }
  return roots;
}

/** The option trees of the given queues, one query. */
export async function loadChatbotTrees(
  em: EntityManager,
  queueIds: number[],
): Promise<Map<number, ChatbotDto[]>> {
  const rows = queueIds.length ? await em.find(Chatbot, { queueId: { $in: queueIds } }) : [];
  return new Map(queueIds.map((id) => [id, toChatbotTrees(rows.filter((r) => r.queueId === id))]));
}

/** Every option under `id` (not itself), from the rows of its queue. */
export function descendantsOf(rows: readonly IChatbot[], id: number): IChatbot[] {
  const out: IChatbot[] = [];
  let level = [id];
  while (level.length) {
    const children = rows.filter(
      (r) => r.parentId !== null && r.parentId !== undefined && level.includes(r.parentId),
    );
    out.push(...children);
    level = children.map((c) => c.id);
  }
  return out;
}

/** An option's own columns from its input: only the target its type uses is kept. */
export const chatbotColumns = (node: Omit<ChatbotNodeInput, 'options'>) => ({
  name: node.name,
  greetingMessage: node.greetingMessage?.trim() ? node.greetingMessage : null,
  queueType: node.queueType,
  optQueueId: node.queueType === 'queue' ? (node.optQueueId ?? null) : null,
  optUserId: node.queueType === 'attendent' ? (node.optUserId ?? null) : null,
  optIntegrationId: node.queueType === 'integration' ? (node.optIntegrationId ?? null) : null,
  optBotEngine: node.queueType === 'integration' ? (node.optBotEngine ?? null) : null,
  optFileId: node.queueType === 'file' ? (node.optFileId ?? null) : null,
  closeTicket: node.closeTicket,
});

const walk = (
  nodes: readonly ChatbotNodeInput[],
  path: string,
  visit: (node: ChatbotNodeInput, path: string) => void,
) =>
  nodes.forEach((node, i) => {
    visit(node, `${path}.${i}`);
    walk(node.options, `${path}.${i}.options`, visit);
  });

/**
 * Refuses targets that are not the company's (a queue, a user) with 400 naming each field at fault, e.g.
 * `chatbots.0.options.1.optQueueId`.
 */
export async function assertChatbotTargets(
  em: EntityManager,
  companyId: number,
  nodes: readonly ChatbotNodeInput[],
  path: string,
): Promise<void> {
  const wanted: { path: string; table: 'queues' | 'users'; id: number }[] = [];
  walk(nodes, path, (node, at) => {
    if (node.queueType === 'queue' && node.optQueueId)
      wanted.push({ path: `${at}.optQueueId`, table: 'queues', id: node.optQueueId });
    if (node.queueType === 'attendent' && node.optUserId)
      wanted.push({ path: `${at}.optUserId`, table: 'users', id: node.optUserId });
  });
  if (!wanted.length) return;
  const owned = new Set<string>();
  for (const table of ['queues', 'users'] as const) {
    const ids = [...new Set(wanted.filter((w) => w.table === table).map((w) => w.id))];
    if (!ids.length) continue;
    const rows = await em.execute<{ id: number }[]>(
      `select id from ${table} where company_id = ? and id in (?)`,
      [companyId, ids],
    );
    for (const r of rows) owned.add(`${table}:${r.id}`);
  }
  const fields: FieldError[] = wanted
    .filter((w) => !owned.has(`${w.table}:${w.id}`))
    .map((w) => ({ path: w.path, message: w.table === 'queues' ? 'Unknown queue' : 'Unknown user' }));
  if (fields.length) throw new AppError('ERR_VALIDATION', 400, { fields });
}

/** Checks one bot engine selection (`BotEngineRegistry.assertSelectable` bound to the company). */
export type EngineCheck = (key: string | null | undefined, path: string) => Promise<void>;

/** Refuses an integration option naming an engine the company may not select (ERR_BOT_ENGINE_UNAVAILABLE). */
export async function assertChatbotEngines(
  check: EngineCheck,
  nodes: readonly ChatbotNodeInput[],
  path: string,
): Promise<void> {
  const wanted: { key: string; path: string }[] = [];
  walk(nodes, path, (node, at) => {
    if (node.queueType === 'integration' && node.optBotEngine)
      wanted.push({ key: node.optBotEngine, path: `${at}.optBotEngine` });
  });
  for (const w of wanted) await check(w.key, w.path);
}

interface Scope {
  companyId: number;
  queueId: number;
  /** The option whose subtree is replaced; null: the queue's whole tree. */
  parentId: number | null;
}

/**
 * Makes the options under `scope` exactly `nodes`, in their order, inside the caller's transaction: options sent
 * with an id of this subtree are kept (and may move), new ones are added level by level (a child needs its parent's
 * id), the others are deleted with whatever is under them. An id from elsewhere is refused.
 */
export async function replaceChatbotTree(
  em: EntityManager,
  scope: Scope,
  nodes: ChatbotNodeInput[],
  path: string,
): Promise<void> {
  const queueRows = await em.find(Chatbot, { queueId: scope.queueId });
  const existing = scope.parentId === null ? queueRows : descendantsOf(queueRows, scope.parentId);
  const byId = new Map(existing.map((r) => [r.id, r]));
  const kept = new Set<number>();
  walk(nodes, path, (node, at) => {
    if (node.id === undefined) return;
    if (!byId.has(node.id))
      throw new AppError('ERR_VALIDATION', 400, {
        fields: [{ path: `${at}.id`, message: 'Unknown option' }],
      });
    kept.add(node.id);
  });
  let level: { node: ChatbotNodeInput; parent: () => number | null; position: number }[] = nodes.map(
    (node, position) => ({ node, parent: () => scope.parentId, position }),
  );
  while (level.length) {
    const next: typeof level = [];
    for (const { node, parent, position } of level) {
      const values = { ...chatbotColumns(node), parentId: parent(), position };
      const row = node.id
        ? em.assign(byId.get(node.id) as IChatbot, values)
        : em.create(Chatbot, {
            ...values,
            companyId: scope.companyId,
            queueId: scope.queueId,
          });
      for (const [i, child] of node.options.entries())
        next.push({ node: child, parent: () => row.id, position: i });
    }
    await em.flush();
    level = next;
  }
  const removed = existing.filter((r) => !kept.has(r.id)).map((r) => r.id);
  if (removed.length) await em.nativeDelete(Chatbot, { id: { $in: removed } });
}
