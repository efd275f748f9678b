import {
  type AnyPluginDefinition,
  AppError,
  type Channel,
  type ChannelDefinition,
  type ConnectionDto,
  type DeclaredChannelTraits,
  defineChannel,
  definePlugin,
  type IngestResult,
  type OutboundMessage,
  validate,
} from '@balcao/sdk';
import { eventually, type HostClient } from '@balcao/sdk/testing';
import { z } from 'zod';

/** What the contact writes: who, what, and optionally the channel's id for the message and the one it answers. */
export interface FakeInbound {
  from: string;
  body: string;
  name?: string;
  externalId?: string;
  quotedExternalId?: string;
  /**
   * A file the contact sends (a voice note, a photo): stored in the company's media as a channel stores a download,
   * and the message carries it. `mediaType` as Balcão names kinds: 'audio', 'image', 'video', 'application'.
   */
  media?: { data: Uint8Array; fileName: string; mimeType: string; mediaType: string };
}

/** One connection of a fake channel, as a test drives it (the contact's side and the channel's servers). */
export interface FakeConnection {
  connection: ConnectionDto;
  /** The contact writes: the message goes through core's real ingest (tickets, bots, events, realtime). */
  receive(inbound: FakeInbound): Promise<IngestResult>;
  /** What Balcão sent on this connection, oldest first (each send once, whatever the retries). */
  sent(): OutboundMessage[];
  /** Waits (up to 5 s) for a sent message that `match` accepts, and answers it. */
  waitForSent(match?: (message: OutboundMessage) => boolean): Promise<OutboundMessage>;
  /** The channel reports a delivery state of a sent message (2 delivered, 3 read); false when no message matched. */
  ack(messageId: number, ack: 2 | 3): Promise<boolean>;
  /** Makes sends fail with `reason` (the outbox retries, then marks the message failed) until called with null. */
  failSends(reason: string | null): void;
}

/** A channel for tests of plugins that need conversations: its plugin, and `connect` to open a connection on it. */
export interface FakeChannel {
  /** Pass it to createTestHost beside the plugin under test. */
  plugin: AnyPluginDefinition;
  channel: ChannelDefinition;
  /** Creates a connection of the fake's kind for the token's company (`POST /api/whatsapp`), connected at once. */
  connect(host: HostClient, token: string, name?: string): Promise<FakeConnection>;
}

const inboundSchema = z.object({
  externalId: z.string().min(1).max(100),
  from: z.object({ id: z.string().min(1).max(100), name: z.string().max(100) }),
  body: z.string().max(4000),
  quotedExternalId: z.string().min(1).max(100).optional(),
  media: z
    .object({
      base64: z.string().max(2_000_000),
      fileName: z.string().min(1).max(100),
      mimeType: z.string().min(1).max(100),
      mediaType: z.enum(['audio', 'image', 'video', 'application']),
    })
    .optional(),
});
const ackSchema = z.object({
  messageId: z.number().int().positive(),
  ack: z.union([z.literal(2), z.literal(3)]),
});

/**
 * A fake channel for plugin authors' tests: a real channel adapter (kind `whatsapp` unless told) whose "servers" are
 * this process. The contact writes with `receive`, what Balcão sends is in `sent()`, the channel reports deliveries
 * with `ack`, `failSends` makes its servers unreachable, and `checkAddress` (an option) answers address checks. Its connections need no session (connected when created).
 * Its routes live under `/testing/<name>/…` and take the connection's token, like a webhook.
 * @example const fake = createFakeChannel(); const host = await createTestHost({ plugins: [fake.plugin, mine] });
 * const line = await fake.connect(host, token); const { ticketId } = await line.receive({ from: '5511999990000', body: 'Oi' });
 */
export function createFakeChannel(
  opts: {
    kind?: Channel;
    name?: string;
    traits?: Partial<DeclaredChannelTraits>;
    /**
     * The channel's address check (ChannelDefinition.checkAddress), as its servers would answer: the address they know
     * (WhatsApp may drop a Brazilian mobile's ninth digit), null for none, a throw for a failed check. None by default.
     */
    checkAddress?: (address: string) => string | null | Promise<string | null>;
  } = {},
): FakeChannel {
  const kind = opts.kind ?? 'whatsapp';
  const name = opts.name ?? 'fake-channel';
  const outboxes = new Map<string, OutboundMessage[]>();
  const failures = new Map<string, string>();
  const channel = defineChannel({
    kind,
    traits: { contactAddress: 'phone', reaches: 'phone-numbers', needsSession: false, ...opts.traits },
    async send(message, { connection }) {
      const reason = failures.get(connection.token);
      if (reason) throw new Error(reason);
      const sent = outboxes.get(connection.token) ?? [];
      if (!sent.some((m) => m.idempotencyKey === message.idempotencyKey))
        outboxes.set(connection.token, [...sent, message]);
      return { ack: 1, externalId: `${name}-out-${message.messageId}` };
    },
    ...(opts.checkAddress && {
      checkAddress: async (address: string) => opts.checkAddress?.(address) ?? null,
    }),
  });
  const plugin = definePlugin({
    name,
    requires: ['conversations'],
    contributes: { channels: [channel] },
    publicRoutes(router) {
      router.post(`/testing/${name}/:token/inbound`, async (ctx) => {
        const connection = await ctx.state.deps.conversations.connectionByToken(ctx.params.token, kind);
        if (!connection) throw new AppError('ERR_NO_WAPP_FOUND', 404);
        const { media, ...inbound } = validate(inboundSchema, ctx.request.body);
        const stored = media
          ? await ctx.state.deps.conversations.storeMedia(connection, {
              data: Buffer.from(media.base64, 'base64'),
              fileName: media.fileName,
              mimeType: media.mimeType,
            })
          : null;
        ctx.status = 201;
        ctx.body = await ctx.state.deps.conversations.ingest(connection, {
          ...inbound,
          ...(stored && media ? { mediaType: media.mediaType, mediaUrl: stored.url } : {}),
        });
      });
      router.post(`/testing/${name}/:token/ack`, async (ctx) => {
        const connection = await ctx.state.deps.conversations.connectionByToken(ctx.params.token, kind);
        if (!connection) throw new AppError('ERR_NO_WAPP_FOUND', 404);
        const { messageId, ack } = validate(ackSchema, ctx.request.body);
        ctx.body = {
          acked: await ctx.state.deps.conversations.ack(connection, `${name}-out-${messageId}`, ack),
        };
      });
    },
  });
  let counter = 0;
  return {
    plugin,
    channel,
    async connect(host, token, connectionName = `${name} ${++counter}`) {
      const res = await host.request('/api/whatsapp', {
        token,
        body: { name: connectionName, channel: kind },
      });
      if (res.status !== 201) throw new Error(`connection: ${res.status} ${await res.text()}`);
      const connection = (await res.json()) as ConnectionDto;
      const key = connection.token ?? '';
      const post = async (path: string, body: unknown) => {
        const answer = await host.request(`/testing/${name}/${key}/${path}`, { body });
        if (answer.status >= 300) throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
        return answer.json();
      };
      const sent = () => [...(outboxes.get(key) ?? [])];
      return {
        connection,
        sent,
        receive: ({ from, body, name: who, externalId, quotedExternalId, media }) =>
          post('inbound', {
            externalId: externalId ?? `${name}-in-${++counter}-${Date.now()}`,
            from: { id: from, name: who ?? from },
            body,
            quotedExternalId,
            media: media && {
              base64: Buffer.from(media.data).toString('base64'),
              fileName: media.fileName,
              mimeType: media.mimeType,
              mediaType: media.mediaType,
            },
          }) as Promise<IngestResult>,
        waitForSent: (match = () => true) => eventually(() => sent().find(match)),
        ack: async (messageId, ack) => ((await post('ack', { messageId, ack })) as { acked: boolean }).acked,
        failSends: (reason) => {
          if (reason) failures.set(key, reason);
          else failures.delete(key);
        },
      };
    },
  };
}
