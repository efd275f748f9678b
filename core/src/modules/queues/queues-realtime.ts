import { companyChannel, type RealtimePort } from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventBus } from '../../events/event-bus.js';
import { Queue } from './queue.entity.js';
import { toQueueDto } from './queue-presenter.js';

/**
 * Queues on the company's screens (`company-{id}-queue`), as a subscriber of the event catalogue: a created or
 * changed queue is read after the commit and published; a deleted one goes by id.
 */
export function wireQueueRealtime(
  events: Pick<EventBus, 'on'>,
  realtime: RealtimePort,
  emOf: (companyId: number) => EntityManager,
): void {
  for (const event of ['queue.created', 'queue.updated'] as const)
    events.on(event, async ({ companyId, queueId }) => {
      const queue = await emOf(companyId).findOne(Queue, { id: queueId, companyId });
      if (!queue) return;
      await realtime.publish({
        companyId,
        channel: companyChannel(companyId, 'queue'),
        data: { action: 'update', queue: toQueueDto(queue) },
      });
    });
  events.on('queue.deleted', ({ companyId, queueId }) =>
    realtime.publish({
      companyId,
      channel: companyChannel(companyId, 'queue'),
      data: { action: 'delete', queueId },
    }),
  );
}
