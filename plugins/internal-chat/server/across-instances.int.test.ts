import { connectSocket, createTestHost, type Kernel, startInstance, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ChatDto, ChatFrame } from '../shared/chat.js';
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
