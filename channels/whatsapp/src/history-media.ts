import { type ChannelSessionContext, MEDIA_MAX_BYTES, type SessionStore } from '@balcao/sdk';
import { getContentType, normalizeMessageContent, type WAMessage } from '@whiskeysockets/baileys';
import { newestFirst, OwedMedia, type PendingMedia } from './history-owed.js';

export type { PendingMedia } from './history-owed.js';

export interface HistoryMediaOptions {
  /** Downloads a message's media (the session's downloadMedia on its socket: Baileys asks the phone to re-upload). */
  download(message: WAMessage): Promise<Uint8Array>;
  /** At most this many files owed, the most recent (0: none). */
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
 * Files this process took, per connection (its session store): under way or settled (attached, or failed for good). A
 * socket that follows one still fetching, or a resume that read the store just before one settled, skips them; one
 * that stays owed (the socket went) is given back.
 */
const takenBy = new WeakMap<SessionStore, Set<string>>();

/**
 * The files of a history import, fetched after its text (ChannelSessionContext.conversations.attachMedia), durably:
 * - the import offers each media message it stored (never a duplicate, so a batch played again fetches nothing
 *   twice); the `max` most recent offered are recorded in the connection's session store as owed (OwedMedia) as they
 *   come, before any download starts;
 * - when the import ends (`start`), and whenever a session opens (`resume`), what is owed — this import's and what an
 *   earlier session left — is fetched `concurrency` at a time, newest first, at most `max` (older ones are dropped),
 *   each stored in the company's media and attached to its message (attendants see it live), then removed from the
 *   store;
 * - a file over the media store's limit is not downloaded; a failed, expired (after Baileys' re-upload request to the
 *   phone), timed out or refused one is logged (ERR_WAPP_DOWNLOAD_MEDIA), removed, and its message stays caption-only,
 *   which the conversation shows as a missing file;
 * - `stop` (the socket went) starts nothing more; what was not started, or failed because the socket went, stays owed
 *   for the next session.
 */
export class HistoryMedia {
  /** This import's offered files still among the `max` most recent, all recorded (or being recorded). */
  private kept: PendingMedia[] = [];
  private queue: PendingMedia[] = [];
  private offering = true;
  private stopped = false;
  private running = 0;
  private writes: Promise<void> = Promise.resolve();
  private work: Promise<void> = Promise.resolve();
  private readonly owed: OwedMedia;
  private readonly taken: Set<string>;

  constructor(
    private readonly ctx: ChannelSessionContext,
    private readonly options: HistoryMediaOptions,
  ) {
    this.owed = new OwedMedia(ctx.session);
    const taken = takenBy.get(ctx.session) ?? new Set<string>();
    takenBy.set(ctx.session, taken);
    this.taken = taken;
  }

  private get enabled(): boolean {
    return this.options.max > 0 && !!this.ctx.conversations.attachMedia;
  }

  /** Media messages the import just stored: the `max` most recent so far are recorded as owed. */
  offer(items: readonly PendingMedia[]): void {
    if (!this.offering || !items.length || !this.enabled) return;
    const all = [...this.kept, ...items].sort(newestFirst);
    const kept = all.slice(0, this.options.max);
    const keeps = new Set(kept);
    const added = items.filter((i) => keeps.has(i));
    const dropped = this.kept.filter((i) => !keeps.has(i));
    this.kept = kept;
    this.writes = this.writes.then(async () => {
      try {
        for (const item of added) await this.owed.add(item);
        for (const item of dropped) await this.owed.remove(item.externalId);
      } catch (err) {
        this.ctx.logger.warn({ err, history: true }, 'whatsapp history media: could not record what is owed');
      }
    });
  }

  /**
   * The import ended: its files (and what earlier sessions still owe) are fetched; with the socket gone they stay
   * owed. Answers when every download has ended (tests wait on it).
   */
  start(): Promise<void> {
    this.offering = false;
    return this.writes.then(() => this.resume());
  }

  /** The session is open: what is owed is fetched. Answers when every download has ended. */
  async resume(): Promise<void> {
    if (this.stopped || !this.enabled) return this.work;
    let owed: PendingMedia[];
    try {
      owed = await this.owed.list();
    } catch (err) {
      this.ctx.logger.warn({ err, history: true }, 'whatsapp history media: could not read what is owed');
      return this.work;
    }
    for (const item of owed.slice(this.options.max)) await this.owed.remove(item.externalId);
    if (this.stopped) return this.work;
    const queued = new Set(this.queue.map((i) => i.externalId));
    for (const item of owed.slice(0, this.options.max))
      if (!queued.has(item.externalId) && !this.taken.has(item.externalId)) this.queue.push(item);
    this.queue.sort(newestFirst);
    const workers: Promise<void>[] = [];
    while (this.running < Math.max(1, this.options.concurrency) && this.queue.length) {
      this.running += 1;
      workers.push(
        this.worker().finally(() => {
          this.running -= 1;
        }),
      );
    }
    this.work = Promise.all([this.work, ...workers]).then(() => undefined);
    return this.work;
  }

  /** The socket went: nothing more is started (downloads under way end on their own); the rest stays owed. */
  stop(): void {
    this.stopped = true;
    this.queue = [];
  }

  private async worker(): Promise<void> {
    for (let next = this.queue.shift(); next && !this.stopped; next = this.queue.shift()) {
      if (this.taken.has(next.externalId)) continue;
      this.taken.add(next.externalId);
      if (!(await this.fetch(next).catch(() => false))) this.taken.delete(next.externalId);
    }
  }

  /** Fetches and attaches one file; answers false when it stays owed (the socket went while it downloaded). */
  private async fetch(item: PendingMedia): Promise<boolean> {
    const { ctx } = this;
    const size = declaredSize(item.message);
    if (size !== null && size > MEDIA_MAX_BYTES) {
      await this.missing(item, 'larger than the media store takes');
      return true;
    }
    try {
      const data = await this.download(item.message);
      const stored = await ctx.media.store({
        data,
        fileName: item.media.fileName,
        mimeType: item.media.mimeType,
      });
      await ctx.conversations.attachMedia?.(ctx.connection, item.externalId, stored);
    } catch (err) {
      // The socket went while it downloaded: not the file's fault, the next session tries again.
      if (this.stopped) return false;
      await this.missing(item, 'download failed', err);
      return true;
    }
    await this.owed.remove(item.externalId).catch(() => {});
    return true;
  }

  private download(message: WAMessage): Promise<Uint8Array> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('download timed out')), this.options.timeoutMs);
    });
    return Promise.race([this.options.download(message), timeout]).finally(() => clearTimeout(timer));
  }

  /** Failed for good: logged, and no longer owed. */
  private async missing(item: PendingMedia, why: string, err?: unknown): Promise<void> {
    this.ctx.logger.warn(
      { err, code: 'ERR_WAPP_DOWNLOAD_MEDIA', externalId: item.externalId, history: true },
      `whatsapp history media not fetched (${why}): the message stays without its file`,
    );
    await this.owed.remove(item.externalId).catch(() => {});
  }
}
