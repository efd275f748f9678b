import { AppError, CHANNELS, type ChannelConnection, definePlugin, validate } from '@balcao/sdk';
import { openApiDocument } from '../shared/openapi.js';
import { idempotencyKeyField, MEDIAS_FIELD, MEDIAS_MAX, SEND_PATH, sendSchema } from '../shared/send.js';
import { externalApiErrors } from './errors.js';
import { IdempotentSends } from './idempotent-sends.js';
import { migrations } from './migrations.js';
import { type RateLimit, readRateLimit, SharedRateLimiter } from './rate-limit.js';
import { ExternalSender } from './sender.js';

/** Options of {@link createExternalApiPlugin}: the rate limit and file size over the environment's. */
export interface ExternalApiOptions {
  rate?: RateLimit;
  maxFileBytes?: number;
  env?: Record<string, string | undefined>;
}

const bearer = (header: string | undefined): string => /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1] ?? '';

/**
 * The external messages API (spec part 2 §7; issue 29), for plans with useExternalApi: `POST /api/messages/send` with a
 * connection's token as bearer sends to a number as the company, JSON or multipart (`medias`), once per
 * `Idempotency-Key`, rate limited per token (the budget is shared by every instance). `GET /api/openapi.json` documents it for the /messages-api page.
 * @example createExternalApiPlugin({ rate: { count: 3, seconds: 60 } })
 */
export function createExternalApiPlugin(options: ExternalApiOptions = {}) {
  let limiter: SharedRateLimiter | undefined;
  const limiterOf = () => {
    limiter ??= new SharedRateLimiter(options.rate ?? readRateLimit(options.env ?? process.env));
    return limiter;
  };
  return definePlugin({
    name: 'external-api',
    planFlag: 'useExternalApi',
    requires: ['em', 'conversations', 'contacts', 'messages', 'media', 'tickets', 'users', 'queues'],
    errors: externalApiErrors,
    migrations,
    services: (deps) => ({ sender: new ExternalSender(deps) }),
    async onBoot() {
      limiterOf();
    },
    routes(router) {
      router.get('/openapi.json', (ctx) => {
        ctx.body = openApiDocument(`${ctx.protocol}://${ctx.host}`);
      });
    },
    flaggedPublicRoutes: [
      {
        planFlag: 'useExternalApi',
        asTenant: true,
        // The token is a connection's: its company is the tenant, and the call sends on that connection.
        async companyOf(ctx) {
          const token = bearer(ctx.get('authorization'));
          if (!/^[A-Z0-9]{30}$/.test(token)) throw externalApiErrors.raise('ERR_INVALID_TOKEN');
          for (const channel of CHANNELS) {
            const connection = await ctx.state.deps.conversations.connectionByToken(token, channel);
            if (connection) {
              (ctx.state as { apiConnection?: ChannelConnection }).apiConnection = connection;
              return connection.companyId;
            }
          }
          throw externalApiErrors.raise('ERR_INVALID_TOKEN');
        },
        routes(router) {
          router.post(SEND_PATH, async (ctx) => {
            const connection = (ctx.state as { apiConnection?: ChannelConnection }).apiConnection;
            if (!connection) throw externalApiErrors.raise('ERR_INVALID_TOKEN');
            const wait = await limiterOf().take(ctx.state.deps.em, {
              companyId: connection.companyId,
              connectionId: connection.id,
            });
            if (wait > 0) {
              ctx.set('Retry-After', String(wait));
              throw externalApiErrors.raise('ERR_RATE_LIMITED', { retryAfter: wait });
            }
            const rawKey = ctx.get('idempotency-key');
            const key = rawKey === '' ? undefined : idempotencyKeyField.safeParse(rawKey);
            if (key && !key.success)
              throw new AppError('ERR_VALIDATION', 400, {
                fields: [{ path: 'Idempotency-Key', message: key.error.issues[0]?.message ?? 'Invalid' }],
              });
            // JSON, or multipart with the files in `medias` (at least one) and the text fields beside them; a call
            // without a body reads as multipart, so it is told its file is missing.
            const { fields, files } =
              ctx.is('multipart') !== false
                ? await ctx.state.readUpload({
                    field: MEDIAS_FIELD,
                    maxFiles: MEDIAS_MAX,
                    maxBytes: options.maxFileBytes,
                    tooLarge: () => externalApiErrors.raise('ERR_FILE_TOO_LARGE'),
                  })
                : { fields: ctx.request.body, files: [] };
            const input = validate(sendSchema, fields);
            const send = () => ctx.state.deps.sender.send(connection, input, files, key?.data);
            // A replay answers the first call's answer before its files are stored again.
            ctx.body = key?.data
              ? await new IdempotentSends(ctx.state.deps.em).once(
                  { companyId: connection.companyId, connectionId: connection.id, clientKey: key.data },
                  send,
                )
              : await send();
          });
        },
      },
    ],
  });
}

export default createExternalApiPlugin();
