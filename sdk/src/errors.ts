/**
 * Error codes the API answers with (`{ "error": "ERR_…" }`). The UI translates each one.
 * @example throw new AppError('ERR_NO_PERMISSION', 403)
 */
export const ERROR_CODES = [
  'ERR_NO_OTHER_WHATSAPP',
  'ERR_NO_DEF_WAPP_FOUND',
  'ERR_WAPP_NOT_INITIALIZED',
  'ERR_WAPP_CHECK_CONTACT',
  'ERR_WAPP_INVALID_CONTACT',
  'ERR_WAPP_DOWNLOAD_MEDIA',
  'ERR_INVALID_CREDENTIALS',
  'ERR_SENDING_WAPP_MSG',
  'ERR_DELETE_WAPP_MSG',
  'ERR_OTHER_OPEN_TICKET',
  'ERR_SESSION_EXPIRED',
  'ERR_USER_CREATION_DISABLED',
  'ERR_NO_PERMISSION',
  'ERR_DUPLICATED_CONTACT',
  'ERR_NO_SETTING_FOUND',
  'ERR_NO_CONTACT_FOUND',
  'ERR_NO_TICKET_FOUND',
  'ERR_NO_USER_FOUND',
  'ERR_NO_WAPP_FOUND',
  'ERR_CREATING_MESSAGE',
  'ERR_CREATING_TICKET',
  'ERR_FETCH_WAPP_MSG',
  'ERR_QUEUE_COLOR_ALREADY_EXISTS',
  'ERR_WAPP_GREETING_REQUIRED',
  'ERR_OUT_OF_HOURS',
  // Platform codes beyond the spec's catalogue.
  'ERR_VALIDATION',
  /** No route serves this method and path under /api (distinct from every entity's own not-found code). */
  'ERR_NO_ROUTE',
  /** The HTTP request itself is malformed (request line, target, headers): answered before any route. */
  'ERR_BAD_REQUEST',
  /** The request's body stopped arriving (HTTP_BODY_IDLE_MS) or took longer than HTTP_REQUEST_MS in all. */
  'ERR_REQUEST_TIMEOUT',
  /** The request's headers exceed Node's 16 KiB limit. */
  'ERR_HEADERS_TOO_LARGE',
  /** Entities the spec's catalogue names no not-found code for: each answers its own. */
  'ERR_NO_MESSAGE_FOUND',
  'ERR_NO_QUEUE_FOUND',
  'ERR_NO_CHATBOT_FOUND',
  /** A chatbot option with options under it has no message (spec part 2 §5: the bot would not proceed). */
  'ERR_CHATBOT_MESSAGE_REQUIRED',
  /** A queue, connection or chatbot option names a bot engine not registered, or one the company's plan lacks. */
  'ERR_BOT_ENGINE_UNAVAILABLE',
  'ERR_NO_TAG_FOUND',
  'ERR_NO_TICKET_NOTE_FOUND',
  /** A connection's history import window (spec part 1 §5 "Import dates"). */
  'ERR_IMPORT_OLD_MESSAGES_TOO_OLD',
  'ERR_IMPORT_OLD_MESSAGES_IN_FUTURE',
  'ERR_IMPORT_RECENT_BEFORE_OLD',
  /** A stored media file (`/api/media/…`). */
  'ERR_NO_MEDIA_FOUND',
  'ERR_SUBSCRIPTION_EXPIRED',
  'ERR_TOO_MANY_ATTEMPTS',
  'ERR_NO_COMPANY_FOUND',
  'ERR_NO_PLAN_FOUND',
  /** Company 1 owns the platform: it cannot be deleted nor switched off. */
  'ERR_PLATFORM_COMPANY',
  /** A table outside core still references the company (a plugin's foreign key without cascade): nothing deleted. */
  'ERR_COMPANY_IN_USE',
  'ERR_NO_HELP_FOUND',
  'ERR_PLAN_IN_USE',
  'ERR_DUPLICATED_EMAIL',
  'ERR_DUPLICATED_COMPANY',
  'ERR_USER_LIMIT_REACHED',
  'ERR_QUEUE_LIMIT_REACHED',
  'ERR_CONNECTION_LIMIT_REACHED',
  'ERR_TAG_REQUIRED',
  'ERR_TICKET_NOT_OPEN',
  'ERR_INVALID_TICKET_TRANSITION',
  'ERR_MEDIA_TOO_LARGE',
  'ERR_MEDIA_TYPE_NOT_ALLOWED',
  'ERR_AUDIO_TOO_SHORT',
  /** A profile image must be a photo (JPEG, PNG, GIF or WebP). */
  'ERR_PROFILE_IMAGE_TYPE',
  'ERR_NO_ANNOUNCEMENT_FOUND',
  /** An announcement's image must be a PNG or a JPEG (spec part 2 §5). */
  'ERR_ANNOUNCEMENT_IMAGE_TYPE',
  /** A viewer who sees numbers masked (LGPD) tried to change a contact's number. */
  'ERR_NUMBER_HIDDEN',
  /** The default connection's channel cannot read an address book or chat list (import from phone). */
  'ERR_CONNECTION_CANNOT_IMPORT',
  /** The connection's channel cannot reach that contact (a phone number over web chat, another site's visitor). */
  'ERR_CONNECTION_CANNOT_REACH',
  /** A connection's greeting media must be a JPEG, PNG, MP4 or PDF (GREETING_MEDIA_TYPES). */
  'ERR_GREETING_MEDIA_TYPE',
  /** A connection's greeting media is at most 16 MB (GREETING_MEDIA_MAX_BYTES). */
  'ERR_GREETING_MEDIA_TOO_LARGE',
  /** Changing one's own password: the current password given was wrong. */
  'ERR_WRONG_PASSWORD',
  /** Another connection of the company already has this name. */
  'ERR_DUPLICATED_CONNECTION',
  /** A write ran into a unique rule no check caught first (the database's own refusal). */
  'ERR_ALREADY_EXISTS',
  /** PostgreSQL cannot be reached right now (503): try again in a moment. */
  'ERR_DB_UNAVAILABLE',
  /** A retry was asked for a message whose delivery has not failed. */
  'ERR_MESSAGE_NOT_FAILED',
  /** The conversation's channel cannot carry reactions (its adapter has no `react` door). */
  'ERR_CHANNEL_CANNOT_REACT',
  /** A private note, a deleted message or a reaction cannot be reacted to. */
  'ERR_MESSAGE_NOT_REACTABLE',
  /** A reaction is not deleted (no "delete for everyone" on WhatsApp): it is taken off by reacting with nothing. */
  'ERR_REACTION_NOT_DELETABLE',
  /** The company's plan does not offer this connection's channel (the channel's or its plugin's plan flag is off). */
  'ERR_CHANNEL_NOT_IN_PLAN',
  /** The channel account (a Facebook page, an Instagram account) is already linked to another company's connection. */
  'ERR_CHANNEL_ACCOUNT_TAKEN',
  /** A call that needs the connection's running session (503): no live instance owns the session now. */
  'ERR_SESSION_UNAVAILABLE',
  /** A call relayed to the instance running the connection's session got no answer in time (504). */
  'ERR_SESSION_TIMEOUT',
  /**
   * The channel only lets replies through for some hours after the contact's last message (ChannelTraits
   * .replyWindowHours), and that time has passed: the contact must write first.
   */
  'ERR_OUTSIDE_REPLY_WINDOW',
  /** The channel's network refused the account credentials given to link a connection (an invalid or expired token). */
  'ERR_CHANNEL_CREDENTIALS',
  /** The channel's network refused a request or could not be reached (missing permissions, a network error). */
  'ERR_CHANNEL_REQUEST_FAILED',
  /** The user manages more accounts (Facebook pages) than one link reads (2,000: 20 requests of 100); nothing linked. */
  'ERR_CHANNEL_TOO_MANY_ACCOUNTS',
  /** Another user already has this WhatsApp number (a number finds one account for a password reset). */
  'ERR_DUPLICATED_WPP',
  /** Password reset: the platform's (company 1's) default connection is missing, not connected or cannot text a number. */
  'ERR_RESET_CHANNEL_UNAVAILABLE',
  /** Password reset: no attempt with that id for that number. */
  'ERR_NO_RESET_ATTEMPT_FOUND',
  /** Password reset: the code typed is not the one sent (`attemptsLeft` says how many tries remain). */
  'ERR_RESET_CODE_INVALID',
  /** Password reset: two wrong codes ended the attempt; a new code must be sent. */
  'ERR_RESET_ATTEMPTS_EXCEEDED',
  /** Password reset: the code expired, was already used, or a newer one was sent. */
  'ERR_RESET_CODE_EXPIRED',
  /** Password reset: the reset token is wrong, expired or already used; the code must be verified again. */
  'ERR_RESET_TOKEN_INVALID',
  /** The egress port refused the address: loopback, private, link-local or metadata, not in BALCAO_EGRESS_ALLOW. */
  'ERR_EGRESS_BLOCKED',
  /** The outside server did not answer within the request's timeout. */
  'ERR_EGRESS_TIMEOUT',
  /** The outside server's answer passed the request's size limit. */
  'ERR_EGRESS_TOO_LARGE',
  /** The outside server could not be reached (network error, too many redirects). */
  'ERR_EGRESS_FAILED',
  /** A spreadsheet past the reader's limits: too many rows (`maxRows` says how many), too large once unzipped, or too slow to read. */
  'ERR_SPREADSHEET_TOO_LARGE',
  /** The company already has a spreadsheet being read; it may send another when that one finishes. */
  'ERR_IMPORT_IN_PROGRESS',
  /** The server is reading as many spreadsheets as it reads at once; try again in a moment. */
  'ERR_SPREADSHEET_BUSY',
  /** A phone number's ticket was asked for and none of the company's connections writes to phone numbers: add a WhatsApp connection. */
  'ERR_NO_PHONE_CONNECTION',
  /** A field message: another record of the company already has this name (a tag, queue or plan). */
  'ERR_NAME_TAKEN',
  /** The company is switched off (its Active switch): its users cannot sign in and their sessions ended. */
  'ERR_COMPANY_INACTIVE',
  /** Facebook / Instagram linking: the server has no META_APP_SECRET, so Meta's deliveries could not be verified (an operator sets it). */
  'ERR_META_APP_SECRET_UNSET',
  'ERR_INTERNAL',
] as const;

/** One of {@link ERROR_CODES}. @example const code: ErrorCode = 'ERR_NO_TICKET_FOUND'; */
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * A plugin's own error code: the plugin's name, a colon, then `ERR_…` (see {@link definePluginErrors}). The UI
 * translates it from the plugin's locales (`errors.ERR_…` in the plugin's namespace).
 * @example const code: PluginErrorCode = 'tour:ERR_FULL';
 */
export type PluginErrorCode = `${string}:ERR_${string}`;

/** A validation problem on one input field. @example { path: 'email', message: 'Invalid email' } */
export interface FieldError {
  path: string;
  message: string;
}

/**
 * An error the HTTP layer turns into `{ error: code, ...details }` with `status`.
 * @example throw new AppError('ERR_OTHER_OPEN_TICKET', 409, { ticket })
 */
export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode | PluginErrorCode,
    public readonly status = 400,
    public readonly details: Record<string, unknown> = {},
  ) {
    super(code);
    this.name = 'AppError';
  }
}
