import {
  visitorContactId,
  visitorIdSchema,
  visitorMessageSchema,
  visitorPresenceSchema,
  visitorRoom,
  WEBCHAT_GUEST,
  webchatChannel,
} from '@balcao/channel-webchat';
import {
  AppError,
  acceptedLanguage,
  type ChannelConnection,
  type ConversationsPort,
  definePlugin,
  validate,
} from '@balcao/sdk';
import { readLimits, WebchatLimiter, type WebchatLimits, WebchatRefusal } from './limits.js';
import { migrations } from './migrations.js';
import { embedScript, VISITOR_ASSETS, visitorPage, visitorScript, visitorStyle } from './page.js';

const HISTORY_LIMIT = 100;

async function connectionOf(
  conversations: ConversationsPort,
  token: string | undefined,
): Promise<ChannelConnection> {
  const connection = await conversations.connectionByToken(token ?? '', 'webchat');
  if (!connection) throw new AppError('ERR_NO_WAPP_FOUND', 404);
  return connection;
}

/** Runs a public route's work under the limiter: a refusal answers 429 with `Retry-After` as well as `retryAfter`. */
async function limited(ctx: { set(field: string, value: string): void }, check: () => Promise<void>) {
  try {
    await check();
  } catch (err) {
    if (err instanceof WebchatRefusal) ctx.set('Retry-After', String(err.retryAfter));
    throw err;
  }
}

/** Options of {@link createWebchatPlugin}: limits over the environment's, and the environment to read. */
export interface WebchatPluginOptions {
  limits?: Partial<WebchatLimits>;
  env?: Record<string, string | undefined>;
}

/**
 * Web chat: a website's visitors talk to a company's attendants. Public by design — the connection's 30-character
 * token opens the connection, and the visitor's secret id (held only by their browser; attendants see its hash)
 * opens that visitor's own conversation. Public, hence limited per visitor, per address and per connection
 * (server/limits.ts; WEBCHAT_LIMIT_… in the environment, read at boot).
 * @example startKernel({ config, plugins: [createWebchatPlugin({ limits: { newVisitors: { count: 3, seconds: 60 } } })] })
 */
export function createWebchatPlugin(options: WebchatPluginOptions = {}) {
  const { env = process.env, limits } = options;
  let limiter: WebchatLimiter | undefined;
  // Read when first needed (boot), not at import: a bad variable disables this plugin with its name, nothing else.
  const limiterOf = (): WebchatLimiter => {
    limiter ??= new WebchatLimiter({ ...readLimits(env), ...limits });
    return limiter;
  };
  return definePlugin({
    name: 'webchat',
    requires: ['conversations', 'realtime', 'logger', 'sql'],
    migrations,
    contributes: { channels: [webchatChannel] },

    async onBoot({ realtime, conversations }) {
      limiterOf();
      realtime.defineGuest(WEBCHAT_GUEST, async (query) => {
        const connection = await conversations.connectionByToken(query.get('token') ?? '', 'webchat');
        const visitor = visitorIdSchema.safeParse(query.get('visitorId'));
        if (!connection || !visitor.success) return null;
        return {
          companyId: connection.companyId,
          room: visitorRoom(connection.id, visitorContactId(visitor.data)),
        };
      });
    },

    publicRoutes(router) {
      // The page's style and script, the same for every connection (no inline code under the CSP).
      router.get(`${VISITOR_ASSETS}/page.css`, async (ctx) => {
        ctx.type = 'text/css';
        ctx.set('Cache-Control', 'no-cache');
        ctx.body = await visitorStyle();
      });
      router.get(`${VISITOR_ASSETS}/page.js`, async (ctx) => {
        ctx.type = 'application/javascript';
        ctx.set('Cache-Control', 'no-cache');
        ctx.body = await visitorScript();
      });

      router.get('/webchat/:token', async (ctx) => {
        const connection = await connectionOf(ctx.state.deps.conversations, ctx.params.token);
        // The company's own sites may show it in a frame (the embed snippet); any other site may not.
        ctx.state.frameAncestors = connection.embedOrigins;
        ctx.type = 'html';
        ctx.set('Cache-Control', 'no-store');
        // Written in the visitor's language: it depends on the request's Accept-Language.
        ctx.set('Vary', 'Accept-Language');
        ctx.body = visitorPage(connection, acceptedLanguage(ctx.get('accept-language')));
      });

      router.get('/webchat/:token/embed.js', async (ctx) => {
        await connectionOf(ctx.state.deps.conversations, ctx.params.token);
        ctx.type = 'application/javascript';
        // Loaded by <script src> on the company's websites: another origin.
        ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
        // Koa 3's ctx.origin is the request's Origin header, which a <script src> load does not send: build our own.
        ctx.body = embedScript(`${ctx.protocol}://${ctx.host}/webchat/${ctx.params.token}`);
      });

      router.post('/api/webchat/:token/messages', async (ctx) => {
        const connection = await connectionOf(ctx.state.deps.conversations, ctx.params.token);
        const input = validate(visitorMessageSchema, ctx.request.body);
        const contactId = visitorContactId(input.visitorId);
        const who = { connectionId: connection.id, contactId, ip: ctx.ip };
        await limited(ctx, () => limiterOf().message(ctx.state.deps.sql, who));
        const result = await ctx.state.deps.conversations.ingest(connection, {
          externalId: `webchat-${contactId}-${input.clientMessageId}`,
          from: { id: contactId, name: input.name },
          body: input.body.trim(),
        });
        ctx.status = result.outcome === 'blocked' ? 403 : 201;
        // The id lets the page show its own message once, whether the post or the history answers first.
        ctx.body =
          result.outcome === 'stored'
            ? { outcome: result.outcome, messageId: result.messageId }
            : { outcome: result.outcome };
      });

      // The page tells when the visitor has seen the attendants' messages (tab visible): read receipts (ack 3).
      router.post('/api/webchat/:token/read', async (ctx) => {
        const connection = await connectionOf(ctx.state.deps.conversations, ctx.params.token);
        const visitor = visitorIdSchema.safeParse((ctx.request.body as { visitorId?: unknown })?.visitorId);
        if (!visitor.success)
          throw new AppError('ERR_VALIDATION', 400, { fields: [{ path: 'visitorId', message: 'Required' }] });
        const who = { connectionId: connection.id, contactId: visitorContactId(visitor.data), ip: ctx.ip };
        await limited(ctx, () => limiterOf().signal(ctx.state.deps.sql, who));
        ctx.body = {
          read: await ctx.state.deps.conversations.markRead(connection, visitorContactId(visitor.data)),
        };
      });

      // The page says when the visitor types and stops (at most every few seconds): attendants see "typing…".
      router.post('/api/webchat/:token/presence', async (ctx) => {
        const connection = await connectionOf(ctx.state.deps.conversations, ctx.params.token);
        const input = validate(visitorPresenceSchema, ctx.request.body);
        const who = { connectionId: connection.id, contactId: visitorContactId(input.visitorId), ip: ctx.ip };
        await limited(ctx, () => limiterOf().signal(ctx.state.deps.sql, who));
        await ctx.state.deps.conversations.presence(
          connection,
          visitorContactId(input.visitorId),
          input.presence,
        );
        ctx.status = 204;
      });

      router.get('/api/webchat/:token/messages', async (ctx) => {
        const connection = await connectionOf(ctx.state.deps.conversations, ctx.params.token);
        const visitor = visitorIdSchema.safeParse(ctx.query.visitorId);
        if (!visitor.success)
          throw new AppError('ERR_VALIDATION', 400, { fields: [{ path: 'visitorId', message: 'Required' }] });
        const who = { connectionId: connection.id, contactId: visitorContactId(visitor.data), ip: ctx.ip };
        await limited(ctx, () => limiterOf().signal(ctx.state.deps.sql, who));
        ctx.body = {
          messages: await ctx.state.deps.conversations.history(
            connection,
            visitorContactId(visitor.data),
            HISTORY_LIMIT,
          ),
        };
      });
    },
  });
}

export default createWebchatPlugin();
