import { definePlugin, validate } from '@balcao/sdk';
import {
  chatInputSchema,
  chatListQuery,
  chatMessageInputSchema,
  chatMessagesQuery,
  chatParams,
  chatReadInputSchema,
} from '../shared/chat.js';
import { type ChatDeps, ChatsService } from './chats-service.js';
import { chatErrors } from './errors.js';
import { migrations } from './migrations.js';

interface ChatState {
  companyId: number;
  user: { id: number };
  deps: ChatDeps;
}

const chatsOf = (state: ChatState) =>
  new ChatsService(state.deps, { companyId: state.companyId, userId: state.user.id });

/**
 * Internal chat (spec part 2 §2 "Internal chat", §7): the company's users talk in chats with a title and members,
 * behind the plan flag useInternalChat. The calls keep the spec's paths under `/api`; `{id}` is the chat's uuid (the
 * page's address) or its id.
 */
export default definePlugin({
  name: 'internal-chat',
  planFlag: 'useInternalChat',
  requires: ['em', 'users', 'realtime'],
  errors: chatErrors,
  migrations,
  routes(router) {
    router.get('/chats', async (ctx) => {
      const { searchParam, pageNumber } = validate(chatListQuery, ctx.query);
      ctx.body = await chatsOf(ctx.state).list(searchParam, pageNumber);
    });
    router.post('/chats', async (ctx) => {
      const input = validate(chatInputSchema, ctx.request.body);
      ctx.status = 201;
      ctx.body = await chatsOf(ctx.state).create(input);
    });
    router.get('/chats/:id', async (ctx) => {
      const { id } = validate(chatParams, ctx.params);
      ctx.body = await chatsOf(ctx.state).show(id);
    });
    router.put('/chats/:id', async (ctx) => {
      const { id } = validate(chatParams, ctx.params);
      const input = validate(chatInputSchema, ctx.request.body);
      ctx.body = await chatsOf(ctx.state).update(id, input);
    });
    router.delete('/chats/:id', async (ctx) => {
      const { id } = validate(chatParams, ctx.params);
      await chatsOf(ctx.state).remove(id);
      ctx.status = 204;
    });
    router.get('/chats/:id/messages', async (ctx) => {
      const { id } = validate(chatParams, ctx.params);
      const { pageNumber } = validate(chatMessagesQuery, ctx.query);
      ctx.body = await chatsOf(ctx.state).messages(id, pageNumber);
    });
    router.post('/chats/:id/messages', async (ctx) => {
      const { id } = validate(chatParams, ctx.params);
      const { message } = validate(chatMessageInputSchema, ctx.request.body);
      ctx.status = 201;
      ctx.body = await chatsOf(ctx.state).send(id, message);
    });
    router.post('/chats/:id/read', async (ctx) => {
      const { id } = validate(chatParams, ctx.params);
      const { userId } = validate(chatReadInputSchema, ctx.request.body);
      ctx.body = await chatsOf(ctx.state).read(id, userId);
    });
  },
});
