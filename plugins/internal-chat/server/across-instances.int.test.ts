import { connectSocket, createTestHost, type Kernel, startInstance, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CHAT_PAGE_SIZE, type ChatDto, type ChatFrame, type ChatPageDto } from '../shared/chat.js';
import internalChat from './index.js';

// Two web nodes behind a load balancer share only the database: a message posted on one must reach a member whose
// tab is connected to the other, with their unread count, and a member taken out there must stop hearing the chat.

let host: TestHost;
let second: Kernel;

beforeAll(async () => {
  host = await createTestHost({ plugins: [internalChat] });
  second = await startInstance(host, { role: 'web', plugins: [internalChat] });
});
afterAll(async () => {
  await second?.stop();
  await host?.stop();
});

it('keeps unread counts live for every member on every instance', async () => {
  const admin = (await host.login(host.admin.email, host.admin.password)).token;
  const ids: number[] = [];
  for (const name of ['Duda', 'Edu']) {
    const res = await host.request('/api/users', {
      token: admin,
      body: { name, email: `${name.toLowerCase()}@nodes.test`, password: 'nodes-pass', profile: 'user' },
    });
    ids.push(((await res.json()) as { id: number }).id);
  }
  const duda = (await host.login('duda@nodes.test', 'nodes-pass')).token;
  const edu = (await host.login('edu@nodes.test', 'nodes-pass')).token;
  const onSecond = { url: second.url, request: host.request, admin: host.admin, login: host.login };
  const eduThere = await connectSocket(onSecond, edu);
  const dudaThere = await connectSocket(onSecond, duda);

  // The chat is made and written on the first instance; both members listen on the second.
  const created = await host.request('/api/chats', { token: admin, body: { title: 'Nós', users: ids } });
  const chat = (await created.json()) as ChatDto;
  const frameOf = (data: unknown) => data as ChatFrame;
  const said = (text: string) => (data: unknown) => {
    const f = frameOf(data);
    return f.action === 'new-message' && f.newMessage.message === text;
  };
  for (const text of ['um', 'dois']) {
    const sent = await host.request(`/api/chats/${chat.uuid}/messages`, {
      token: admin,
      body: { message: text },
    });
    expect(sent.status).toBe(201);
  }
  const frame = frameOf((await eduThere.waitFor('company-1-chat', said('dois'))).data);
  expect(frame.action === 'new-message' && frame.chat.users.find((u) => u.userId === ids[1])?.unreads).toBe(
    2,
  );

  // Edu reads through the second instance: his other tabs (wherever they are) see 0.
  const read = await fetch(`${second.url}/api/chats/${chat.uuid}/read`, {
    method: 'POST',
    headers: { authorization: `Bearer ${edu}`, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(read.status).toBe(200);
  const eduHere = await connectSocket(host, edu);
  await host.request(`/api/chats/${chat.uuid}/messages`, { token: duda, body: { message: 'três' } });
  const after = frameOf((await eduHere.waitFor('company-1-chat', said('três'))).data);
  expect(after.action === 'new-message' && after.chat.users.find((u) => u.userId === ids[1])?.unreads).toBe(
    1,
  );

  // Duda is taken out on the first instance: her socket on the second hears the delete, then nothing of the chat.
  await host.request(`/api/chats/${chat.uuid}`, {
    method: 'PUT',
    token: admin,
    body: { title: 'Nós', users: [ids[1]] },
  });
  await dudaThere.waitFor('company-1-chat', (d) => frameOf(d).action === 'delete');
  await host.request(`/api/chats/${chat.uuid}/messages`, { token: admin, body: { message: 'sem a Duda' } });
  await eduThere.waitFor('company-1-chat', said('sem a Duda'));
  expect(dudaThere.frames.filter((f) => said('sem a Duda')(f.data))).toHaveLength(0);

  for (const socket of [eduThere, dudaThere, eduHere]) socket.close();
});

it("counts the member's unread messages over all their chats, not only the page the top bar loads", async () => {
  const admin = (await host.login(host.admin.email, host.admin.password)).token;
  const created = await host.request('/api/users', {
    token: admin,
    body: { name: 'Gil', email: 'gil@nodes.test', password: 'nodes-pass', profile: 'user' },
  });
  const gilId = ((await created.json()) as { id: number }).id;
  const gil = (await host.login('gil@nodes.test', 'nodes-pass')).token;
  const CHATS = CHAT_PAGE_SIZE + 6;
  const chats: ChatDto[] = [];
  for (let i = 0; i < CHATS; i++) {
    const res = await host.request('/api/chats', {
      token: admin,
      body: { title: `Gil ${i}`, users: [gilId] },
    });
    const chat = (await res.json()) as ChatDto;
    chats.push(chat);
    await host.request(`/api/chats/${chat.uuid}/messages`, { token: admin, body: { message: `oi ${i}` } });
  }
  // The oldest chat has a second unread message: the first page (the latest chats) cannot show it.
  await host.request(`/api/chats/${chats[0].uuid}/messages`, { token: admin, body: { message: 'mais' } });
  await host.request(`/api/chats/${chats[CHATS - 1].uuid}/messages`, {
    token: admin,
    body: { message: 'novo' },
  });

  const page = (await (await host.request('/api/chats', { token: gil })).json()) as ChatPageDto;
  expect(page.records).toHaveLength(CHAT_PAGE_SIZE);
  expect(page.hasMore).toBe(true);
  const onPage = page.records.reduce(
    (n, c) => n + (c.users.find((u) => u.userId === gilId)?.unreads ?? 0),
    0,
  );
  expect(onPage).toBeLessThan(CHATS + 2);
  expect(page.unread).toBe(CHATS + 2);
  // A search narrows the list, never the badge's total.
  const searched = (await (
    await host.request('/api/chats?searchParam=Gil%2025', { token: gil })
  ).json()) as ChatPageDto;
  expect(searched).toMatchObject({ records: [{ id: chats[25].id }], unread: CHATS + 2 });

  // Live on the other instance: each frame carries Gil's total, whichever instance made the change.
  const onSecond = { url: second.url, request: host.request, admin: host.admin, login: host.login };
  const gilThere = await connectSocket(onSecond, gil);
  await host.request(`/api/chats/${chats[1].uuid}/messages`, { token: admin, body: { message: 'de volta' } });
  const frame = (await gilThere.waitFor('company-1-chat', (d) => (d as ChatFrame).action === 'new-message'))
    .data as ChatFrame;
  expect(frame.unread).toBe(CHATS + 3);
  const read = await fetch(`${second.url}/api/chats/${chats[0].uuid}/read`, {
    method: 'POST',
    headers: { authorization: `Bearer ${gil}`, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(read.status).toBe(200);
  const after = (
    await gilThere.waitFor('company-1-chat', (d) => {
      const f = d as ChatFrame;
      return f.action === 'update' && f.chat.id === chats[0].id;
    })
  ).data as ChatFrame;
  expect(after.unread).toBe(CHATS + 1);
  // A chat with an unread message is deleted: the delete brings the total without it.
  await host.request(`/api/chats/${chats[2].uuid}`, { method: 'DELETE', token: admin });
  const gone = (
    await gilThere.waitFor('company-1-chat', (d) => {
      const f = d as ChatFrame;
      return f.action === 'delete' && f.chatId === chats[2].id;
    })
  ).data as ChatFrame;
  expect(gone.unread).toBe(CHATS);
  gilThere.close();
});
