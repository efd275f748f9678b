import { z } from 'zod';
import { chatbotTreeSchema, rotationTimeField } from './chatbots.js';
import {
  botEngineKeyField,
  boundedString,
  countField,
  dateField,
  hasNul,
  idField,
  pageNumberField,
} from './common.js';
import { checkImportDates, connectionImportFields } from './history-import.js';
import { weeklyScheduleSchema } from './schedules.js';

/**
 * The channel kinds Balcão knows without their plugin loaded: the spec's five, and 'echo', the teaching channel of
 * examples/echo-channel. Rows of these kinds may exist while no plugin provides them. Any other kind is known when a
 * loaded channel plugin declares it (`defineChannel({ kind })`): adding a channel edits neither the SDK nor core.
 * @example CHANNELS.includes('webchat')
 */
export const CHANNELS = ['whatsapp', 'whatsappapi', 'facebook', 'instagram', 'webchat', 'echo'] as const;

/**
 * A channel kind: one of {@link CHANNELS} or one a channel plugin declares (kebab-case, at most 32 characters).
 * @example const kind: Channel = 'telegram';
 */
export type Channel = string;

/** What a channel kind looks like (the host refuses a channel plugin declaring another). @example CHANNEL_KIND.test('telegram') */
export const CHANNEL_KIND = /^[a-z][a-z0-9-]{0,31}$/;

/**
 * A channel kind as input: kind-shaped; whether a loaded channel provides it (or it is one of {@link CHANNELS}) is the
 * server's check. @example channelKindField.parse('telegram')
 */
export const channelKindField = z.string({ error: 'Invalid option' }).regex(CHANNEL_KIND, 'Invalid option');

/**
 * Ticket statuses (spec part 1 §4), plus `nps`: an attendant closed it and it waits for the contact's rating
 * (docs/automation.md "Closing rating"), in no Open sub-tab. @example TICKET_STATUSES.includes('group')
 */
export const TICKET_STATUSES = ['pending', 'open', 'closed', 'group', 'lgpd', 'nps'] as const;

/**
 * A ticket a plugin opened for a message that waits for the contact's answer (`MessagesPort.sendToContact` with
 * `holdUntilReply`): in no list, count or notification of attendants, and not among TICKET_STATUSES (no list filters
 * by it); the contact's answer makes it pending. @example ticket.status === HELD_STATUS
 */
export const HELD_STATUS = 'held';
export type TicketStatus = (typeof TICKET_STATUSES)[number] | typeof HELD_STATUS;

/**
 * What a contact is doing in the conversation (spec part 1 §3 Ticket presence): typing, recording audio, or neither
 * ('available', which ends the other two). Live only, never stored. @example CONTACT_PRESENCES.includes('composing')
 */
export const CONTACT_PRESENCES = ['composing', 'recording', 'available'] as const;
export type ContactPresence = (typeof CONTACT_PRESENCES)[number];

/** Connection statuses (spec part 1 §4). @example CONNECTION_STATUSES.includes('qrcode') */
export const CONNECTION_STATUSES = [
  'qrcode',
  'PAIRING',
  'DISCONNECTED',
  'TIMEOUT',
  'OPENING',
  'CONNECTED',
] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/**
 * Why a session failed, as a channel reports it with TIMEOUT or DISCONNECTED (issue 24): `no-network` (WhatsApp could
 * not be reached: timeout, no network), `refused` (WhatsApp refused the connection or the session), `logged-out`
 * (unlinked on the phone: scan a new QR code), `banned` (the number is banned or forbidden), `replaced` (opened
 * elsewhere), `qr-not-scanned` (nobody scanned the QR codes in time), `unknown`.
 * @example CONNECTION_FAILURE_REASONS.includes('logged-out')
 */
export const CONNECTION_FAILURE_REASONS = [
  'no-network',
  'refused',
  'logged-out',
  'banned',
  'replaced',
  'qr-not-scanned',
  'unknown',
] as const;
export type ConnectionFailureReason = (typeof CONNECTION_FAILURE_REASONS)[number];

const optionalEmail = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z.string().trim().toLowerCase().pipe(z.email('Invalid email')).nullish(),
);

/** `POST/PUT /api/contacts` (spec part 1 §5: name 2–50, number 8–50, valid email). @example contactSchema.parse({ name: 'Ana', number: '5511999990000' }) */
export const contactSchema = z.object({
  name: boundedString(2, 50),
  number: z.string({ error: 'Required' }).trim().min(1, 'Required').min(8, 'Too Short!').max(50, 'Too Long!'),
  email: optionalEmail,
  extraInfo: z
    .array(
      z.object({
        name: z.string().trim().min(1, 'Required').max(100),
        value: z.string().max(1000).default(''),
      }),
    )
    .default([]),
  disableBot: z.boolean().optional(),
  acceptAudioMessage: z.boolean().optional(),
});
export type ContactInput = z.infer<typeof contactSchema>;

/**
 * `POST/PUT /api/queue` (spec part 2 §5: name 2–50, colour 3–9). Fields left out keep their value (a new queue: no
 * rotation, default service hours); `chatbots`, when sent, is the queue's whole option tree, in order.
 * @example queueSchema.parse({ name: 'Vendas', color: '#2e7d32', chatbots: [{ name: 'Boletos' }] })
 */
export const queueSchema = z.object({
  name: boundedString(2, 50),
  color: z.string({ error: 'Required' }).trim().min(3, 'Too Short!').max(9, 'Too Long!'),
  orderQueue: countField.nullish(),
  greetingMessage: z.string().max(5000).nullish(),
  outOfHoursMessage: z.string().max(5000).nullish(),
  /** Rotation: tickets waiting in the queue go to its attendants in turn, every `tempoRoteador` minutes. */
  ativarRoteador: z.boolean().optional(),
  tempoRoteador: rotationTimeField.optional(),
  /** Queue integration, file list and AI prompt (their entities come later; ids only). */
  integrationId: idField.nullish(),
  fileListId: idField.nullish(),
  promptId: idField.nullish(),
  /** The bot engine answering the queue's conversations (`GET /api/bot-engines`); null: none. */
  botEngine: botEngineKeyField.nullish(),
  /** Close the ticket once the queue's bot has answered. */
  closeTicket: z.boolean().optional(),
  /** Service hours of the queue (used when the company's scheduleType is queue). */
  schedules: weeklyScheduleSchema.optional(),
  chatbots: chatbotTreeSchema.optional(),
});
export type QueueInput = z.infer<typeof queueSchema>;

/** `POST/PUT /api/tags` (spec part 2 §5: required, at least 3 characters). @example tagSchema.parse({ name: 'VIP', color: '#ff0000' }) */
export const tagSchema = z.object({
  name: z
    .string({ error: 'Obrigatório' })
    .trim()
    // A blank name is only missing: one message, not two.
    .min(1, { error: 'Obrigatório', abort: true })
    .min(3, 'Mensagem muito curta')
    .max(50, 'Too Long!')
    .refine((v) => !hasNul(v), 'Invalid character'),
  color: z
    .string()
    .trim()
    .min(3)
    .max(9)
    .refine((v) => !hasNul(v), 'Invalid character')
    .optional(),
  kanban: countField.default(0),
});
export type TagInput = z.infer<typeof tagSchema>;

/** `POST /api/tags/sync`: the contact's complete tag list. @example tagSyncSchema.parse({ contactId: 3, tags: [{ id: 1 }] }) */
export const tagSyncSchema = z.object({
  contactId: idField,
  tags: z.array(z.object({ id: idField })).default([]),
});

/** `POST /api/ticket-notes` (spec part 1 §5: at least 2 characters). @example ticketNoteSchema.parse({ note: 'ok', ticketId: 1, contactId: 2 }) */
export const ticketNoteSchema = z.object({
  note: z.string({ error: 'Required' }).trim().min(1, 'Required').min(2, 'Too Short!').max(5000, 'Too Long!'),
  ticketId: idField,
  contactId: idField,
});

/**
 * A website origin as CSP `frame-ancestors` takes it: `http(s)://host[:port]`, lowercase, no path; the host may begin
 * with `*.` (every subdomain). @example FRAME_ORIGIN.test('https://*.loja.com.br') // true
 */
export const FRAME_ORIGIN = /^https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/;

/**
 * One website allowed to show a web chat connection's page in a frame (its embed snippet): trimmed, lowercased, a
 * trailing slash dropped. @example embedOriginSchema.parse('https://Loja.com.br/') // 'https://loja.com.br'
 */
export const embedOriginSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((origin) => origin.replace(/\/$/, ''))
  .pipe(z.string().regex(FRAME_ORIGIN, 'Invalid origin'));

/**
 * Spec part 1 §9 "Auto-close ticket hours default 24": a connection closes its open tickets after this many idle hours
 * unless told otherwise (0: never). @example connectionSchema.parse({ name: 'Site' }).expiresTicket === 24
 */
export const CONNECTION_EXPIRES_TICKET_HOURS = 24;

/**
 * Minutes a ticket waits for its closing rating before it closes unrated (`expiresTicketNPS`) unless told otherwise
 * (0: never): long enough to answer, short enough that no ticket waits for ever (issue 24).
 * @example connectionSchema.parse({ name: 'Site' }).expiresTicketNps === 10
 */
export const CONNECTION_RATING_WAIT_MINUTES = 10;

/** Minutes a connection's timer waits (0: off), at most 30 days. */
const minutesField = countField.max(43_200, 'Too Long!');

/**
 * What the automation does on a connection (spec part 1 §3 Connection; run by the automation engine): the chatbot tab
 * (queue menu repeats and pause, new ticket window, redirect of unqueued tickets), the NPS tab, the inactivity message
 * and the per-connection service hours (used when the company's scheduleType is `connection`). Times in minutes.
 */
function connectionAutomationFields() {
  return {
    /** A contact writing again within this many minutes of a closed ticket reopens it; 0: a new ticket. */
    timeCreateNewTicket: minutesField,
    /** Times the queue menu is sent again to a contact who answers outside it (default 3). */
    maxUseBotQueues: countField.max(100, 'Too Long!'),
    /** Minutes the queue menu stays silent after the last repeat; 0: off. */
    timeUseBotQueues: minutesField,
    /** Pending tickets without a queue go to queue `sendIdQueue` after this many minutes; 0: off. */
    timeSendQueue: minutesField,
    sendIdQueue: idField.nullish(),
    /** Auto-close counts from the contact's last message ('0') or from ours ('1'). */
    whenExpiresTicket: z.enum(['0', '1']),
    /** Minutes a ticket waits for its rating before it closes; 0: off. */
    expiresTicketNps: minutesField,
    /** Times the rating question is asked again after an answer that is not a rating (default 3). */
    maxUseBotQueuesNps: countField.max(100, 'Too Long!'),
    inactiveMessage: z.string().max(5000).nullish(),
    /** Minutes without a message before `inactiveMessage` is sent; 0: off. */
    timeInactiveMessage: minutesField,
    /** Sent when an idle ticket is closed. */
    expiresInactiveMessage: z.string().max(5000).nullish(),
    /**
     * LGPD consent texts of this connection, each replacing the company's (lgpdMessage, lgpdLink) when set; whether
     * consent is asked at all stays the company's enableLGPD. null: the company's.
     */
    lgpdMessage: z.string().max(5000).nullish(),
    lgpdLink: z.string().max(2000).nullish(),
    /** Service hours of the connection: a row per weekday; null: none set (the company's scheduleType decides). */
    schedules: weeklyScheduleSchema.nullish(),
  };
}

const connectionFields = {
  name: boundedString(2, 50),
  channel: channelKindField,
  isDefault: z.boolean(),
  greetingMessage: z.string().max(5000).nullish(),
  complationMessage: z.string().max(5000).nullish(),
  outOfHoursMessage: z.string().max(5000).nullish(),
  ratingMessage: z.string().max(5000).nullish(),
  allowGroup: z.boolean(),
  groupAsTicket: z.enum(['disabled', 'enabled']),
  /** Idle hours before an open ticket is closed; 0: never. At most a year. */
  expiresTicket: countField.max(8760, 'Too Long!'),
  queueIds: z.array(idField),
  /** Queue integration and AI prompt answering the connection's new conversations (their entities come later; ids only). */
  integrationId: idField.nullish(),
  promptId: idField.nullish(),
  /** The bot engine answering the connection's conversations (`GET /api/bot-engines`); null: none. */
  botEngine: botEngineKeyField.nullish(),
  /** Web chat: the websites whose pages may embed the chat page; none (null): only Balcão itself. */
  embedOrigins: z.array(embedOriginSchema).max(20, 'Too Long!').nullish(),
  ...connectionAutomationFields(),
  ...connectionImportFields,
};

/** `POST /api/whatsapp` (spec part 1 §5: name 2–50 required). @example connectionSchema.parse({ name: 'Site', channel: 'webchat' }) */
export const connectionSchema = z
  .object({
    ...connectionFields,
    channel: connectionFields.channel.default('whatsapp'),
    isDefault: connectionFields.isDefault.default(false),
    allowGroup: connectionFields.allowGroup.default(false),
    groupAsTicket: connectionFields.groupAsTicket.default('disabled'),
    expiresTicket: connectionFields.expiresTicket.default(CONNECTION_EXPIRES_TICKET_HOURS),
    queueIds: connectionFields.queueIds.default([]),
    timeCreateNewTicket: connectionFields.timeCreateNewTicket.default(0),
    maxUseBotQueues: connectionFields.maxUseBotQueues.default(3),
    timeUseBotQueues: connectionFields.timeUseBotQueues.default(0),
    timeSendQueue: connectionFields.timeSendQueue.default(0),
    whenExpiresTicket: connectionFields.whenExpiresTicket.default('0'),
    expiresTicketNps: connectionFields.expiresTicketNps.default(CONNECTION_RATING_WAIT_MINUTES),
    maxUseBotQueuesNps: connectionFields.maxUseBotQueuesNps.default(3),
    timeInactiveMessage: connectionFields.timeInactiveMessage.default(0),
    importOldMessagesGroups: connectionFields.importOldMessagesGroups.default(false),
    closedTicketsPostImported: connectionFields.closedTicketsPostImported.default(false),
  })
  .superRefine(checkImportDates);
export type ConnectionInput = z.infer<typeof connectionSchema>;

/** `PUT /api/whatsapp/{id}`: only the fields sent change (no defaults: zod fills defaults even inside `.partial()`). */
export const connectionUpdateSchema = z.object(connectionFields).partial().superRefine(checkImportDates);
export type ConnectionUpdateInput = z.infer<typeof connectionUpdateSchema>;

/** `GET /api/tickets` query (spec part 1 §7). @example ticketListQuery.parse({ status: 'pending', pageNumber: '1' }) */
export const ticketListQuery = z.object({
  searchParam: z.string().trim().max(200).optional().default(''),
  pageNumber: pageNumberField,
  status: z.enum(TICKET_STATUSES).optional(),
  showAll: z.enum(['true', 'false']).optional(),
  queueIds: z.string().optional(),
  tags: z.string().optional(),
  users: z.string().optional(),
  whatsappIds: z.string().optional(),
  /** The peers' name for `whatsappIds`. */
  whatsapps: z.string().optional(),
  /** Search tab filters: statuses (JSON array or comma list) and attendants (as `users`). */
  statusFilter: z.string().optional(),
  userFilter: z.string().optional(),
  withUnreadMessages: z.enum(['true', 'false']).optional(),
  /** Tickets created on this day (YYYY-MM-DD, the company's calendar). */
  date: dateField.optional(),
  /** Tickets last updated on this day (YYYY-MM-DD, the company's calendar). */
  updatedAt: dateField.optional(),
});

/** Ticket lists count up to this many and stop; the UI shows the badge as "99+". @example count >= TICKET_COUNT_CAP */
export const TICKET_COUNT_CAP = 100;

/** Days the real-time panel looks back when no dateStart is given (spec part 1 §9). */
export const MOMENTS_WINDOW_DAYS = 30;

/**
 * `GET /api/dashboard/moments` query (spec part 1 §7): open and pending tickets, optionally one status, some
 * queues (JSON array or comma-separated ids), one user, a date window (default the last 30 days).
 * @example momentsQuery.parse({ status: 'pending', queueIds: '[1,2]' })
 */
export const momentsQuery = z.object({
  status: z.enum(['open', 'pending']).optional(),
  showAll: z.enum(['true', 'false']).optional(),
  queueIds: z.string().optional(),
  userId: idField.optional(),
  dateStart: dateField.optional(),
  dateEnd: dateField.optional(),
});
export type MomentsQuery = z.infer<typeof momentsQuery>;

/** `POST /api/tickets` (spec part 1 §7). @example ticketCreateSchema.parse({ contactId: 3, queueId: 1, whatsappId: 2 }) */
export const ticketCreateSchema = z.object({
  contactId: idField,
  queueId: idField.nullish(),
  whatsappId: idField.nullish(),
  userId: idField.nullish(),
  status: z.enum(['pending', 'open']).default('open'),
});

/** `PUT /api/tickets/{id}`: a transition (spec part 1 §4 table). @example ticketUpdateSchema.parse({ status: 'open', userId: 2 }) */
export const ticketUpdateSchema = z.object({
  status: z.enum(['pending', 'open', 'closed', 'group']).optional(),
  userId: idField.nullish(),
  queueId: idField.nullish(),
  sendFarewellMessage: z.boolean().optional(),
  amountUsedBotQueues: countField.optional(),
  useIntegration: z.boolean().optional(),
  /** A transfer (the peers' flag): tells taking over an open ticket apart from an accept that came second. */
  isTransfered: z.boolean().optional(),
});
export type TicketUpdateInput = z.infer<typeof ticketUpdateSchema>;

/**
 * A contact card sent as a message (spec part 1 §7 `vCard`): the server writes the vCard text from it. A stored
 * contact goes by its id, so the card carries the number as stored even when the sender sees it masked (LGPD).
 * @example vCardSchema.parse({ contactId: 7 }) // or { name: 'Ana', number: '5511999990000' }
 */
export const vCardSchema = z.union([
  z.object({ contactId: idField }),
  z.object({
    name: boundedString(1, 100),
    number: z
      .string({ error: 'Required' })
      .trim()
      .regex(/^\+?\d{5,20}$/, 'Invalid number'),
  }),
]);
export type VCardInput = z.infer<typeof vCardSchema>;

/**
 * `POST /api/messages/{ticketId}` JSON (spec part 1 §7): text, a contact card (`vCard`), or a stored file again
 * (`mediaUrl`); body is optional with the last two.
 * @example messageSendSchema.parse({ body: 'Olá', isPrivate: false })
 */
export const messageSendSchema = z
  .object({
    body: z.string().max(10_000, 'Too Long!').default(''),
    isPrivate: z.coerce.boolean().default(false),
    quotedMsg: z.object({ id: idField }).nullish(),
    signMessage: z.coerce.boolean().default(false),
    vCard: vCardSchema.nullish(),
    /** A file already in the company's media store (`/api/media/company{id}/…`), sent again with body as caption. */
    mediaUrl: z.string().max(300).nullish(),
  })
  .refine((m) => m.vCard || m.mediaUrl || m.body.trim().length > 0, { message: 'Required', path: ['body'] });
export type MessageSendInput = z.infer<typeof messageSendSchema>;

/** Multipart form fields are strings: only the text "true" is true. */
const formBoolean = z.preprocess((v) => v === true || v === 'true', z.boolean());

/** The text fields of a multipart `POST /api/messages/{ticketId}` (files travel as `medias`). */
export const messageMediaFieldsSchema = z.object({
  body: z.string().max(10_000, 'Too Long!').default(''),
  isPrivate: formBoolean.default(false),
  signMessage: formBoolean.default(false),
  /** The file is an audio recorded in the conversation (the composer's recorder): sent as a voice note. */
  voiceNote: formBoolean.default(false),
});
export type MessageMediaFields = z.infer<typeof messageMediaFieldsSchema>;

/** `POST /api/message/forward` (spec part 1 §7). @example messageForwardSchema.parse({ messageId: 3, contactId: 9 }) */
export const messageForwardSchema = z.object({
  messageId: idField,
  contactId: idField,
  signMessage: z.coerce.boolean().default(false),
});
export type MessageForwardInput = z.infer<typeof messageForwardSchema>;
