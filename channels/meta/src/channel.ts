import { type ChannelDefinition, defineChannel, type OutboundMessage, type SessionStore } from '@balcao/sdk';
import type { MetaConfig } from './config.js';
import { type GraphAttachment, GraphClient } from './graph.js';

/** The connection store's key for the page access token the connection was linked with. */
export const PAGE_TOKEN_KEY = 'pageToken';

/**
 * The connection store's key marking a mid Balcão sent on Instagram whose echo must not be stored: a file (its echo
 * would be downloaded back for nothing) and the caption that follows it (its mid is not the one `send` answers, so
 * ingest could not tell it is Balcão's). A text's echo needs no mark: its mid is the message's externalId. Messenger's
 * sends need none: their echoes carry BALCAO_SEND_METADATA.
 */
export const sentByBalcaoKey = (mid: string) => `sent:${mid}`;

/**
 * The `metadata` Balcão's Messenger sends carry. Messenger hands it back in the message's echo, so the webhook knows
 * the echo is Balcão's own send whatever the order the echo and Graph's answer to the send arrive in: it is not
 * ingested (the outbox records the message under the id Graph answers). Without it, an echo that overtook the answer
 * was stored as the page's message and, when the attendant had just closed the ticket (a farewell), opened a new
 * ticket or reopened the closed one. Instagram's Send API takes no metadata: there the webhook waits while core says
 * a send to the contact is on its way (ConversationsPort.sendsOnTheirWay, any process), then the marks above and
 * ingest's dedupe on the recorded mid tell the echo; core's echo adoption is the last net.
 */
export const BALCAO_SEND_METADATA = 'balcao:sent';

/** Graph's attachment type for a Balcão media type. */
const ATTACHMENT_TYPES: Record<string, GraphAttachment['type']> = {
  image: 'image',
  audio: 'audio',
  video: 'video',
  application: 'file',
};

/**
 * Facebook Messenger ('facebook') or Instagram Direct ('instagram') over the Graph Send API. A contact is a page- (or
 * Instagram-) scoped id, reached only by the connection it wrote to, and only for 24 hours after its last message
 * (core refuses later replies by the trait). Files go up with the message on Messenger; Instagram fetches them by URL,
 * so it needs Balcão's public address (`publicUrl`).
 * @example createMetaChannel('facebook', { graphUrl: 'https://graph.facebook.com', graphVersion: 'v9.0' })
 */
export function createMetaChannel(
  kind: 'facebook' | 'instagram',
  config: Pick<MetaConfig, 'graphUrl' | 'graphVersion' | 'publicUrl'>,
): ChannelDefinition {
  const graph = new GraphClient(config);
  return defineChannel({
    kind,
    planFlag: kind === 'facebook' ? 'useFacebook' : 'useInstagram',
    traits: {
      contactAddress: 'visitor',
      reaches: 'own-contacts',
      replyWindowHours: 24,
      needsSession: false,
      groups: false,
      embeddable: false,
    },
    async send(message, ctx) {
      const token = await ctx.session.get(PAGE_TOKEN_KEY);
      if (!token) throw new Error(`${kind} connection ${ctx.connection.id} is not linked to a page`);
      const metadata = kind === 'facebook' ? BALCAO_SEND_METADATA : undefined;
      const type = message.mediaUrl ? ATTACHMENT_TYPES[message.mediaType ?? ''] : undefined;
      if (!type || !message.mediaUrl) {
        const externalId = await graph.sendText(token, message.to, message.body, metadata);
        return { ack: 1, externalId };
      }
      // Messenger's echoes say they are Balcão's (metadata); Instagram's are told by a mark in the store.
      const mark = async (mid: string) => {
        if (!metadata) await markSent(ctx.session, mid);
      };
      const attachment = await attachmentOf(kind, type, message, ctx.media, config.publicUrl);
      const externalId = await graph.sendAttachment(token, message.to, attachment, metadata);
      await mark(externalId);
      // Attachments carry no caption on Messenger or Instagram: the text follows as its own message.
      if (message.body.trim()) await mark(await graph.sendText(token, message.to, message.body, metadata));
      return { ack: 1, externalId };
    },
  });
}

async function attachmentOf(
  kind: 'facebook' | 'instagram',
  type: GraphAttachment['type'],
  message: OutboundMessage,
  media: Parameters<ChannelDefinition['send']>[1]['media'],
  publicUrl: string | undefined,
): Promise<GraphAttachment> {
  const url = message.mediaUrl ?? '';
  if (kind === 'instagram') {
    if (!publicUrl)
      throw new Error('Instagram fetches files by URL: set PUBLIC_URL to Balcão’s public address');
    return { type, url: `${publicUrl}${url}` };
  }
  const file = await media.read(url);
  if (!file) throw new Error(`media ${url} not found`);
  return { type, file };
}

/** Marks a mid Balcão sent (sentByBalcaoKey); a store that fails costs a duplicate echo at worst, never the send. */
async function markSent(session: SessionStore, mid: string): Promise<void> {
  if (mid) await session.set(sentByBalcaoKey(mid), '1').catch(() => undefined);
}
