import type { Channel, ChannelCapabilities, ConnectionDto, ConnectionStatus, QueueRef } from '@balcao/sdk';
import type { IConnection } from './connection.entity.js';

/** The connection as the API answers it, with its queues and what its channel adapter can do. */
export function toConnectionDto(
  c: IConnection,
  queues: QueueRef[],
  capabilities: ChannelCapabilities,
): ConnectionDto {
  return {
    id: c.id,
    name: c.name,
    channel: c.channel as Channel,
    status: c.status as ConnectionStatus,
    number: c.number ?? null,
    isDefault: c.isDefault,
    token: c.token,
    greetingMessage: c.greetingMessage ?? null,
    complationMessage: c.complationMessage ?? null,
    outOfHoursMessage: c.outOfHoursMessage ?? null,
    ratingMessage: c.ratingMessage ?? null,
    allowGroup: c.allowGroup,
    groupAsTicket: c.groupAsTicket as ConnectionDto['groupAsTicket'],
    embedOrigins: c.embedOrigins ?? [],
    queues,
    updatedAt: c.updatedAt.toISOString(),
    capabilities,
  };
}
