import type { Channel, ChannelConnection, ConversationsPort, InboundMessage, Logger } from '@balcao/sdk';
import { z } from 'zod';
import { downloadAttachment } from './graph.js';

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

/** What the webhook handler needs: core's door for channels and a logger. */
export interface WebhookDeps {
  conversations: ConversationsPort;
  logger: Logger;
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
 * so a redelivery is stored once), deliveries and reads become acks. Echoes (what the page itself sent) are skipped:
 * Balcão's own replies are already stored, and the webhook cannot tell them from the page inbox's.
 * Entries of unknown accounts, or of channels the company's plan lacks, are skipped.
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
    for (const event of entry.messaging ?? []) await handleEvent(connection, event, deps, summary);
  }
  return summary;
}

async function handleEvent(
  connection: ChannelConnection,
  event: Messaging,
  deps: WebhookDeps,
  summary: WebhookSummary,
): Promise<void> {
  const { conversations } = deps;
  if (event.message && !event.message.is_echo) {
    for (const inbound of await inboundOf(connection, event, deps)) {
      const result = await conversations.ingest(connection, inbound);
      if (result.outcome === 'stored') summary.stored += 1;
    }
    return;
  }
  if (event.delivery?.mids?.length) {
    for (const mid of event.delivery.mids) if (await conversations.ack(connection, mid, 2)) summary.acks += 1;
    return;
  }
  if (event.read) {
    summary.acks += await conversations.markRead(connection, event.sender.id);
    return;
  }
  summary.skipped += 1;
}

/** The messages one webhook message makes: its text, and one per attachment (the text as the first one's caption). */
async function inboundOf(
  connection: ChannelConnection,
  event: Messaging,
  deps: WebhookDeps,
): Promise<InboundMessage[]> {
  const message = event.message;
  if (!message) return [];
  const base = {
    from: { id: event.sender.id, name: '' },
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
