import type { ChannelCapabilities, ChannelTraits } from './channel-traits.js';
import type { QueueRef } from './dto.js';
import type {
  Channel,
  ConnectionFailureReason,
  ConnectionStatus,
  TicketStatus,
} from './schemas/attendance.js';
import type { ChatbotOptionType, RotationTime } from './schemas/chatbots.js';
import type { ScheduleRow } from './schemas/schedules.js';

/** A tag as the API answers it. @example { id: 1, name: 'VIP', color: '#ff0000', kanban: 0 } */
export interface TagDto {
  id: number;
  name: string;
  color: string;
  kanban: number;
  contactsCount?: number;
  ticketsCount?: number;
}

/** A queue as the API answers it. @example { id: 1, name: 'Vendas', color: '#2e7d32', orderQueue: 1 } */
export interface QueueDto extends QueueRef {
  orderQueue: number | null;
  greetingMessage: string | null;
  outOfHoursMessage: string | null;
  ativarRoteador: boolean;
  tempoRoteador: RotationTime;
  integrationId: number | null;
  fileListId: number | null;
  promptId: number | null;
  /** The bot engine (`plugin:engine`) the admin chose for the queue's conversations; null: none chosen. */
  botEngine: string | null;
  closeTicket: boolean;
  /** Service hours, a row per weekday (the default week until changed). */
  schedules: ScheduleRow[];
}

/**
 * One chatbot option, stored as a row that names its queue and its parent (null at the root) and its position among
 * its siblings, and answered with the options under it, in order.
 * @example { id: 7, queueId: 1, parentId: null, position: 0, name: 'Financeiro', queueType: 'text', options: [] }
 */
export interface ChatbotDto {
  id: number;
  queueId: number;
  parentId: number | null;
  position: number;
  name: string;
  greetingMessage: string | null;
  queueType: ChatbotOptionType;
  optQueueId: number | null;
  optUserId: number | null;
  optIntegrationId: number | null;
  /** An integration option's bot engine (`plugin:engine`): choosing the option hands the ticket to it. */
  optBotEngine: string | null;
  optFileId: number | null;
  closeTicket: boolean;
  options: ChatbotDto[];
}

/** `GET /api/queue/{id}` and the answers of POST/PUT: the queue with its option tree. */
export interface QueueDetailDto extends QueueDto {
  chatbots: ChatbotDto[];
}

/** A contact's extra-info field. @example { id: 1, name: 'CPF', value: '000' } */
export interface ExtraInfoDto {
  id: number;
  name: string;
  value: string;
}

/** A contact as the API answers it; `number` is masked for profile user when lgpdHideNumber is on. @example contact.active === false means blocked */
export interface ContactDto {
  id: number;
  name: string;
  number: string;
  email: string | null;
  channel: Channel;
  isGroup: boolean;
  urlPicture: string | null;
  active: boolean;
  disableBot: boolean;
  acceptAudioMessage: boolean;
  lgpdAcceptedAt: string | null;
  extraInfo: ExtraInfoDto[];
  tags: TagDto[];
  /** The last message of the contact's most recent ticket (contacts list column), when there is one. */
  lastMessage: string | null;
  /**
   * When the contact's most recently updated ticket was last updated (spec part 1 §3 Contact `tickets (updatedAt)`),
   * the time of the list's last message; null without tickets.
   */
  lastTicketUpdatedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** One problem of one imported spreadsheet row (1-based), with the row's cells as read. */
export interface ContactImportRowError {
  row: number;
  field: string;
  message: string;
  values: { name: string; number: string; email: string };
}

/** `POST /contacts/upload` answer. @example { created: 3, skipped: 1, errors: [] } */
export interface ContactImportSummaryDto {
  created: number;
  skipped: number;
  /** The first 100 errors; a sheet of bad rows is summarised, never echoed whole. */
  errors: ContactImportRowError[];
  /** Errors past those listed, when there were more. */
  omittedErrors?: number;
}

/** One row of a spreadsheet as read (1-based, as the sheet numbers it), cells as text. */
export interface ContactSheetRowDto {
  row: number;
  name: string;
  number: string;
  email: string;
  /** The earlier row with the same number: this one is reported as a repeat, not imported over it. */
  repeatOf?: number;
}

/**
 * `POST /contacts/upload/rows` answer: the rows of the sheet, nothing imported (the dialog posts each one to
 * `POST /contactsImport`). @example { rows: [{ row: 2, name: 'Ana', number: '5511999990000', email: '' }] }
 */
export interface ContactSheetRowsDto {
  rows: ContactSheetRowDto[];
}

/** A connection (the spec's "whatsapp" record). @example { id: 1, name: 'Site', channel: 'webchat', status: 'CONNECTED' } */
export interface ConnectionDto {
  id: number;
  name: string;
  channel: Channel;
  status: ConnectionStatus;
  number: string | null;
  isDefault: boolean;
  /** The channel's credential (the web chat's public token): admins only; null for other users and in realtime events. */
  token: string | null;
  /**
   * The QR code a session waits to be scanned with (status `qrcode`), as the channel gave it: admins only; null
   * otherwise, for other users and in `company-{id}-whatsapp` frames (the `whatsappSession` frame carries it).
   */
  qrcode: string | null;
  /** QR codes shown since the session last connected (spec part 1 §3 `retries`). */
  retries: number;
  /** Why the session last failed (no network, refused, logged out on the phone, banned…); null once it works. */
  failureReason: ConnectionFailureReason | null;
  greetingMessage: string | null;
  /**
   * The greeting's media (`POST /whatsapp/{id}/media-upload`): where it is served (`/api/media/company1/…`); the
   * greeting and the queue menu go out as this file with their text as caption. null: none.
   */
  greetingMediaAttachment: string | null;
  /** The greeting media's file name as uploaded (`cardapio.pdf`); null: none. */
  greetingMediaName: string | null;
  complationMessage: string | null;
  outOfHoursMessage: string | null;
  ratingMessage: string | null;
  allowGroup: boolean;
  groupAsTicket: 'disabled' | 'enabled';
  /** Idle hours before an open ticket is closed; 0: never (default 24). */
  expiresTicket: number;
  /** The automation's settings of the connection (connectionSchema's documentation says what each does). */
  timeCreateNewTicket: number;
  maxUseBotQueues: number;
  timeUseBotQueues: number;
  timeSendQueue: number;
  sendIdQueue: number | null;
  whenExpiresTicket: '0' | '1';
  expiresTicketNps: number;
  maxUseBotQueuesNps: number;
  inactiveMessage: string | null;
  /** LGPD consent texts for this connection's contacts, replacing the company's lgpdMessage / lgpdLink; null: those. */
  lgpdMessage: string | null;
  lgpdLink: string | null;
  timeInactiveMessage: number;
  expiresInactiveMessage: string | null;
  /** Service hours, a row per weekday (used when the company's scheduleType is `connection`); null: none set. */
  schedules: ScheduleRow[] | null;
  /** Web chat: the website origins allowed to show the chat page in a frame (the embed snippet); none: [] */
  embedOrigins: string[];
  queues: QueueRef[];
  /** The queue integration and AI prompt answering the connection's new conversations (the integrations tab); null: none. */
  integrationId: number | null;
  promptId: number | null;
  /** The bot engine (`plugin:engine`) the admin chose for the connection's conversations; null: none chosen. */
  botEngine: string | null;
  /** History import window (ISO dates): messages from `importOldMessages` to `importRecentMessages` (none: now). */
  importOldMessages: string | null;
  importRecentMessages: string | null;
  /** The import brings group chats too. */
  importOldMessagesGroups: boolean;
  /** Imported tickets are closed when the import ends; otherwise the close-imported action is offered. */
  closedTicketsPostImported: boolean;
  /** 'Running' while importing, 'renderButtonCloseTickets' when done with imported tickets left open; else null. */
  statusImportMessages: string | null;
  /** When the last history import started (ISO; null: none yet): the screen's "preparing" window counts from it. */
  importStartedAt: string | null;
  /** The queue imported tickets go to (null: none). */
  queueIdImportMessages: number | null;
  updatedAt: string;
  /** What the connection's channel adapter can do beyond sending (none when no plugin provides the channel). */
  capabilities: ChannelCapabilities;
  /** The channel's declared traits (defaults when no plugin provides it). */
  traits: ChannelTraits;
  /**
   * The company's plan no longer offers the connection's channel (a downgrade): its session is stopped, nothing is
   * sent or received through it, and the connections screen says why. false while the plan offers it.
   */
  notInPlan: boolean;
}

/**
 * `POST /contacts/import` and `/contacts/import/chats` answer: contacts created, and those the company already had
 * (or whose number was unusable). @example { imported: 3, skipped: 1 }
 */
export interface PhoneImportSummaryDto {
  imported: number;
  skipped: number;
}

/** A ticket as lists and the conversation header show it. @example ticket.status === 'pending' */
export interface TicketDto {
  id: number;
  uuid: string;
  status: TicketStatus;
  isGroup: boolean;
  isBot: boolean;
  channel: Channel;
  userId: number | null;
  user: { id: number; name: string } | null;
  queueId: number | null;
  queue: QueueRef | null;
  contactId: number;
  contact: { id: number; name: string; number: string; urlPicture: string | null; tags: TagDto[] };
  whatsappId: number | null;
  whatsapp: { id: number; name: string; groupAsTicket: string } | null;
  lastMessage: string | null;
  unreadMessages: number;
  useIntegration: boolean;
  tags: TagDto[];
  /** The customer's 1–5 rating of a closed ticket, once the rating flow records one (absent until then). */
  rating?: number | null;
  updatedAt: string;
  createdAt: string;
}

/**
 * The other non-closed ticket an `ERR_OTHER_OPEN_TICKET` answer names — only to a user who may see it (others learn
 * only that one exists): which ticket, who has it, in which queue.
 * @example { error: 'ERR_OTHER_OPEN_TICKET', ticket: { id: 7, uuid: '…', status: 'open', userId: 2, user: { id: 2, name: 'Ana' }, queueId: null, queue: null } }
 */
export type OtherOpenTicketRef = Pick<
  TicketDto,
  'id' | 'uuid' | 'status' | 'userId' | 'user' | 'queueId' | 'queue'
>;

/** A message of a conversation. @example message.ack === 3 means read */
export interface MessageDto {
  id: number;
  ticketId: number;
  body: string;
  fromMe: boolean;
  read: boolean;
  ack: number;
  mediaType: string;
  mediaUrl: string | null;
  /** The message replied to; `mediaType` lets a reply to an uncaptioned voice note name it (lastMessagePreview). */
  quotedMsg: { id: number; body: string; fromMe: boolean; mediaType: string } | null;
  isDeleted: boolean;
  isEdited: boolean;
  isForwarded: boolean;
  isPrivate: boolean;
  queueId: number | null;
  /** The attendant who wrote it (null for the contact's messages): only they may delete it. */
  userId: number | null;
  /**
   * Why the channel could not deliver it after every retry (the outbox gave up); null while it is on its way or once
   * delivered. Attendants may retry it (`POST /api/messages/{id}/retry`).
   */
  deliveryError: string | null;
  participant: string | null;
  contact: { id: number; name: string } | null;
  createdAt: string;
}

/** A ticket note. @example { id: 1, note: 'Called back', user: { name: 'Ana' } } */
export interface TicketNoteDto {
  id: number;
  note: string;
  ticketId: number | null;
  contactId: number | null;
  user: { id: number; name: string } | null;
  createdAt: string;
}

/** Ticket log entry types (spec part 1 §3). @example TICKET_LOG_TYPES.includes('transfered') */
export const TICKET_LOG_TYPES = [
  'create',
  /** The new ticket waits for the contact's LGPD consent (docs/automation.md "LGPD consent"). */
  'lgpd',
  'chatBot',
  'queue',
  'open',
  'access',
  'transfered',
  'receivedTransfer',
  'pending',
  'closed',
  'reopen',
  /** The attendant's close asked the contact for a rating (the ticket waits in status nps). */
  'nps',
  /** Closed by a timer: the rating's wait ran out, or the ticket was idle (docs/automation.md). */
  'autoClose',
  /** Moved by the connection's redirect timer to its queue (docs/automation.md "Idle tickets"). */
  'redirect',
  /** Closed by the contact, writing "sair" to the queue menu or a queue's chatbot (docs/automation.md). */
  'clientClosed',
  /**
   * Closed because its contact turned out to be another contact too (a channel's late identity, ConversationsPort
   * .mergeContact): its messages moved to that person's other non-closed ticket on the connection.
   */
  'merged',
] as const;
export type TicketLogType = (typeof TICKET_LOG_TYPES)[number];

/** A ticket log entry. @example { type: 'open', user: { name: 'Ana' } } */
export interface TicketLogDto {
  id: number;
  type: TicketLogType;
  user: { id: number; name: string } | null;
  queue: QueueRef | null;
  /** The bot engine (`plugin:engine`) that made this change, when no user did. */
  bot?: string | null;
  /** The plugin that made this change acting as the company (TicketsPort with `'plugin'`, sendToContact). */
  plugin?: string | null;
  createdAt: string;
}

/**
 * `POST /api/tickets/closeAll`: how many closed, and the tickets left as they were with the reason (a contact without
 * a tag while requiredTag is on).
 * @example { closed: 3, skipped: [{ id: 42, error: 'ERR_TAG_REQUIRED' }] }
 */
export interface CloseAllResult {
  closed: number;
  skipped: { id: number; error: 'ERR_TAG_REQUIRED' }[];
}
