import type { SessionStore } from '@balcao/sdk';
import { proto, type WAMessage } from '@whiskeysockets/baileys';
import type { InboundMedia } from './inbound.js';

/** An imported message whose file is still to fetch: stored caption-only, its file attached once downloaded. */
export interface PendingMedia {
  externalId: string;
  message: WAMessage;
  media: InboundMedia;
  /** When it was written (seconds): the most recent are fetched first, and the cap keeps those. */
  at: number;
}

/** The SessionStore keys of the files an import still owes: one per message, `history-media:{externalId}`. */
export const OWED_PREFIX = 'history-media:';

/** SessionStore keys are 1–200 printable characters without spaces (sdk sessionKeySchema). */
const keyOf = (externalId: string) => `${OWED_PREFIX}${encodeURIComponent(externalId)}`.slice(0, 200);

/** Newest first. */
export const newestFirst = (a: PendingMedia, b: PendingMedia) => b.at - a.at;

/**
 * The files a connection's imports still owe, in its session store (PostgreSQL, encrypted, cleared on logout): each
 * recorded as its import stores it, removed once fetched or failed for good, so a session that ends (the socket goes,
 * the process dies) leaves the rest to the next one. The message is kept as WhatsApp gave it (protobuf, its key apart):
 * the phone re-uploads expired media by its original key.
 */
export class OwedMedia {
  constructor(private readonly store: SessionStore) {}

  async add(item: PendingMedia): Promise<void> {
    const message = Buffer.from(proto.WebMessageInfo.encode(item.message).finish()).toString('base64');
    await this.store.set(
      keyOf(item.externalId),
      JSON.stringify({
        externalId: item.externalId,
        key: item.message.key,
        message,
        media: item.media,
        at: item.at,
      }),
    );
  }

  remove(externalId: string): Promise<void> {
    return this.store.delete(keyOf(externalId));
  }

  /** Everything owed, newest first; an entry that cannot be read any more is dropped. */
  async list(): Promise<PendingMedia[]> {
    const out: PendingMedia[] = [];
    for (const { key, value } of await this.store.list(OWED_PREFIX)) {
      try {
        const raw = JSON.parse(value) as Omit<PendingMedia, 'message'> & {
          key: WAMessage['key'];
          message: string;
        };
        const message = proto.WebMessageInfo.decode(Buffer.from(raw.message, 'base64')) as WAMessage;
        message.key = raw.key;
        out.push({ externalId: raw.externalId, message, media: raw.media, at: raw.at });
      } catch {
        await this.store.delete(key);
      }
    }
    return out.sort(newestFirst);
  }
}
