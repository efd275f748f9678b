import type {
  AuthUser,
  Channel,
  ChannelCapabilities,
  ChannelTraits,
  ConnectionDto,
  ConnectionFailureReason,
  ConnectionStatus,
  QueueRef,
} from '@balcao/sdk';
import type { IConnection } from './connection.entity.js';

/** The connection as the API answers it, with its queues, what its channel adapter can do and its traits. */
export function toConnectionDto(
  c: IConnection,
  queues: QueueRef[],
  capabilities: ChannelCapabilities,
  traits: ChannelTraits,
  notInPlan = false,
): ConnectionDto {
  return {
    id: c.id,
    name: c.name,
    channel: c.channel as Channel,
    status: c.status as ConnectionStatus,
    number: c.number ?? null,
    isDefault: c.isDefault,
    token: c.token,
    qrcode: c.qrcode ?? null,
    retries: c.retries,
    failureReason: (c.failureReason as ConnectionFailureReason | null | undefined) ?? null,
    greetingMessage: c.greetingMessage ?? null,
    greetingMediaAttachment: c.greetingMediaAttachment ?? null,
    greetingMediaName: c.greetingMediaName ?? null,
    complationMessage: c.complationMessage ?? null,
    outOfHoursMessage: c.outOfHoursMessage ?? null,
    ratingMessage: c.ratingMessage ?? null,
    allowGroup: c.allowGroup,
    groupAsTicket: c.groupAsTicket as ConnectionDto['groupAsTicket'],
    expiresTicket: c.expiresTicket,
    timeCreateNewTicket: c.timeCreateNewTicket,
    maxUseBotQueues: c.maxUseBotQueues,
    timeUseBotQueues: c.timeUseBotQueues,
    timeSendQueue: c.timeSendQueue,
    sendIdQueue: c.sendIdQueue ?? null,
    whenExpiresTicket: c.whenExpiresTicket === '1' ? '1' : '0',
    expiresTicketNps: c.expiresTicketNps,
    maxUseBotQueuesNps: c.maxUseBotQueuesNps,
    inactiveMessage: c.inactiveMessage ?? null,
    lgpdMessage: c.lgpdMessage ?? null,
    lgpdLink: c.lgpdLink ?? null,
    timeInactiveMessage: c.timeInactiveMessage,
    expiresInactiveMessage: c.expiresInactiveMessage ?? null,
    schedules: c.schedules ?? null,
    embedOrigins: c.embedOrigins ?? [],
    queues,
    integrationId: c.integrationId ?? null,
    promptId: c.promptId ?? null,
    botEngine: c.botEngine ?? null,
    importOldMessages: c.importOldMessages?.toISOString() ?? null,
    importRecentMessages: c.importRecentMessages?.toISOString() ?? null,
    importOldMessagesGroups: c.importOldMessagesGroups,
    closedTicketsPostImported: c.closedTicketsPostImported,
    statusImportMessages: c.statusImportMessages ?? null,
    importStartedAt: c.importStartedAt?.toISOString() ?? null,
    queueIdImportMessages: c.queueIdImportMessages ?? null,
    updatedAt: c.updatedAt.toISOString(),
    capabilities,
    traits,
    notInPlan,
  };
}

/** Connection secrets (its token, a QR code waiting to be scanned) are for admins: other viewers (and realtime events, which reach every user) get none. */
export const withoutSecrets = (dto: ConnectionDto): ConnectionDto => ({ ...dto, token: null, qrcode: null });

/** The connection as `viewer` may see it. @example ctx.body = forViewer(dto, ctx.state.user) */
export const forViewer = (dto: ConnectionDto, viewer: AuthUser): ConnectionDto =>
  viewer.profile === 'admin' || viewer.super ? dto : withoutSecrets(dto);
