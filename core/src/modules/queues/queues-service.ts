import {
  AppError,
  defaultWeeklySchedule,
  type EventsPort,
  type QueueDetailDto,
  type QueueDto,
  type QueueInput,
} from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import { flushOrConflict, likeTerm } from '../../db/sql-helpers.js';
import { definedOnly } from '../../http/validate.js';
import type { BotEngineRegistry } from '../bots/bot-engine-registry.js';
import { Company } from '../companies/company.entity.js';
import { Plan } from '../plans/plan.entity.js';
import type { PlanGate } from '../plans/plan-gate.js';
import {
  assertChatbotEngines,
  assertChatbotTargets,
  loadChatbotTrees,
  replaceChatbotTree,
} from './chatbots/chatbot-tree.js';
import { type IQueue, Queue } from './queue.entity.js';
import { toQueueDetailDto, toQueueDto } from './queue-presenter.js';

declare module '../../kernel/container.js' {
  interface Cradle {
    queues: QueuesService;
  }
}

const nameTaken = () =>
  new AppError('ERR_VALIDATION', 409, { fields: [{ path: 'name', message: 'ERR_NAME_TAKEN' }] });
const colorTaken = () => new AppError('ERR_QUEUE_COLOR_ALREADY_EXISTS', 409);

/** Queues of the current tenant; the entity manager carries the tenant filter. */
export class QueuesService {
  private readonly events: EventsPort;
  private readonly em: EntityManager;
  private readonly botEngines: BotEngineRegistry;
  private readonly planGate: PlanGate;

  constructor(deps: {
    em: EntityManager;
    events: EventsPort;
    botEngines: BotEngineRegistry;
    planGate: PlanGate;
  }) {
    this.events = deps.events;
    this.em = deps.em;
    this.botEngines = deps.botEngines;
    this.planGate = deps.planGate;
  }

  /** Every queue of the company: by orderQueue (unset last), then name. A company has few queues. */
  async list(): Promise<QueueDto[]> {
    const rows = await this.em.find(
      Queue,
      {},
      { orderBy: { orderQueue: 'asc nulls last', name: 'asc', id: 'asc' } },
    );
    return rows.map(toQueueDto);
  }

  /** The queue with its chatbot option tree. */
  async get(id: number): Promise<QueueDetailDto> {
    return this.detail(await this.find(id));
  }

  async create(companyId: number, input: QueueInput): Promise<QueueDetailDto> {
    await this.assertWithinPlan(companyId);
    await this.assertFree(input);
    const { chatbots, ...fields } = input;
    await assertChatbotTargets(this.em, companyId, chatbots ?? [], 'chatbots');
    await this.assertEngines(companyId, input);
    const queue = await this.em.transactional(async (em) => {
      const created = em.create(Queue, {
        ...definedOnly(fields),
        name: fields.name,
        color: fields.color,
        schedules: fields.schedules ?? defaultWeeklySchedule(),
        companyId,
      });
      await this.save(em);
      if (chatbots)
        await replaceChatbotTree(
          em,
          { companyId, queueId: created.id, parentId: null },
          chatbots,
          'chatbots',
        );
      return created;
    });
    await this.announce(queue, 'queue.created');
    return this.detail(queue);
  }

  /** Changes the fields sent; `chatbots`, when sent, replaces the queue's tree in the same transaction. */
  async update(id: number, input: QueueInput): Promise<QueueDetailDto> {
    const queue = await this.find(id);
    await this.assertFree(input, id);
    const { chatbots, ...fields } = input;
    await assertChatbotTargets(this.em, queue.companyId, chatbots ?? [], 'chatbots');
    await this.assertEngines(queue.companyId, input);
    await this.em.transactional(async (em) => {
      em.assign(queue, definedOnly(fields));
      await this.save(em);
      if (chatbots)
        await replaceChatbotTree(
          em,
          { companyId: queue.companyId, queueId: id, parentId: null },
          chatbots,
          'chatbots',
        );
    });
    await this.announce(queue);
    return this.detail(queue);
  }

  async remove(id: number): Promise<void> {
    const queue = await this.find(id);
    await this.em.remove(queue).flush();
    const { companyId } = queue;
    await this.events.emit('queue.deleted', { companyId, queueId: id });
  }

  /** The queue's bot engine and its integration options' engines: registered and allowed by the plan. */
  private async assertEngines(companyId: number, input: QueueInput): Promise<void> {
    const check = (key: string | null | undefined, path: string) =>
      this.botEngines.assertSelectable(this.planGate, companyId, key, path);
    await check(input.botEngine, 'botEngine');
    await assertChatbotEngines(check, input.chatbots ?? [], 'chatbots');
  }

  private async find(id: number): Promise<IQueue> {
    const queue = await this.em.findOne(Queue, { id });
    if (!queue) throw new AppError('ERR_NO_QUEUE_FOUND', 404);
    return queue;
  }

  /** Colour and name are unique per company, case-insensitively (as the indexes are). */
  private async assertFree(input: QueueInput, exceptId?: number): Promise<void> {
    const others = exceptId ? { id: { $ne: exceptId } } : {};
    if (await this.em.count(Queue, { color: { $ilike: likeTerm(input.color) }, ...others }))
      throw colorTaken();
    if (await this.em.count(Queue, { name: { $ilike: likeTerm(input.name) }, ...others })) throw nameTaken();
  }

  private async assertWithinPlan(companyId: number): Promise<void> {
    const company = await this.em.findOneOrFail(Company, { id: companyId });
    const plan = await this.em.findOneOrFail(Plan, { id: company.planId });
    if ((await this.em.count(Queue, {})) >= plan.queues) {
      // A limit of the plan, not a permission: 409, so the UI shows it rather than refreshing its token (a 403).
      throw new AppError('ERR_QUEUE_LIMIT_REACHED', 409);
    }
  }

  private async detail(queue: IQueue): Promise<QueueDetailDto> {
    const trees = await loadChatbotTrees(this.em, [queue.id]);
    return toQueueDetailDto(queue, trees.get(queue.id) ?? []);
  }

  private save(em: EntityManager = this.em): Promise<void> {
    return flushOrConflict(em, {
      queues_company_color_unique: colorTaken,
      queues_company_name_unique: nameTaken,
    });
  }

  /** Emits queue.created / queue.updated (its realtime subscriber tells the company's screens); answers the DTO. */
  private async announce(
    queue: IQueue,
    event: 'queue.created' | 'queue.updated' = 'queue.updated',
  ): Promise<void> {
    await this.events.emit(event, { companyId: queue.companyId, queueId: queue.id });
  }
}
