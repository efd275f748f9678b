import {
  AppError,
  CHATBOT_MAX_DEPTH,
  CHATBOT_MAX_OPTIONS,
  type ChatbotCreateInput,
  type ChatbotDto,
  type ChatbotNodeInput,
  type ChatbotUpdateInput,
  type EventsPort,
} from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { BotEngineRegistry } from '../../bots/bot-engine-registry.js';
import type { PlanGate } from '../../plans/plan-gate.js';
import { Queue } from '../queue.entity.js';
import { Chatbot, type IChatbot } from './chatbot.entity.js';
import {
  assertChatbotEngines,
  assertChatbotTargets,
  chatbotColumns,
  descendantsOf,
  replaceChatbotTree,
  toChatbotTrees,
} from './chatbot-tree.js';

declare module '../../../kernel/container.js' {
  interface Cradle {
    chatbots: ChatbotsService;
  }
}

const notFound = () => new AppError('ERR_NO_CHATBOT_FOUND', 404);
const messageRequired = () =>
  new AppError('ERR_VALIDATION', 400, {
    fields: [{ path: 'greetingMessage', message: 'ERR_CHATBOT_MESSAGE_REQUIRED' }],
  });

const depthOf = (nodes: readonly ChatbotNodeInput[]): number =>
  nodes.length ? 1 + Math.max(...nodes.map((n) => depthOf(n.options))) : 0;
const countOf = (nodes: readonly ChatbotNodeInput[]): number =>
  nodes.reduce((n, node) => n + 1 + countOf(node.options), 0);

/**
 * One chatbot option at a time (`/api/chatbot`, spec part 2 §7): read an option with its subtree, add one under a
 * queue or an option, change one (and, when sent, its subtree), delete one with everything under it. The queue's
 * realtime frame goes out after each change. The whole tree at once goes through PUT /queue/{id}.
 */
export class ChatbotsService {
  private readonly em: EntityManager;
  private readonly events: EventsPort;
  private readonly botEngines: BotEngineRegistry;
  private readonly planGate: PlanGate;

  constructor(deps: {
    em: EntityManager;
    events: EventsPort;
    botEngines: BotEngineRegistry;
    planGate: PlanGate;
  }) {
    this.em = deps.em;
    this.events = deps.events;
    this.botEngines = deps.botEngines;
    this.planGate = deps.planGate;
  }

  /** Integration options name engines the company may select (ERR_BOT_ENGINE_UNAVAILABLE otherwise). */
  private assertEngines(companyId: number, nodes: readonly ChatbotNodeInput[]): Promise<void> {
    return assertChatbotEngines(
      (key, path) => this.botEngines.assertSelectable(this.planGate, companyId, key, path),
      nodes,
      'chatbot',
    );
  }

  async get(id: number): Promise<ChatbotDto> {
    const row = await this.find(id);
    return this.tree(row);
  }

  async create(companyId: number, input: ChatbotCreateInput): Promise<ChatbotDto> {
    const { queueId: rootOf, chatbotId, options = [], ...fields } = input;
    const parent = chatbotId ? await this.find(chatbotId) : null;
    const queueId = parent?.queueId ?? (rootOf as number);
    if (!parent && !(await this.em.count(Queue, { id: queueId })))
      throw new AppError('ERR_NO_QUEUE_FOUND', 404);
    if (parent && !parent.greetingMessage) throw messageRequired();
    const rows = await this.em.find(Chatbot, { queueId });
    const level = parent ? this.levelOf(parent, rows) + 1 : 1;
    this.assertRoom(rows.length, level, options, 1);
    await assertChatbotTargets(this.em, companyId, [{ ...fields, options }], 'chatbot');
    await this.assertEngines(companyId, [{ ...fields, options }]);
    const created = await this.em.transactional(async (em) => {
      const siblings = rows.filter((r) => (r.parentId ?? null) === (parent?.id ?? null));
      const position = siblings.reduce((max, r) => Math.max(max, r.position + 1), 0);
      const row = em.create(Chatbot, {
        ...chatbotColumns(fields),
        companyId,
        queueId,
        parentId: parent?.id ?? null,
        position,
      });
      await em.flush();
      if (options.length)
        await replaceChatbotTree(em, { companyId, queueId, parentId: row.id }, options, 'options');
      return row;
    });
    await this.announce(companyId, queueId);
    return this.get(created.id);
  }

  async update(id: number, input: ChatbotUpdateInput): Promise<ChatbotDto> {
    const row = await this.find(id);
    const { options, ...fields } = input;
    const rows = await this.em.find(Chatbot, { queueId: row.queueId });
    const hasChildren = options ? options.length > 0 : rows.some((r) => r.parentId === id);
    if (hasChildren && !fields.greetingMessage?.trim()) throw messageRequired();
    if (options) {
      const replaced = descendantsOf(rows, id).length;
      this.assertRoom(rows.length - replaced - 1, this.levelOf(row, rows), options, 1);
    }
    await assertChatbotTargets(this.em, row.companyId, [{ ...fields, options: options ?? [] }], 'chatbot');
    await this.assertEngines(row.companyId, [{ ...fields, options: options ?? [] }]);
    await this.em.transactional(async (em) => {
      em.assign(row, chatbotColumns(fields));
      await em.flush();
      if (options)
        await replaceChatbotTree(
          em,
          { companyId: row.companyId, queueId: row.queueId, parentId: id },
          options,
          'options',
        );
    });
    await this.announce(row.companyId, row.queueId);
    return this.get(id);
  }

  /** Deletes the option and everything under it (the parent link cascades). */
  async remove(id: number): Promise<void> {
    const row = await this.find(id);
    await this.em.nativeDelete(Chatbot, { id });
    await this.announce(row.companyId, row.queueId);
  }

  private async find(id: number): Promise<IChatbot> {
    const row = await this.em.findOne(Chatbot, { id });
    if (!row) throw notFound();
    return row;
  }

  private async tree(row: IChatbot): Promise<ChatbotDto> {
    const rows = await this.em.find(Chatbot, { queueId: row.queueId }, { refresh: true });
    const [dto] = toChatbotTrees([row, ...descendantsOf(rows, row.id)], row.parentId ?? null);
    if (!dto) throw notFound();
    return dto;
  }

  /** The level of an option (a root option is level 1). */
  private levelOf(row: IChatbot, rows: readonly IChatbot[]): number {
    const byId = new Map(rows.map((r) => [r.id, r]));
    let level = 1;
    for (let at = row; at.parentId; level++) at = byId.get(at.parentId) as IChatbot;
    return level;
  }

  /** The same limits as the tree schema, for a subtree placed at `level` among `others` options. */
  private assertRoom(others: number, level: number, options: ChatbotNodeInput[], self: number): void {
    if (level + depthOf(options) > CHATBOT_MAX_DEPTH)
      throw new AppError('ERR_VALIDATION', 400, { fields: [{ path: 'options', message: 'Too deep' }] });
    if (others + self + countOf(options) > CHATBOT_MAX_OPTIONS)
      throw new AppError('ERR_VALIDATION', 400, {
        fields: [{ path: 'options', message: 'Too many options' }],
      });
  }

  private announce(companyId: number, queueId: number): Promise<void> {
    return this.events.emit('queue.updated', { companyId, queueId });
  }
}
