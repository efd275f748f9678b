import { AppError, type ConversationsPort, definePlugin, validate } from '@balcao/sdk';
import { z } from 'zod';
import { createEchoChannel } from './echo-channel.js';

/** `POST /echo/{token}/inbound`: a contact writes, as the network would tell the adapter. */
const inboundSchema = z.object({
  externalId: z.string().min(1).max(100),
  from: z.string().min(1).max(100),
  name: z.string().max(100).default(''),
  body: z.string().min(1).max(4000),
});

// The adapter exists before the host boots the plugin; `conversations` arrives in onBoot. Until then nothing can be
// sent (the host delivers messages only after boot), so the handler never runs without it.
let conversations: ConversationsPort | undefined;
const echo = createEchoChannel(async (connection, message) => {
  await conversations?.ingest(connection, message);
});

/**
 * The echo channel's plugin: hands the adapter to the host and adds what surrounds it — here one public route where a
 * "contact" writes. A real channel plugin would add its webhook or session screens, settings and plan flag.
 */
export default definePlugin({
  name: 'echo',
  requires: ['conversations'],
  contributes: { channels: [echo] },

  async onBoot(deps) {
    conversations = deps.conversations;
  },

  // Public: no login. The connection's token (30 random characters, shown to the company's admins) is the credential.
  publicRoutes(router) {
    router.post('/echo/:token/inbound', async (ctx) => {
      const connection = await ctx.state.deps.conversations.connectionByToken(ctx.params.token ?? '', 'echo');
      if (!connection) throw new AppError('ERR_NO_WAPP_FOUND', 404);
      const input = validate(inboundSchema, ctx.request.body);
      const result = await ctx.state.deps.conversations.ingest(connection, {
        externalId: input.externalId,
        from: { id: input.from, name: input.name },
        body: input.body,
      });
      ctx.status = 201;
      ctx.body = { outcome: result.outcome };
    });
  },
});
