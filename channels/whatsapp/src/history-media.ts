import { type ChannelSessionContext, MEDIA_MAX_BYTES } from '@balcao/sdk';
import { getContentType, normalizeMessageContent, type WAMessage } from '@whiskeysockets/baileys';
import type { InboundMedia } from './inbound.js';

/** An imported message whose file is still to fetch: stored caption-only, its file attached once downloaded. */
export interface PendingMedia {
  externalId: string;
  message: WAMessage;
  media: InboundMedia;
  /** When it was written (seconds): the most recent are fetched first, and the cap keeps those. */
  at: number;
}

export interface HistoryMediaOptions {
  /** Downloads a message's media (the session's downloadMedia on its socket: Baileys asks the phone to re-upload). */
  download(message: WAMessage): Promise<Uint8Array>;
  /** At most this many files per import, the most recent (0: none). */
  max: number;
  /** Downloads at once. */
  concurrency: number;
  /** A download that takes longer gives its place up (the message stays without its file). */
  timeoutMs: number;
}

/** The size WhatsApp declares for a message's media (`fileLength`), or null when it says none. */
export function declaredSize(message: WAMessage): number | null {
  const content = normalizeMessageContent(message.message);
  const type = content ? getContentType(content) : undefined;
  const media = type && content ? (content[type] as { fileLength?: unknown } | null | undefined) : null;
  const size = Number(media?.fileLength?.toString() ?? Number.NaN);
  return Number.isFinite(size) ? size : null;
}

/**
 * The files of a history import, fetched after its text (ChannelSessionContext.conversations.attachMedia): the import
 * offers each media message it stored (never a duplicate, so a batch played again fetches nothing twice); when the
 * import ends, the `max` most recent are downloaded `concurrency` at a time, newest first, each stored in the company's
 * media and attached to its message (attendants see it live). A file over the media store's limit is not downloaded; a
 * failed, expired or refused one is logged (ERR_WAPP_DOWNLOAD_MEDIA) and its message stays caption-only, which
 * the conversation shows as a missing file. `stop` (the socket went) drops what was not started: nothing can fetch it.
 */
export class HistoryMedia {
  private pending: PendingMedia[] = [];
  private state: 'collecting' | 'running' | 'stopped' = 'collecting';
  private work: Promise<void> = Promise.resolve();

  constructor(
    private readonly ctx: ChannelSessionContext,
    private readonly options: HistoryMediaOptions,
  ) {}

  /** Media messages the import just stored; only the `max` most recent are kept (the list never grows past 2×max). */
  offer(items: readonly PendingMedia[]): void {
    if (this.state !== 'collecting' || this.options.max <= 0) return;
    this.pending.push(...items);
    if (this.pending.length > 2 * this.options.max) this.trim();
  }

  /** The import ended: fetch what was offered. Answers when every download has ended (tests wait on it). */
  start(): Promise<void> {
    if (this.state !== 'collecting') return this.work;
    this.state = 'running';
    this.trim();
    if (!this.ctx.conversations.attachMedia) this.pending = [];
    const workers = Array.from({ length: Math.max(1, this.options.concurrency) }, () => this.worker());
    this.work = Promise.all(workers).then(() => undefined);
    return this.work;
  }

  /** The socket went: nothing more is started (downloads under way end on their own). */
  stop(): void {
    this.state = 'stopped';
    this.pending = [];
  }

  /** Newest first, at most `max`. */
  private trim(): void {
    this.pending.sort((a, b) => b.at - a.at);
    this.pending.length = Math.min(this.pending.length, this.options.max);
  }

  private async worker(): Promise<void> {
    for (let next = this.pending.shift(); next; next = this.pending.shift()) {
      if (this.state !== 'running') return;
      await this.fetch(next);
    }
  }

  private async fetch(item: PendingMedia): Promise<void> {
    const { ctx } = this;
    const size = declaredSize(item.message);
    if (size !== null && size > MEDIA_MAX_BYTES)
      return this.missing(item, 'larger than the media store takes');
    try {
      const data = await this.download(item.message);
      const stored = await ctx.media.store({
        data,
        fileName: item.media.fileName,
        mimeType: item.media.mimeType,
      });
      await ctx.conversations.attachMedia?.(ctx.connection, item.externalId, stored);
    } catch (err) {
      this.missing(item, 'download failed', err);
    }
  }

  private download(message: WAMessage): Promise<Uint8Array> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('download timed out')), this.options.timeoutMs);
    });
    return Promise.race([this.options.download(message), timeout]).finally(() => clearTimeout(timer));
  }

  private missing(item: PendingMedia, why: string, err?: unknown): void {
    this.ctx.logger.warn(
      { err, code: 'ERR_WAPP_DOWNLOAD_MEDIA', externalId: item.externalId, history: true },
      `whatsapp history media not fetched (${why}): the message stays without its file`,
    );
  }
}
