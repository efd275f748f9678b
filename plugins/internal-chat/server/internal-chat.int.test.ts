import { connectSocket, createTenant, createTestHost, type TestHost, type TestSocket } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatDto, ChatMessageDto, ChatMessagePageDto, ChatPageDto } from '../shared/chat.js';
import internalChat from './index.js';

let host: TestHost;
let admin: { token: string; id: number };
let ana: { token: string; id: number };
let bia: { token: string; id: number };
let caio: { token: string; id: number };

async function createUser(name: string): Promise<{ token: string; id: number }> {
  const email = `${name.toLowerCase()}@chat.test`;
  const res = await host.request('/api/users', {
    token: admin.token,
    body: { name, email, password: 'chat-pass', profile: 'user' },
  });
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: number };
  return { id, token: (await host.login(email, 'chat-pass')).token };
}

const call = (path: string, token: string, init: { method?: string; body?: unknown } = {}) =>
  host.request(`/api${path}`, { token, ...init });

async function newChat(title: string, users: number[], token = ana.token): Promise<ChatDto> {
  const res = await call('/chats', token, { body: { title, users: users.map((id) => ({ id })) } });
  expect(res.status).toBe(201);
  return (await res.json()) as ChatDto;
}

const say = async (chat: ChatDto, token: string, message: string) => {
  const res = await call(`/chats/${chat.uuid}/messages`, token, { body: { message } });
  expect(res.status).toBe(201);
  return (await res.json()) as ChatMessageDto;
};

const unreads = async (chat: ChatDto, token: string, userId: number) => {
  const shown = (await (await call(`/chats/${chat.uuid}`, token)).json()) as ChatDto;
  return shown.users.find((u) => u.userId === userId)?.unreads;
};

beforeAll(async () => {
  host = await createTestHost({ plugins: [internalChat] });
  const login = await host.login(host.admin.email, host.admin.password);
  admin = { token: login.token, id: login.user.id };
  ana = await createUser('Ana');
  bia = await createUser('Bia');
  caio = await createUser('Caio');
});
afterAll(() => host?.stop());

describe('membership and the owner', () => {
  it('makes the creator the owner and a member; only members see the chat', async () => {
    const chat = await newChat('Vendas', [bia.id]);
    expect(chat.ownerId).toBe(ana.id);
    expect(chat.users.map((u) => u.userId).sort()).toEqual([ana.id, bia.id].sort());
    expect(chat.users.find((u) => u.userId === bia.id)?.user.name).toBe('Bia');

    expect((await call(`/chats/${chat.uuid}`, bia.token)).status).toBe(200);
    expect((await call(`/chats/${chat.id}`, bia.token)).status).toBe(200);
    const outsider = await call(`/chats/${chat.uuid}`, caio.token);
    expect(outsider.status).toBe(404);
    expect(await outsider.json()).toMatchObject({ error: 'internal-chat:ERR_CHAT_NOT_FOUND' });
    // Not even an admin of the company reads a chat they are not in.
    expect((await call(`/chats/${chat.uuid}/messages`, admin.token)).status).toBe(404);
    expect((await call(`/chats/${chat.uuid}/messages`, caio.token, { body: { message: 'oi' } })).status).toBe(
      404,
    );

    const listed = (await (await call('/chats', caio.token)).json()) as ChatPageDto;
    expect(listed.records.map((c) => c.id)).not.toContain(chat.id);
    const mine = (await (await call('/chats?searchParam=vend', bia.token)).json()) as ChatPageDto;
    expect(mine.records.map((c) => c.id)).toContain(chat.id);
  });

  it('lets only the owner edit or delete; edits keep who stays and their unreads', async () => {
    const chat = await newChat('Suporte', [bia.id, caio.id]);
    await say(chat, caio.token, 'primeira');

    const byMember = await call(`/chats/${chat.uuid}`, bia.token, {
      method: 'PUT',
      body: { title: 'Meu', users: [bia.id] },
    });
    expect(byMember.status).toBe(403);
    expect(await byMember.json()).toMatchObject({ error: 'internal-chat:ERR_NOT_CHAT_OWNER' });
    expect((await call(`/chats/${chat.uuid}`, bia.token, { method: 'DELETE' })).status).toBe(403);

    const edited = await call(`/chats/${chat.uuid}`, ana.token, {
      method: 'PUT',
      body: { title: 'Suporte N2', users: [bia.id] },
    });
    expect(edited.status).toBe(200);
    const after = (await edited.json()) as ChatDto;
    expect(after.title).toBe('Suporte N2');
    expect(after.users.map((u) => u.userId).sort()).toEqual([ana.id, bia.id].sort());
    expect(after.users.find((u) => u.userId === bia.id)?.unreads).toBe(1);
    expect((await call(`/chats/${chat.uuid}`, caio.token)).status).toBe(404);

    expect((await call(`/chats/${chat.uuid}`, ana.token, { method: 'DELETE' })).status).toBe(204);
    expect((await call(`/chats/${chat.uuid}`, ana.token)).status).toBe(404);
  });

  it("keeps another company's chats out of reach, and the plan flag gates the calls", async () => {
    const chat = await newChat('Só nossa', [bia.id]);
    const other = await createTenant(host, admin.token, {
      name: 'Outra Empresa',
      flags: { useInternalChat: true },
    });
    const { token } = await host.login(other.email, other.password);
    expect((await call(`/chats/${chat.uuid}`, token)).status).toBe(404);
    expect((await call(`/chats/${chat.id}/messages`, token)).status).toBe(404);
    expect((await call(`/chats/${chat.id}/read`, token, { body: {} })).status).toBe(404);
    // Bia is not a user of that company: she cannot be made a member there.
    const stranger = await call('/chats', token, { body: { title: 'x', users: [bia.id] } });
    expect(stranger.status).toBe(400);
    expect(await stranger.json()).toMatchObject({ fields: [{ path: 'users.0', message: 'Unknown user' }] });

    const flagless = await createTenant(host, admin.token, {
      name: 'Sem Chat',
      flags: { useInternalChat: false },
    });
    const noFlag = (await host.login(flagless.email, flagless.password)).token;
    expect((await call('/chats', noFlag)).status).toBe(403);
  });
});

describe('validation', () => {
  const refused = async (res: Response, field: string) => {
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; fields: { path: string }[] };
    expect(body.error).toBe('ERR_VALIDATION');
    expect(body.fields.map((f) => f.path)).toContain(field);
  };

  it('refuses a chat without a title or members, and hostile input, with 400', async () => {
    await refused(await call('/chats', ana.token, { body: { title: '  ', users: [bia.id] } }), 'title');
    await refused(await call('/chats', ana.token, { body: { title: 'a\u0000b', users: [bia.id] } }), 'title');
    await refused(
      await call('/chats', ana.token, { body: { title: 'x'.repeat(101), users: [bia.id] } }),
      'title',
    );
    await refused(await call('/chats', ana.token, { body: { title: 'Sem gente', users: [] } }), 'users');
    await refused(await call('/chats', ana.token, { body: { title: 'Sem gente' } }), 'users');
    await refused(
      await call('/chats', ana.token, { body: { title: 'Grande', users: [2_147_483_648] } }),
      'users.0',
    );
    await refused(await call('/chats', ana.token, { body: { title: 'Nada', users: [99_999] } }), 'users.0');
  });

  it('refuses bad ids, pages and messages', async () => {
    const chat = await newChat('Validação', [bia.id]);
    await refused(await call('/chats/2147483648', ana.token), 'id');
    await refused(await call('/chats/not-a-chat', ana.token), 'id');
    await refused(await call(`/chats/${chat.uuid}/messages?pageNumber=0`, ana.token), 'pageNumber');
    await refused(await call(`/chats/${chat.uuid}/messages?pageNumber=9999999999`, ana.token), 'pageNumber');
    await refused(await call('/chats?searchParam=%00', ana.token), 'searchParam');
    const post = (message: unknown) => call(`/chats/${chat.uuid}/messages`, ana.token, { body: { message } });
    await refused(await post('   '), 'message');
    await refused(await post('x'.repeat(4_001)), 'message');
    await refused(await post('oi\u0000'), 'message');
    await refused(await post(42), 'message');
    expect((await call(`/chats/${chat.uuid}/read`, ana.token, { body: { userId: bia.id } })).status).toBe(
      403,
    );
  });
});

describe('messages and read counts', () => {
  it('counts a message unread for every member but its sender, until they read the chat', async () => {
    const chat = await newChat('Contagem', [bia.id, caio.id]);
    await say(chat, ana.token, '*Bom dia*, equipe');
    await say(chat, bia.token, 'Bom dia!');

    expect(await unreads(chat, ana.token, ana.id)).toBe(1);
    expect(await unreads(chat, ana.token, bia.id)).toBe(1);
    expect(await unreads(chat, ana.token, caio.id)).toBe(2);

    const read = await call(`/chats/${chat.uuid}/read`, caio.token, { body: { userId: caio.id } });
    expect(read.status).toBe(200);
    expect(await unreads(chat, ana.token, caio.id)).toBe(0);
    expect(await unreads(chat, ana.token, ana.id)).toBe(1);

    const listed = (await (await call('/chats', caio.token)).json()) as ChatPageDto;
    expect(listed.records[0]).toMatchObject({ id: chat.id, lastMessage: 'Bom dia!' });
  });

  it('pages the messages newest page first, oldest first within a page', async () => {
    const chat = await newChat('Histórico', [bia.id]);
    for (let i = 1; i <= 25; i++) await say(chat, i % 2 ? ana.token : bia.token, `mensagem ${i}`);
    const page = async (n: number) =>
      (await (
        await call(`/chats/${chat.uuid}/messages?pageNumber=${n}`, bia.token)
      ).json()) as ChatMessagePageDto;
    const first = await page(1);
    expect(first.count).toBe(25);
    expect(first.hasMore).toBe(true);
    expect(first.records.map((m) => m.message)).toEqual(
      Array.from({ length: 20 }, (_, i) => `mensagem ${i + 6}`),
    );
    expect(first.records[0].sender).toEqual({ id: bia.id, name: 'Bia' });
    const second = await page(2);
    expect(second.hasMore).toBe(false);
    expect(second.records.map((m) => m.message)).toEqual([1, 2, 3, 4, 5].map((i) => `mensagem ${i}`));
  });
});

describe('live', () => {
  let biaSocket: TestSocket;
  let caioSocket: TestSocket;
  beforeAll(async () => {
    biaSocket = await connectSocket(host, bia.token);
    caioSocket = await connectSocket(host, caio.token);
  });
  afterAll(() => {
    biaSocket?.close();
    caioSocket?.close();
  });

  it('tells each member only, and a member taken out stops receiving the chat at once', async () => {
    const chat = await newChat('Ao vivo', [bia.id, caio.id]);
    const channel = 'company-1-chat';
    const ofChat = (action: string, text?: string) => (data: unknown) => {
      const frame = data as { action: string; chat?: ChatDto; chatId?: number; newMessage?: ChatMessageDto };
      return (
        frame.action === action &&
        (frame.chat?.id ?? frame.chatId) === chat.id &&
        (text === undefined || frame.newMessage?.message === text)
      );
    };
    await caioSocket.waitFor(channel, ofChat('update'));
    await say(chat, ana.token, 'para os dois');
    const frame = await caioSocket.waitFor(channel, ofChat('new-message', 'para os dois'));
    expect((frame.data as { chat: ChatDto }).chat.users.find((u) => u.userId === caio.id)?.unreads).toBe(1);
    await biaSocket.waitFor(channel, ofChat('new-message', 'para os dois'));

    await call(`/chats/${chat.uuid}`, ana.token, {
      method: 'PUT',
      body: { title: 'Ao vivo', users: [bia.id] },
    });
    await caioSocket.waitFor(channel, ofChat('delete'));
    await say(chat, ana.token, 'só para a Bia');
    await biaSocket.waitFor(channel, ofChat('new-message', 'só para a Bia'));
    expect(caioSocket.frames.filter((f) => ofChat('new-message', 'só para a Bia')(f.data))).toHaveLength(0);

    // Frames of a chat go to its members only: the admin of the company, who is not one, heard none of them.
    const adminSocket = await connectSocket(host, admin.token);
    await say(chat, bia.token, 'depois');
    await biaSocket.waitFor(channel, ofChat('new-message', 'depois'));
    expect(adminSocket.frames.filter((f) => f.channel === channel)).toHaveLength(0);
    adminSocket.close();
  });
});
