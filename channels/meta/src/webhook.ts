import type {
  Channel,
  ChannelConnection,
  ConversationsPort,
  InboundMessage,
  Logger,
  SessionStore,
} from '@balcao/sdk';
import { z } from 'zod';
import { BALCAO_SEND_METADATA, sentByBalcaoKey } from './channel.js';
import type { ContactProfile, ContactProfiles } from './contact-profile.js';
import { downloadAttachment } from './graph.js';
import type { SendsInFlight } from './sends-in-flight.js';
import type { PageSubscriptions } from './subscription.js';

/** Which Balcão channel a webhook's `object` is about. */
const CHANNEL_OF: Record<string, Channel> = { page: 'facebook', instagram: 'instagram' };

const attachmentSchema = z.object({
  type: z.string(),
  payload: z.object({ url: z.string().optional() }).loose().nullish(),
});

const messagingSchema = z
  .object({
    sender: z.object({ id: z.string() }),
    recipient: z.object({ id: z.string() }),
    timestamp: z.number().optional(),
    message: z
      .object({
        mid: z.string(),
        text: z.string().optional(),
        is_echo: z.boolean().optional(),
        metadata: z.string().optional(),
        attachments: z.array(attachmentSchema).optional(),
      })
      .loose()
      .optional(),
    delivery: z
      .object({ mids: z.array(z.string()).optional() })
      .loose()
      .optional(),
    read: z.object({ mid: z.string().optional(), watermark: z.number().optional() }).loose().optional(),
  })
  .loose();

/** A webhook delivery (developers.facebook.com/docs/messenger-platform/webhooks); unknown fields are ignored. */
export const webhookSchema = z.object({
  object: z.string(),
  entry: z.array(z.object({ id: z.string(), messaging: z.array(messagingSchema).optional() }).loose()),
});
export type WebhookPayload = z.infer<typeof webhookSchema>;
type Messaging = z.infer<typeof messagingSchema>;

/** Balcão's media type for a Graph attachment type; null for what it does not store as a file (shares, stickers' links). */
const MEDIA_TYPES: Record<string, string> = {
  image: 'image',
  audio: 'audio',
  video: 'video',
  file: 'application',
};

/**
 * What the webhook handler needs: core's door for channels, a logger, who looks contacts' names up and who keeps
 * pages subscribed to the current webhook fields (both optional).
 */
export interface WebhookDeps {
  conversations: ConversationsPort;
  logger: Logger;
  profiles?: ContactProfiles;
  subscriptions?: PageSubscriptions;
  /** This process's sends on their way: an echo that overtakes Graph's answer to one is skipped (SendsInFlight). */
  inFlight?: SendsInFlight;
}

/** What one delivery did, for the answer and the logs. */
export interface WebhookSummary {
  stored: number;
  acks: number;
  skipped: number;
}

/**
 * Hands one verified webhook delivery to Balcão: each entry's account (a page or Instagram account id) names its
 * connection; messages are ingested (attachments downloaded into Balcão's media first, the message id as externalId,
 * so a redelivery is stored once), deliveries and reads become acks. Echoes (what the page itself sent, from Meta's
 * inbox or through Balcão) are the company's messages (fromMe) in the contact's ticket: one Balcão sent already holds
 * the mid the Send API answered, so ingest finds it a duplicate; the extra mids of Balcão's own sends (a file's
 * caption, marked by `send`) are skipped. A contact's name and picture are looked up once a week (ContactProfiles), the
 * picture kept in Balcão's media.
 * Entries of unknown accounts, or of channels the company's plan lacks, are skipped. A connection whose page was
 * subscribed by older code is subscribed again to the current fields (PageSubscriptions).
 */
export async function handleWebhook(payload: WebhookPayload, deps: WebhookDeps): Promise<WebhookSummary> {
  const summary: WebhookSummary = { stored: 0, acks: 0, skipped: 0 };
  const channel = CHANNEL_OF[payload.object];
  if (!channel) return summary;
  for (const entry of payload.entry) {
    const connection = await deps.conversations.connectionByAccount(entry.id, channel);
    if (!connection) {
      summary.skipped += entry.messaging?.length ?? 0;
      continue;
    }
    const delivery = new Delivery(connection, deps);
    // A page linked by older code is subscribed again to the current fields, in the background (PageSubscriptions).
    if (deps.subscriptions) void delivery.refreshSubscription(deps.subscriptions, entry.id);
    for (const event of entry.messaging ?? []) await delivery.handle(event, summary);
  }
  return summary;
}

/** One entry's events on its connection; the connection's store and each contact's profile asked once per delivery. */
class Delivery {
  private store: Promise<SessionStore | null> | undefined;
  private readonly profiles = new Map<string, Promise<ContactProfile | null>>();

  constructor(
    private readonly connection: ChannelConnection,
    private readonly deps: WebhookDeps,
  ) {}

  async handle(event: Messaging, summary: WebhookSummary): Promise<void> {
    const { conversations } = this.deps;
    const { connection } = this;
    if (event.message) {
      const echo = event.message.is_echo === true;
      if (echo && (await this.isBalcaos(event.message, event.recipient.id))) {
        summary.skipped += 1;
        return;
      }
      // An echo's contact is its recipient: the page wrote to them.
      const contactId = echo ? event.recipient.id : event.sender.id;
      const profile = await this.profile(contactId);
      let reached = false;
      for (const inbound of await inboundOf(connection, event, this.deps, contactId)) {
        const result = await conversations.ingest(connection, {
          ...inbound,
          from: { id: contactId, name: profile?.name ?? '', picture: profile?.picture ?? null },
          ...(echo ? { fromMe: true } : {}),
        });
        if (result.outcome === 'stored') summary.stored += 1;
        reached ||= result.outcome === 'stored' || result.outcome === 'duplicate';
      }
      const store = await this.sessionStore();
      if (profile && reached && store)
        await this.deps.profiles?.remember(connection, store, contactId, profile);
      return;
    }
    if (event.delivery?.mids?.length) {
      for (const mid of event.delivery.mids)
        if (await conversations.ack(connection, mid, 2)) summary.acks += 1;
      return;
    }
    if (event.read) {
      summary.acks += await conversations.markRead(connection, event.sender.id);
      return;
    }
    summary.skipped += 1;
  }

  /** Brings the connection's page up to date with the webhook fields Balcão subscribes to (never rejects). */
  async refreshSubscription(subscriptions: PageSubscriptions, account: string): Promise<void> {
    await subscriptions.refresh(this.connection, await this.sessionStore(), account);
  }

  /** The connection's own store (page token, profile markers); null when core offers none or it cannot be read. */
  private sessionStore(): Promise<SessionStore | null> {
    this.store ??= (async () => {
      if (!this.deps.conversations.connectionStore) return null;
      return this.deps.conversations.connectionStore(this.connection).catch((err: unknown) => {
        this.deps.logger.warn({ err, connectionId: this.connection.id }, 'meta connection store unavailable');
        return null;
      });
    })();
    return this.store;
  }

  private profile(contactId: string): Promise<ContactProfile | null> {
    let profile = this.profiles.get(contactId);
    if (!profile) {
      const { profiles } = this.deps;
      profile = profiles
        ? this.sessionStore().then((store) =>
            profiles.lookup(this.connection, store, contactId, (file) =>
              this.deps.conversations.storeMedia(this.connection, file),
            ),
          )
        : Promise.resolve(null);
      this.profiles.set(contactId, profile);
    }
    return profile;
  }

  /**
   * Whether an echo is of Balcão's own send: its metadata says so (Messenger), its mid is marked in the connection's
   * store (an Instagram file or caption), or it is the id Graph answered to a send of this process to the same
   * contact, waited for when still on its way (SendsInFlight).
   */
  private async isBalcaos(message: { mid: string; metadata?: string }, contactId: string): Promise<boolean> {
    if (message.metadata === BALCAO_SEND_METADATA || (await this.sentByBalcao(message.mid))) return true;
    return (await this.deps.inFlight?.isOurs(this.connection.id, contactId, message.mid)) ?? false;
  }

  /** An echo of a mid Balcão's `send` marked (a caption sent after its file): consumed, not stored again. */
  private async sentByBalcao(mid: string): Promise<boolean> {
    const store = await this.sessionStore();
    if (!store) return false;
    try {
      if (!(await store.get(sentByBalcaoKey(mid)))) return false;
      await store.delete(sentByBalcaoKey(mid));
      return true;
    } catch (err) {
      this.deps.logger.warn({ err, connectionId: this.connection.id, mid }, 'meta echo marker unreadable');
      return false;
    }
  }
}

/** The messages one webhook message makes: its text, and one per attachment (the text as the first one's caption). */
async function inboundOf(
  connection: ChannelConnection,
  event: Messaging,
  deps: WebhookDeps,
  contactId: string,
): Promise<InboundMessage[]> {
  const message = event.message;
  if (!message) return [];
  const base = {
    from: { id: contactId, name: '' },
    timestamp: event.timestamp ? new Date(event.timestamp) : undefined,
  };
  const text = message.text ?? '';
  const attachments = message.attachments ?? [];
  if (!attachments.length) return text ? [{ ...base, externalId: message.mid, body: text }] : [];
  const out: InboundMessage[] = [];
  for (const [i, attachment] of attachments.entries()) {
    const externalId = i === 0 ? message.mid : `${message.mid}:${i}`;
    const caption = i === 0 ? text : '';
    const url = attachment.payload?.url;
    const mediaType = MEDIA_TYPES[attachment.type];
    if (!mediaType) {
      // A share, a story mention, a fallback link: shown as its link.
      const body = [caption, url].filter(Boolean).join('\n');
      if (body) out.push({ ...base, externalId, body });
      continue;
    }
    out.push({
      ...base,
      externalId,
      body: caption,
      mediaType,
      mediaUrl: await stored(connection, attachment.type, url, deps),
    });
  }
  return out;
}

/** Downloads the attachment into Balcão's media; null (the message keeps its type, without a file) when that fails. */
async function stored(
  connection: ChannelConnection,
  type: string,
  url: string | undefined,
  deps: WebhookDeps,
): Promise<string | null> {
  if (!url) return null;
  try {
    const file = await downloadAttachment(url, type);
    if (!file) throw new Error('download failed');
    return (await deps.conversations.storeMedia(connection, file)).url;
  } catch (err) {
    deps.logger.warn({ err, connectionId: connection.id, type }, 'meta attachment not stored');
    return null;
  }
}
