import {
  type ChatbotDto,
  defaultWeeklySchedule,
  type QueueDetailDto,
  type QueueDto,
  type RotationTime,
} from '@balcao/sdk';
import type { IQueue } from './queue.entity.js';

export function toQueueDto(queue: IQueue): QueueDto {
  return {
    id: queue.id,
    name: queue.name,
    color: queue.color,
    orderQueue: queue.orderQueue ?? null,
    greetingMessage: queue.greetingMessage ?? null,
    outOfHoursMessage: queue.outOfHoursMessage ?? null,
    ativarRoteador: queue.ativarRoteador ?? false,
    tempoRoteador: (queue.tempoRoteador ?? 0) as RotationTime,
    integrationId: queue.integrationId ?? null,
    fileListId: queue.fileListId ?? null,
    promptId: queue.promptId ?? null,
    botEngine: queue.botEngine ?? null,
    closeTicket: queue.closeTicket ?? false,
    schedules: queue.schedules ?? defaultWeeklySchedule(),
  };
}

/** The queue with its option tree (`GET /queue/{id}`, and what POST and PUT answer). */
export const toQueueDetailDto = (queue: IQueue, chatbots: ChatbotDto[]): QueueDetailDto => ({
  ...toQueueDto(queue),
  chatbots,
});
