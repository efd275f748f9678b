import { setTimeout as sleep } from 'node:timers/promises';
import type {
  Channel,
  ChannelConnection,
  ConversationsPort,
  InboundMessage,
  IngestResult,
  Logger,
  SessionStore,
} from '@balcao/sdk';
import { z } from 'zod';
import { BALCAO_SEND_METADATA, sentByBalcaoKey } from './channel.js';
import type { ContactProfile, ContactProfiles } from './contact-profile.js';
import { downloadAttachment } from './graph.js';
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
type Message = NonNullable<Messaging['message']>;

/** Balcão's media type for a Graph attachment type; null for what it does not store as a file (shares, stickers' links). */
const MEDIA_TYPES: Record<string, string> = {
  image: 'image',
  audio: 'audio',
  video: 'video',
  file: 'application',
};

/**
 * The longest one webhook delivery waits, in all, for Balcão's sends still on their way (Graph's answer not recorded
 * yet) before ingesting the echoes it carries. Meta waits for the webhook's answer meanwhile; it allows it 20 seconds.
 */
export const ECHO_WAIT_MS = 10_000;

/** How often a waiting echo asks again whether Balcão's sends to its contact are still on their way. */
export const ECHO_POLL_MS = 200;

/**
 * What the webhook handler needs: core's door for channels, a logger, who looks contacts' names up and who keeps
 * pages subscribed to the current webhook fields (both optional).
 */
export interface WebhookDeps {
  conversations: ConversationsPort;
  logger: Logger;
  profiles?: ContactProfiles;
  subscriptions?: PageSubscriptions;
  /** How an echo waits for sends on their way: ECHO_POLL_MS and ECHO_WAIT_MS unless given (tests shorten them). */
  echoWait?: { pollMs: number; maxMs: number };
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
 * caption, marked by `send`) are skipped. An echo that overtakes Graph's answer to Balcão's send waits until no send
 * to its contact is on its way, in any process (ConversationsPort.sendsOnTheirWay), so ingest finds the mid the send
 * recorded (see Delivery.handleMessage). A contact's name and picture are looked up once a week (ContactProfiles), the
 * picture kept in Balcão's media.
 * Entries of unknown accounts, or of channels the company's plan lacks, are skipped. A connection whose page was
 * subscribed by older code is subscribed again to the current fields (PageSubscriptions).
 */
export async function handleWebhook(payload: WebhookPayload, deps: WebhookDeps): Promise<WebhookSummary> {
  const summary: WebhookSummary = { stored: 0, acks: 0, skipped: 0 };
  const channel = CHANNEL_OF[payload.object];
  if (!channel) return summary;
  const echoWait = new EchoWait(deps);
  for (const entry of payload.entry) {
    const connection = await deps.conversations.connectionByAccount(entry.id, channel);
    if (!connection) {
      summary.skipped += entry.messaging?.length ?? 0;
      continue;
    }
    const delivery = new Delivery(connection, deps, echoWait);
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
    private readonly echoWait: EchoWait,
  ) {}

  async handle(event: Messaging, summary: WebhookSummary): Promise<void> {
    const { conversations } = this.deps;
    const { connection } = this;
    if (event.message) return this.handleMessage(event, event.message, summary);
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

  /**
   * A message, the contact's or the page's own (an echo, `is_echo`). An echo is skipped as Balcão's own send when its
   * metadata or a mark in the store says so. Otherwise it may still be Balcão's: Instagram's sends carry no metadata,
   * and an echo can overtake Graph's answer to the send, before the outbox recorded the mid on Balcão's message — then
   * ingest would store it as the page's message and reopen (or open) the ticket the attendant had just closed after a
   * farewell. So it first waits while a send to its contact is on its way in any process (sendsOnTheirWay): once none
   * is, the send's mid is on Balcão's message and ingest answers `duplicate` before it touches any ticket
   * (balcao_ingest's first step). An echo that waited and was found so counts as skipped, as Balcão's.
   */
  private async handleMessage(event: Messaging, message: Message, summary: WebhookSummary): Promise<void> {
    const { connection } = this;
    const echo = message.is_echo === true;
    // An echo's contact is its recipient: the page wrote to them.
    const contactId = echo ? event.recipient.id : event.sender.id;
    if (echo && (await this.isMarkedBalcaos(message))) {
      summary.skipped += 1;
      return;
    }
    const waited = echo && (await this.echoWait.whileSendsOnTheirWay(connection, contactId));
    // A mark `send` set meanwhile (an Instagram file or its caption, whose echo came first).
    if (waited && (await this.sentByBalcao(message.mid))) {
      summary.skipped += 1;
      return;
    }
    const profile = await this.profile(contactId);
    const outcomes: IngestResult['outcome'][] = [];
    for (const inbound of await inboundOf(connection, event, this.deps, contactId)) {
      const result = await this.deps.conversations.ingest(connection, {
        ...inbound,
        from: { id: contactId, name: profile?.name ?? '', picture: profile?.picture ?? null },
        ...(echo ? { fromMe: true } : {}),
      });
      outcomes.push(result.outcome);
    }
    const stored = outcomes.filter((o) => o === 'stored').length;
    summary.stored += stored;
    const reached = outcomes.some((o) => o === 'stored' || o === 'duplicate');
    // Waited for Balcão's send, and it holds the mid: the echo was Balcão's own.
    if (waited && !stored && reached) summary.skipped += 1;
    const store = await this.sessionStore();
    if (profile && reached && store)
      await this.deps.profiles?.remember(connection, store, contactId, profile);
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

  /** Whether an echo says it is Balcão's own send: its metadata (Messenger), or a mark in the store (an Instagram file or caption). */
  private async isMarkedBalcaos(message: { mid: string; metadata?: string }): Promise<boolean> {
    return message.metadata === BALCAO_SEND_METADATA || (await this.sentByBalcao(message.mid));
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

/**
 * The waiting of one webhook delivery's echoes for Balcão's sends on their way (ConversationsPort.sendsOnTheirWay,
 * asked every `pollMs`). The delivery waits at most `maxMs` in all, however many echoes it carries, so Meta has its
 * answer in time; past that, an echo is ingested as it is (core's echo adoption is then the net).
 */
class EchoWait {
  private deadline: number | undefined;
  private readonly pollMs: number;
  private readonly maxMs: number;

  constructor(private readonly deps: Pick<WebhookDeps, 'conversations' | 'logger' | 'echoWait'>) {
    this.pollMs = deps.echoWait?.pollMs ?? ECHO_POLL_MS;
    this.maxMs = deps.echoWait?.maxMs ?? ECHO_WAIT_MS;
  }

  /** Waits while a send to the contact is on its way; answers whether there was one. A core without the door: no. */
  async whileSendsOnTheirWay(connection: ChannelConnection, contactId: string): Promise<boolean> {
    let waited = false;
    while (await this.onTheirWay(connection, contactId)) {
      waited = true;
      this.deadline ??= Date.now() + this.maxMs;
      const left = this.deadline - Date.now();
      if (left <= 0) break;
      await sleep(Math.min(this.pollMs, left));
    }
    return waited;
  }

  private async onTheirWay(connection: ChannelConnection, contactId: string): Promise<boolean> {
    const { conversations } = this.deps;
    if (!conversations.sendsOnTheirWay) return false;
    try {
      return await conversations.sendsOnTheirWay(connection, contactId);
    } catch (err) {
      // Not knowing is not waiting: the echo is ingested, and core's echo adoption is the net.
      this.deps.logger.warn({ err, connectionId: connection.id }, 'meta echo: sends on their way unknown');
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
