import type { ChannelSessionContext, HistoryImportWindow, InboundMessage } from '@balcao/sdk';
import {
  type BaileysEventMap,
  type Chat,
  type Contact,
  proto,
  type WAMessage,
} from '@whiskeysockets/baileys';
import { HistoryMedia, type PendingMedia } from './history-media.js';
import { type LateIdentities, mappingsOf, withPhoneNumbers } from './identity.js';
import { contactIdOf, normaliseInbound } from './inbound.js';
import type { SessionDeps } from './session.js';
import type { WhatsappSocket } from './socket.js';

type HistorySet = BaileysEventMap['messaging-history.set'];
type HistoryStatus = BaileysEventMap['messaging-history.status'];
const { HistorySyncType } = proto.HistorySync;

/** What a session's history sync needs besides its context. */
export interface HistorySyncOptions {
  /** The import the connection asks for (ChannelSessionContext.history), or null. */
  window: HistoryImportWindow | null;
  /** When the session last lost its connection (this process saw it): a gap to fill from RECENT/ON_DEMAND syncs. */
  gapSince: Date | undefined;
  /** The session's socket: LIDs' numbers (its store), and the imported media's downloads. */
  socket: WhatsappSocket;
  /**
   * The policy's historyIdleMs (an import ends this long after the last batch) and historyMedia* (its files,
   * history-media.ts); downloadMedia fetches them (Baileys asks the phone to re-upload expired media).
   */
  deps: Pick<SessionDeps, 'policy' | 'downloadMedia'>;
  /** Messages received live (or missed while disconnected): the session's own pipeline, media and all. */
  live(messages: WAMessage[]): Promise<void>;
  /** Where the LID → phone number pairs a batch carries go: LID contacts made before join their number's. */
  identities: Pick<LateIdentities, 'learnt'>;
}

/**
 * A lost connection is noticed late (keep-alives fail after tens of seconds): the gap starts this much earlier.
 * Ingest is idempotent, so what overlaps is not stored twice.
 */
export const GAP_MARGIN_MS = 120_000;

const secondsOf = (m: WAMessage): number => Number(m.messageTimestamp?.toString() ?? 0);

/**
 * Baileys options for a session with an import: WhatsApp sends the phone's full history (FULL syncs, which Baileys
 * skips by default) only when asked at pairing; without an import the defaults stand.
 */
export const historySocketConfig = (window: HistoryImportWindow | null) =>
  window ? { syncFullHistory: true, shouldSyncHistoryMessage: () => true } : {};

/**
 * One socket's history sync (Baileys' `messaging-history.set` batches and `messaging-history.status`).
 * - With an import window: each batch's messages in the window (groups only when asked) are normalised and handed to
 *   `conversations.ingestHistory`; progress goes to `ctx.history` (-1 while preparing), and the import ends when a
 *   FULL sync reaches 100 %, or `historyIdleMs` after the last batch, or when the socket goes. Its media messages are
 *   stored caption-only; once it ends their files are fetched in the background (history-media.ts), durably: what is
 *   still owed when the session ends is fetched when the next one opens (`opened`).
 * - A reconnect's gap, import or not: messages of RECENT and ON_DEMAND syncs from `gapSince` on go the live way (they
 *   came while Balcão was away). Ingest is idempotent, so what `messages.upsert` already brought is not stored twice.
 */
export class HistorySync {
  private chain: Promise<void> = Promise.resolve();
  private started = false;
  private ended = false;
  private processed = 0;
  private total = 0;
  private idle: NodeJS.Timeout | undefined;
  private readonly names = new Map<string, string>();
  private readonly media: HistoryMedia;

  constructor(
    private readonly ctx: ChannelSessionContext,
    private readonly options: HistorySyncOptions,
  ) {
    const { socket, deps } = options;
    const { policy } = deps;
    this.media = new HistoryMedia(ctx, {
      download: (message) => deps.downloadMedia(message, socket),
      max: policy.historyMediaMax,
      concurrency: policy.historyMediaConcurrency,
      timeoutMs: policy.historyMediaTimeoutMs,
    });
  }

  /** A `messaging-history.set` batch; batches are handled one after another, in arrival order. */
  onSet(batch: HistorySet): Promise<void> {
    return this.enqueue(() => this.handle(batch));
  }

  /** Baileys' `messaging-history.status`: a sync phase completed or paused; the import may end soon after. */
  onStatus(status: HistoryStatus): void {
    if (this.started && status.syncType === HistorySyncType.RECENT) this.armIdle();
  }

  /** The session is open: the files earlier imports still owe (a session that ended before fetching them) resume. */
  opened(): void {
    void this.media.resume();
  }

  /** The socket went away: an import under way ends with what it has (nothing would finish it later). */
  close(): Promise<void> {
    clearTimeout(this.idle);
    this.media.stop(); // before finish: without a socket nothing can be downloaded
    return this.enqueue(() => this.finish());
  }

  /** One piece of work after the others; a failure is logged and the next still runs. */
  private enqueue(work: () => Promise<void>): Promise<void> {
    this.chain = this.chain.then(work).catch((err) => this.fail(err));
    return this.chain;
  }

  private async handle(batch: HistorySet): Promise<void> {
    this.remember(batch.contacts, batch.chats);
    // Pairs first: a contact an earlier batch (or live message) made under a LID is the number's before this batch's
    // messages arrive, and these come in under the number.
    if (batch.lidPnMappings?.length) await this.options.identities.learnt(batch.lidPnMappings);
    const { window, gapSince } = this.options;
    const gapType = batch.syncType === HistorySyncType.RECENT || batch.syncType === HistorySyncType.ON_DEMAND;
    const since =
      gapSince && gapType ? (gapSince.getTime() - GAP_MARGIN_MS) / 1000 : Number.POSITIVE_INFINITY;
    const missed = batch.messages.filter((m) => secondsOf(m) >= since);
    if (missed.length) await this.options.live(missed.sort((a, b) => secondsOf(a) - secondsOf(b)));
    if (window)
      await this.importBatch(
        window,
        batch.messages.filter((m) => secondsOf(m) < since),
        batch,
      );
  }

  private async importBatch(
    window: HistoryImportWindow,
    messages: WAMessage[],
    batch: HistorySet,
  ): Promise<void> {
    const { ctx } = this;
    if (this.ended || !ctx.conversations.ingestHistory) return;
    if (!this.started) {
      this.started = true;
      await ctx.history?.progress(-1, 0);
    }
    clearTimeout(this.idle);
    const items = await this.inWindow(window, messages, mappingsOf(batch.lidPnMappings));
    this.total += items.length;
    if (items.length) {
      const inbound = items.map((i) => i.inbound);
      const r = await ctx.conversations.ingestHistory(ctx.connection, inbound, { imported: true });
      this.processed += r.stored + r.duplicate + r.ignored + r.blocked;
      // Files of what was stored now only: a batch played again (all duplicates) fetches nothing twice.
      const stored = new Set(r.storedIds ?? []);
      this.media.offer(items.flatMap((i) => (i.media && stored.has(i.media.externalId) ? [i.media] : [])));
      await ctx.history?.progress(this.processed, this.total);
    }
    if (batch.syncType === HistorySyncType.FULL && batch.progress === 100) return this.finish();
    this.armIdle();
  }

  /**
   * The batch's conversation messages in the window, as Balcão ingests them (media first as caption and type, with
   * the file to fetch after the import), a LID's known by the number behind it when the batch or the store knows it.
   */
  private async inWindow(
    window: HistoryImportWindow,
    messages: WAMessage[],
    known: ReadonlyMap<string, string>,
  ): Promise<{ inbound: InboundMessage; media: PendingMedia | null }[]> {
    const from = window.from.getTime() / 1000;
    const until = (window.until ?? new Date()).getTime() / 1000;
    const out: { inbound: InboundMessage; media: PendingMedia | null }[] = [];
    for (const message of messages) {
      const at = secondsOf(message);
      if (at < from || at > until) continue;
      // The numbers behind its LIDs: the batch's own pairs first, then the session's store.
      const key = await withPhoneNumbers(this.options.socket, message.key, known);
      for (const { inbound, media } of normaliseInbound({ ...message, key })) {
        if (inbound.isGroup && !window.groups) continue;
        // A reaction taken back is news only live (it drops a badge); in the past it is no message to import.
        if (inbound.mediaType === 'reactionMessage' && !inbound.body) continue;
        out.push({
          inbound: { ...inbound, from: { ...inbound.from, name: this.nameOf(message, inbound) } },
          // The message as WhatsApp gave it: the phone re-uploads expired media by its original key.
          media: media ? { externalId: inbound.externalId, message, media, at } : null,
        });
      }
    }
    return out;
  }

  /** A history message rarely has a push name: the chat's or the address book's name stands in. */
  private nameOf(message: WAMessage, inbound: InboundMessage): string {
    if (inbound.from.name && !inbound.isGroup) return inbound.from.name;
    if (message.key.fromMe !== true && !inbound.isGroup && message.pushName) return message.pushName;
    return this.names.get(message.key.remoteJid ?? '') ?? this.names.get(inbound.from.id) ?? '';
  }

  private remember(contacts: Contact[], chats: Chat[]): void {
    for (const c of contacts) {
      const name = c.name || c.notify || c.verifiedName;
      if (!name) continue;
      this.names.set(c.id, name);
      const id = contactIdOf(c.id, c.phoneNumber);
      if (id) this.names.set(id, name);
    }
    for (const { id, name } of chats) if (id && name && !this.names.has(id)) this.names.set(id, name);
  }

  private armIdle(): void {
    clearTimeout(this.idle);
    this.idle = setTimeout(
      () => void this.enqueue(() => this.finish()),
      this.options.deps.policy.historyIdleMs,
    );
  }

  private async finish(): Promise<void> {
    clearTimeout(this.idle);
    if (!this.started || this.ended) return;
    this.ended = true;
    await this.ctx.history?.finished();
    // The text is in: now its files, in the background (the chain stays free for the next batches and close).
    void this.media.start();
  }

  private fail(err: unknown): void {
    this.ctx.logger.error({ err }, 'whatsapp history import failed');
  }
}
