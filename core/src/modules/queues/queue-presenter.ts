import type { QueueDto } from '@balcao/sdk';
import type { IQueue } from './queue.entity.js';

export function toQueueDto(queue: IQueue): QueueDto {
  return {
    id: queue.id,
    name: queue.name,
    color: queue.color,
    orderQueue: queue.orderQueue ?? null,
    greetingMessage: queue.greetingMessage ?? null,
    outOfHoursMessage: queue.outOfHoursMessage ?? null,
  };
}
