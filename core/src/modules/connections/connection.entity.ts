import {
  CONNECTION_EXPIRES_TICKET_HOURS,
  CONNECTION_RATING_WAIT_MINUTES,
  type ScheduleRow,
} from '@balcao/sdk';
import { defineEntity, type InferEntity, tenantFilter } from '@balcao/sdk/orm';

/** A connection (the spec's "whatsapp" record) of any channel: whatsapp, facebook, instagram, webchat. */
export const Connection = defineEntity({
  name: 'Connection',
  tableName: 'whatsapps',
  filters: tenantFilter,
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    companyId: p.integer(),
    name: p.string().length(50),
    channel: p.string().length(20).default('whatsapp'),
    status: p.string().length(20).default('DISCONNECTED'),
    number: p.string().length(50).nullable(),
    qrcode: p.text().nullable(),
    retries: p.integer().default(0),
    /** Why the session last failed (CONNECTION_FAILURE_REASONS); null once it connects or shows a QR code. */
    failureReason: p.string().length(30).nullable(),
    isDefault: p.boolean().default(false),
    token: p.string().length(30),
    greetingMessage: p.text().nullable(),
    /** The greeting's media: a file of the company's media store by its URL (`/api/media/company1/…`); null: none. */
    greetingMediaAttachment: p.text().nullable(),
    /** Its file name as uploaded, shown in the connection dialog. */
    greetingMediaName: p.string().length(255).nullable(),
    complationMessage: p.text().nullable(),
    outOfHoursMessage: p.text().nullable(),
    ratingMessage: p.text().nullable(),
    allowGroup: p.boolean().default(false),
    groupAsTicket: p.string().length(10).default('disabled'),
    timeCreateNewTicket: p.integer().default(0),
    maxUseBotQueues: p.integer().default(3),
    timeUseBotQueues: p.integer().default(0),
    /** Hours an open ticket may stay idle before it is closed; 0: never (spec part 1 §9: default 24). */
    expiresTicket: p.integer().default(CONNECTION_EXPIRES_TICKET_HOURS),
    whenExpiresTicket: p.string().length(1).default('0'),
    expiresTicketNps: p.integer().fieldName('expires_ticket_nps').default(CONNECTION_RATING_WAIT_MINUTES),
    maxUseBotQueuesNps: p.integer().fieldName('max_use_bot_queues_nps').default(3),
    inactiveMessage: p.text().nullable(),
    /** The consent texts of this connection's contacts, replacing the company's lgpdMessage / lgpdLink; null: those. */
    lgpdMessage: p.text().nullable(),
    lgpdLink: p.text().nullable(),
    timeInactiveMessage: p.integer().default(0),
    expiresInactiveMessage: p.text().nullable(),
    timeSendQueue: p.integer().default(0),
    sendIdQueue: p.integer().nullable(),
    provider: p.string().length(20).default('beta'),
    integrationId: p.integer().nullable(),
    promptId: p.integer().nullable(),
    /** The bot engine selected for the connection (`plugin:engine`, modules/bots); column added by bots-0003. */
    botEngine: p.string().length(100).nullable(),
    settings: p.json<Record<string, unknown>>().defaultRaw("'{}'"),
    embedOrigins: p.array().nullable(),
    /** Service hours, a row per weekday (used when the company's scheduleType is `connection`); null: none set. */
    schedules: p.json<ScheduleRow[]>().nullable(),
    /** History import (spec part 1 §3): the window, groups too, close afterwards, its status and queue. */
    importOldMessages: p.datetime().nullable(),
    importRecentMessages: p.datetime().nullable(),
    importOldMessagesGroups: p.boolean().default(false),
    closedTicketsPostImported: p.boolean().default(false),
    statusImportMessages: p.text().nullable(),
    /** When the last history import started (its first progress report): the screen's "preparing" window. */
    importStartedAt: p.datetime().nullable(),
    queueIdImportMessages: p.integer().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  }),
});
export type IConnection = InferEntity<typeof Connection>;
