import { defineEntity, type InferEntity, tenantFilter } from '@balcao/sdk/orm';

export const Ticket = defineEntity({
  name: 'Ticket',
  tableName: 'tickets',
  filters: tenantFilter,
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    uuid: p.uuid().onCreate(() => crypto.randomUUID()),
    companyId: p.integer(),
    status: p.string().length(10).default('pending'),
    isGroup: p.boolean().default(false),
    isBot: p.boolean().default(false),
    channel: p.string().length(20).default('whatsapp'),
    contactId: p.integer(),
    whatsappId: p.integer().nullable(),
    userId: p.integer().nullable(),
    queueId: p.integer().nullable(),
    lastMessage: p.text().nullable(),
    unreadMessages: p.integer().default(0),
    useIntegration: p.boolean().default(false),
    integrationId: p.integer().nullable(),
    promptId: p.integer().nullable(),
    amountUsedBotQueues: p.integer().default(0),
    /** The bot engine holding the ticket (`plugin:engine`), see modules/bots. */
    botEngine: p.string().length(100).nullable(),
    /** The last inbound message id the bots module dealt with. */
    botCursor: p.bigint('number').nullable(),
    /** When the ticket went to humans: no engine takes it again. */
    botHandoffAt: p.datetime().nullable(),
    /** When the ticket started waiting for an attendant (created, or reopened): ticket-tracking.ts. */
    queuedAt: p.datetime().onCreate(() => new Date()),
    /** When an attendant first took it in this attendance. */
    startedAt: p.datetime().nullable(),
    /** When it was finished (closed). */
    finishedAt: p.datetime().nullable(),
    /** When the queue menu or the out-of-hours answer was last sent (modules/automation). */
    chatbotAt: p.datetime().nullable(),
    /** Answered as out of hours (modules/automation). */
    isOutOfHour: p.boolean().default(false),
    /** A queue's chatbot option tree talks to the contact (modules/automation, queue-tree.ts). */
    chatbot: p.boolean().default(false),
    /** The option whose options the tree listed last; null: the queue's root options. */
    chatbotOptionId: p.integer().nullable(),
    /** When the closing rating was asked (kernel clock; modules/automation, rating-request.ts); null: not waiting. */
    ratingAskedAt: p.datetime().nullable(),
    /** Rating requests sent in this wait (the first ask and its repeats). */
    amountUsedBotQueuesNps: p.integer().fieldName('amount_used_bot_queues_nps').default(0),
    /** The contact's rating on the row's 1–5 scale (spec part 1 §2 emoji); the 0–10 answer is in ticket_ratings. */
    userRating: p.smallint().nullable(),
    /** The inactivity warning sent since the last message (automation, idle-tickets.ts): its message id; 0 while sent. */
    inactiveWarningId: p.bigint('number').nullable(),
    /** When the LGPD consent prompt was last sent (automation, lgpd-stage.ts); null: none waiting for an answer. */
    lgpdSendMessageAt: p.datetime().nullable(),
    /** When the contact accepted the LGPD terms on this ticket. */
    lgpdAcceptedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  }),
});
export type ITicket = InferEntity<typeof Ticket>;

export const TicketNote = defineEntity({
  name: 'TicketNote',
  tableName: 'ticket_notes',
  filters: tenantFilter,
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    companyId: p.integer(),
    ticketId: p.integer().nullable(),
    contactId: p.integer().nullable(),
    userId: p.integer().nullable(),
    note: p.text(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  }),
});
export type ITicketNote = InferEntity<typeof TicketNote>;

export const TicketLog = defineEntity({
  name: 'TicketLog',
  tableName: 'ticket_logs',
  filters: tenantFilter,
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    companyId: p.integer(),
    ticketId: p.integer(),
    userId: p.integer().nullable(),
    queueId: p.integer().nullable(),
    type: p.string().length(30),
    /** The bot engine behind an entry no user made. */
    bot: p.string().length(100).nullable(),
    /** The plugin that acted as the company (TicketsPort with 'plugin', MessagesPort.sendToContact). */
    plugin: p.string().length(100).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  }),
});
export type ITicketLog = InferEntity<typeof TicketLog>;

/** A customer's rating of a ticket (0–10), one per ticket: asked (`askedAt`), then answered (`rate`, `ratedAt`). */
export const TicketRating = defineEntity({
  name: 'TicketRating',
  tableName: 'ticket_ratings',
  filters: tenantFilter,
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    companyId: p.integer(),
    ticketId: p.integer(),
    /** The ticket's creation time: a period's ratings are found without reading its tickets. */
    ticketCreatedAt: p.datetime(),
    userId: p.integer().nullable(),
    rate: p.smallint().nullable(),
    askedAt: p.datetime().nullable(),
    ratedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  }),
});
export type ITicketRating = InferEntity<typeof TicketRating>;
