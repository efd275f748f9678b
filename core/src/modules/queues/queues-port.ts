import type { QueueDto, QueuesPort } from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Queue } from './queue.entity.js';
import { toQueueDto } from './queue-presenter.js';

/** QueuesPort for one company: its queues, in the order the queue screen shows them. */
export class CompanyQueuesPort implements QueuesPort {
  constructor(
    private readonly em: EntityManager,
    private readonly companyId: number,
  ) {}

  async list(): Promise<QueueDto[]> {
    const rows = await this.em.find(
      Queue,
      { companyId: this.companyId },
      { orderBy: { orderQueue: 'asc nulls last', name: 'asc', id: 'asc' } },
    );
    return rows.map(toQueueDto);
  }

  async find(queueId: number): Promise<QueueDto | null> {
    const queue = await this.em.findOne(Queue, { id: queueId, companyId: this.companyId });
    return queue ? toQueueDto(queue) : null;
  }
}
