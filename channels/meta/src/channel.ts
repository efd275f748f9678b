import { type ChannelDefinition, defineChannel, type OutboundMessage } from '@balcao/sdk';
import type { MetaConfig } from './config.js';
import { type GraphAttachment, GraphClient } from './graph.js';

/** The connection store's key for the page access token the connection was linked with. */
export const PAGE_TOKEN_KEY = 'pageToken';

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
      const type = message.mediaUrl ? ATTACHMENT_TYPES[message.mediaType ?? ''] : undefined;
      if (!type || !message.mediaUrl) {
        return { ack: 1, externalId: await graph.sendText(token, message.to, message.body) };
      }
      const attachment = await attachmentOf(kind, type, message, ctx.media, config.publicUrl);
      const externalId = await graph.sendAttachment(token, message.to, attachment);
      // Attachments carry no caption on Messenger or Instagram: the text follows as its own message.
      if (message.body.trim()) await graph.sendText(token, message.to, message.body);
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
