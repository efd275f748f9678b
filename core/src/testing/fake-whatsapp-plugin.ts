import { randomUUID } from 'node:crypto';
import {
  AppError,
  type ChannelConnection,
  type ChannelSessionContext,
  type ConversationsPort,
  defineChannel,
  definePlugin,
  type OutboundMessage,
  type OutboundReaction,
  type PhoneContact,
  type ReadMessage,
  type RetractedMessage,
  validate,
} from '@balcao/sdk';
import { z } from 'zod';

/**
 * A stand-in for the WhatsApp servers, which tests cannot reach: a channel of kind 'whatsapp' that records what
 * Balcão sends, and two public test routes, keyed by the connection's token like the web chat's:
 * - `POST /test-channel/{token}/inbound` hands a message (private or from a group) to the real ingest pipeline;
 * - `GET /test-channel/{token}/outbox` answers what was sent on that connection, oldest first, what was taken back,
 *   the read receipts and the reactions sent;
 * - `PUT /test-channel/{token}/outage` `{ down: true }` makes its sends fail until `{ down: false }`;
 * - `PUT /test-channel/{token}/address-book` and `PUT /test-channel/{token}/chats` set (replace) the phone's address
 *   book and chat list, `{ contacts: [{ number, name }] }`, which "Import from phone" reads;
 * - `POST /test-channel/{token}/scan` `{ number? }` is the phone scanning the QR code of a started session;
 * - `POST /test-channel/{token}/history` plays WhatsApp's history sync of a running session through core's import
 *   door: `{ stage: 'prepare' }` reports it gathering (progress -1), `{ stage: 'import', messages }` ingests the
 *   messages within the connection's import window as history, reports the count and ends the import;
 * - `POST /test-channel/{token}/merge` `{ alias, id }` is the session learning late that two ids are one person (a
 *   LID and its number): it calls ConversationsPort.mergeContact as the WhatsApp adapter does, and answers its result.
 * Its address check (checkAddress, WhatsApp's onWhatsApp) answers that every number has an account except two test
 * ranges: numbers beginning 5500 have none (ERR_WAPP_INVALID_CONTACT), and numbers beginning 5501 make the check fail
 * (its servers time out: ERR_WAPP_CHECK_CONTACT); a mobile beginning 5502 with its ninth digit (55029…, 13 digits) is
 * an old account WhatsApp knows without it, so the check answers the number without that 9. Brazil has no area code
 * 00, 01 or 02, so no real-looking number is hit.
 * It is a stateful channel like Baileys: `start` resumes CONNECTED from the "auth state" it keeps in the SessionStore,
 * or reports `qrcode`; a scan goes PAIRING → CONNECTED and stores the auth state, so a restart (or another instance
 * taking the session over) resumes without a new QR; logout forgets it (core clears the store).
 * The e2e server (startKernel's `extraPlugins`) and tests (createTestHost) load it; discovery never finds it, so
 * production never has it. It passes the channel contract suite (fake-whatsapp-plugin.int.test.ts).
 */

/** `POST /test-channel/{token}/inbound`: an adapter's normalised inbound message (sdk InboundMessage). */
const fakeInboundSchema = z.object({
  externalId: z.string().min(1).max(100),
  from: z.object({ id: z.string().min(1).max(100), name: z.string().max(100).default('') }),
  body: z.string().max(4000),
  isGroup: z.boolean().default(false),
  participant: z.string().min(1).max(100).nullish(),
  fromMe: z.boolean().default(false),
  /** A media message's kind (its file is not sent: the fake has no media server), or a reaction (body: the emoji). */
  mediaType: z.enum(['chat', 'image', 'audio', 'video', 'application', 'reactionMessage']).optional(),
  /** The WhatsApp id of the message replied or reacted to (an attendant's is `fake-out-{messageId}`). */
  quotedExternalId: z.string().min(1).max(100).nullish(),
});

/** `PUT /test-channel/{token}/address-book` and `/chats`: the phone's list, replaced as a whole. */
const phoneListSchema = z.object({
  contacts: z
    .array(z.object({ number: z.string().max(100), name: z.string().max(200).default('') }))
    .max(5000),
});

// State is kept per connection token, not id: test files may share one process (vitest without isolation), and
// every test database numbers its connections from 1.
const outboxes = new Map<string, OutboundMessage[]>();
/** Per connection token: the messages taken back ("delete for everyone"), by message id, once per idempotency key. */
const retractions = new Map<string, RetractedMessage[]>();
/** Per connection token: the read receipts sent (blue ticks), once per idempotency key. */
const receipts = new Map<string, ReadMessage[]>();
/** Per connection token: the reactions sent (an emoji on a message, '' taking it off), once per idempotency key. */
const reactions = new Map<string, OutboundReaction[]>();
/** Connections whose (fake) WhatsApp servers are unreachable: sends fail, and the outbox retries them. */
const outages = new Set<string>();
/** Per connection token: the phone's address book and chat list. */
const addressBooks = new Map<string, PhoneContact[]>();
const chatLists = new Map<string, PhoneContact[]>();
/** Per connection token: its running session's context (started, until stopped or logged out). */
const running = new Map<string, ChannelSessionContext>();
/** `POST /test-channel/{token}/history`: a stage of WhatsApp's history sync. */
const historySchema = z.discriminatedUnion('stage', [
  z.object({ stage: z.literal('prepare') }),
  z.object({
    stage: z.literal('import'),
    messages: z
      .array(fakeInboundSchema.extend({ timestamp: z.coerce.date() }))
      .max(1000)
      .default([]),
  }),
]);
/** `POST /test-channel/{token}/merge`: the id ingested before (a LID) and the one from now on (the number). */
const mergeSchema = z.object({ alias: z.string().min(1).max(100), id: z.string().min(1).max(100) });
/** Per connection token: the started session waiting for its QR code to be scanned (any kernel of the test process). */
const awaitingScan = new Map<string, { qrcode: string; ctx: ChannelSessionContext }>();
/** Numbers beginning so have no WhatsApp account, for the fake (checkAddress answers null). */
export const FAKE_NO_ACCOUNT = '5500';
/** Numbers beginning so make the fake's address check fail, as WhatsApp's servers not answering. */
export const FAKE_CHECK_FAILS = '5501';
/** Mobiles beginning so (55029…, 13 digits) are known to the fake without their ninth digit (5502…, 12 digits). */
export const FAKE_OLD_ACCOUNT = '5502';
/** Every lifecycle call, in order, for tests that count who started what. */
export const fakeSessionCalls: { token: string; call: 'start' | 'stop' | 'logout' }[] = [];

/** The fake auth state kept in the SessionStore (Baileys keeps creds and keys there). */
const authStateSchema = z.object({ me: z.string(), registrationId: z.string() });

/**
 * The 'whatsapp' channel: send is accepted by the (fake) server, so ack 1 (sent), with a channel id for it; the
 * phone's address book and chat list are what the test routes set.
 */
export const fakeWhatsappChannel = defineChannel({
  kind: 'whatsapp',
  // A phone channel: its contacts are phone numbers, and it writes to any phone number.
  traits: {
    contactAddress: 'phone',
    reaches: 'phone-numbers',
    needsSession: true,
    groups: true,
    // WhatsApp takes a message back from everyone for about two and a half days after it was sent.
    retractWithinHours: 60,
  },
  async send(message, { connection }) {
    if (outages.has(connection.token)) throw new Error('WhatsApp servers unreachable');
    const sent = outboxes.get(connection.token) ?? [];
    // Like WhatsApp with a client message id: a retried send with the same key reaches the contact once.
    if (!sent.some((m) => m.idempotencyKey === message.idempotencyKey))
      outboxes.set(connection.token, [...sent, message]);
    return { ack: 1, externalId: `fake-out-${message.messageId}` };
  },
  async retract(message, { connection }) {
    const taken = retractions.get(connection.token) ?? [];
    if (!taken.some((m) => m.idempotencyKey === message.idempotencyKey))
      retractions.set(connection.token, [...taken, message]);
  },
  async readReceipt(message, { connection }) {
    if (outages.has(connection.token)) throw new Error('WhatsApp servers unreachable');
    const read = receipts.get(connection.token) ?? [];
    if (!read.some((m) => m.idempotencyKey === message.idempotencyKey))
      receipts.set(connection.token, [...read, message]);
  },
  async react(reaction, { connection }) {
    if (outages.has(connection.token)) throw new Error('WhatsApp servers unreachable');
    const sent = reactions.get(connection.token) ?? [];
    if (!sent.some((r) => r.idempotencyKey === reaction.idempotencyKey))
      reactions.set(connection.token, [...sent, reaction]);
    return { ack: 1, externalId: `fake-react-${reaction.messageId}` };
  },
  async addressBook({ connection }) {
    return addressBooks.get(connection.token) ?? [];
  },
  async chatContacts({ connection }) {
    return chatLists.get(connection.token) ?? [];
  },
  async checkAddress(address) {
    const digits = address.replace(/\D/g, '');
    if (digits.startsWith(FAKE_CHECK_FAILS)) throw new Error('WhatsApp servers did not answer the check');
    if (digits.startsWith(FAKE_NO_ACCOUNT)) return null;
    if (digits.startsWith(`${FAKE_OLD_ACCOUNT}9`) && digits.length === 13)
      return `${FAKE_OLD_ACCOUNT}${digits.slice(5)}`;
    return digits;
  },
  async start(ctx) {
    const { connection, session, status } = ctx;
    fakeSessionCalls.push({ token: connection.token, call: 'start' });
    running.set(connection.token, ctx);
    await status.report({ status: 'OPENING' });
    const saved = await session.get('auth');
    if (saved) {
      const auth = authStateSchema.parse(JSON.parse(saved));
      return status.report({ status: 'CONNECTED', number: auth.me });
    }
    const qrcode = `2@fake-qr-${connection.id}-${randomUUID()}`;
    awaitingScan.set(connection.token, { qrcode, ctx });
    await status.report({ status: 'qrcode', qrcode });
  },
  async stop({ connection }) {
    fakeSessionCalls.push({ token: connection.token, call: 'stop' });
    running.delete(connection.token);
    awaitingScan.delete(connection.token);
  },
  async logout({ connection }) {
    fakeSessionCalls.push({ token: connection.token, call: 'logout' });
    running.delete(connection.token);
    awaitingScan.delete(connection.token);
  },
});

/** The phone scans the QR code: pairing, then connected as `number`, with the auth state stored for next time. */
async function scan(token: string, number: string): Promise<void> {
  const waiting = awaitingScan.get(token);
  if (!waiting) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 409);
  awaitingScan.delete(token);
  const { session, status } = waiting.ctx;
  await status.report({ status: 'PAIRING' });
  await session.set('auth', JSON.stringify({ me: number, registrationId: randomUUID() }));
  await status.report({ status: 'CONNECTED', number });
}

async function connectionOf(
  conversations: ConversationsPort,
  token: string | undefined,
): Promise<ChannelConnection> {
  const connection = await conversations.connectionByToken(token ?? '', 'whatsapp');
  if (!connection) throw new AppError('ERR_NO_WAPP_FOUND', 404);
  return connection;
}

/** The test plugin the e2e server passes to the kernel. */
export const fakeWhatsappPlugin = definePlugin({
  name: 'fake-whatsapp',
  requires: ['conversations'],
  contributes: { channels: [fakeWhatsappChannel] },

  publicRoutes(router) {
    router.post('/test-channel/:token/inbound', async (ctx) => {
      const connection = await connectionOf(ctx.state.deps.conversations, ctx.params.token);
      const input = validate(fakeInboundSchema, ctx.request.body);
      const result = await ctx.state.deps.conversations.ingest(connection, {
        ...input,
        from: { id: input.from.id, name: input.from.name || input.from.id },
      });
      ctx.status = 201;
      ctx.body = result;
    });

    router.post('/test-channel/:token/merge', async (ctx) => {
      const { conversations } = ctx.state.deps;
      const connection = await connectionOf(conversations, ctx.params.token);
      const { alias, id } = validate(mergeSchema, ctx.request.body);
      if (!conversations.mergeContact) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 409);
      ctx.body = await conversations.mergeContact(connection, alias, id);
    });

    router.get('/test-channel/:token/outbox', async (ctx) => {
      const connection = await connectionOf(ctx.state.deps.conversations, ctx.params.token);
      ctx.body = {
        messages: outboxes.get(connection.token) ?? [],
        retracted: retractions.get(connection.token) ?? [],
        read: receipts.get(connection.token) ?? [],
        reactions: reactions.get(connection.token) ?? [],
      };
    });

    router.post('/test-channel/:token/scan', async (ctx) => {
      const connection = await connectionOf(ctx.state.deps.conversations, ctx.params.token);
      const input = validate(
        z.object({
          number: z
            .string()
            .regex(/^\d{8,15}$/)
            .default('5511999990000'),
        }),
        ctx.request.body ?? {},
      );
      await scan(connection.token, input.number);
      ctx.status = 204;
    });

    router.post('/test-channel/:token/history', async (ctx) => {
      const connection = await connectionOf(ctx.state.deps.conversations, ctx.params.token);
      const input = validate(historySchema, ctx.request.body);
      const session = running.get(connection.token);
      const window = await session?.history?.window();
      if (!session?.history || !window) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 409);
      if (input.stage === 'prepare') {
        await session.history.progress(-1, 0);
        ctx.status = 204;
        return;
      }
      const inWindow = input.messages.filter(
        (m) => m.timestamp >= window.from && (!window.until || m.timestamp <= window.until),
      );
      const result = await session.conversations.ingestHistory?.(
        session.connection,
        inWindow.map((m) => ({ ...m, from: { id: m.from.id, name: m.from.name || m.from.id } })),
        { imported: true },
      );
      await session.history.progress(inWindow.length, inWindow.length);
      await session.history.finished();
      ctx.body = result;
    });

    router.put('/test-channel/:token/outage', async (ctx) => {
      const connection = await connectionOf(ctx.state.deps.conversations, ctx.params.token);
      const { down } = validate(z.object({ down: z.boolean() }), ctx.request.body);
      if (down) outages.add(connection.token);
      else outages.delete(connection.token);
      ctx.status = 204;
    });

    for (const [path, lists] of [
      ['address-book', addressBooks],
      ['chats', chatLists],
    ] as const) {
      router.put(`/test-channel/:token/${path}`, async (ctx) => {
        const connection = await connectionOf(ctx.state.deps.conversations, ctx.params.token);
        lists.set(connection.token, validate(phoneListSchema, ctx.request.body).contacts);
        ctx.status = 204;
      });
    }
  },
});

/** What Baileys answers where no socket of the connection runs: the session is in another process. */
const noSocketHere = async (): Promise<never> => {
  throw new AppError('ERR_WAPP_NOT_INITIALIZED', 409);
};

/**
 * The fake as a `web` process holds it, for tests with web and worker apart: the same channel, whose calls needing the
 * phone's socket (send, the address check, the address book and chat list) fail as Baileys' do in a process that does
 * not run the session. Module state is shared by every kernel of a test process, so without this the fake would
 * answer anywhere and a call made in the wrong process would go unnoticed.
 */
export const fakeWhatsappWebPlugin = definePlugin({
  ...fakeWhatsappPlugin,
  contributes: {
    channels: [
      {
        ...fakeWhatsappChannel,
        send: noSocketHere,
        checkAddress: noSocketHere,
        addressBook: noSocketHere,
        chatContacts: noSocketHere,
      },
    ],
  },
});
