import { type ConnectionDto, defaultWeeklySchedule } from '@balcao/sdk';
import { createTestHost, eventually, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../testing/attendance-fixtures.js';
import { openSocket, type TenantWithAgent, tenantWithAgent } from '../../testing/tenant-fixtures.js';
import { Migration0012ConnectionExpiresTicketDefault } from './migrations/core-0012-connection-expires-ticket-default.js';

let host: TestHost;
let shop: TenantWithAgent;
let other: TenantWithAgent;

const createConnection = (token: string, body: Record<string, unknown>) =>
  host.request('/api/whatsapp', { token, body });

beforeAll(async () => {
  host = await createTestHost();
  const superToken = (await host.login(host.admin.email, host.admin.password)).token;
  shop = await tenantWithAgent(host, superToken, 'Conexões Loja', { queues: 4 });
  other = await tenantWithAgent(host, superToken, 'Conexões Outra');
  for (const tenant of [shop, other]) {
    await host.request(`/api/plans/${tenant.planId}`, {
      method: 'PUT',
      token: superToken,
      body: { connections: 5 },
    });
  }
});
afterAll(() => host?.stop());

describe('connections', () => {
  it("shows a connection's token to admins only", async () => {
    const created = (await (
      await createConnection(shop.adminToken, { name: 'Segredo', channel: 'webchat' })
    ).json()) as ConnectionDto;
    const read = async (token: string, path = '/api/whatsapp') =>
      (await host.request(path, { token })).json();
    const mine = ((await read(shop.adminToken)) as ConnectionDto[]).find((c) => c.id === created.id);
    expect(mine?.token).toBe(created.token);
    const agentList = (await read(shop.agentToken)) as ConnectionDto[];
    expect(agentList.find((c) => c.id === created.id)).toMatchObject({ name: 'Segredo', token: null });
    expect(agentList.every((c) => c.token === null)).toBe(true);
    expect(await read(shop.agentToken, `/api/whatsapp/${created.id}`)).toMatchObject({ token: null });
    expect(await read(shop.adminToken, `/api/whatsapp/${created.id}`)).toMatchObject({
      token: created.token,
    });
    await host.request(`/api/whatsapp/${created.id}`, { method: 'DELETE', token: shop.adminToken });
  });

  it("tells the company's sockets, and only them, about every change on company-{id}-whatsapp", async () => {
    const agent = await openSocket(host.url, shop.agentToken);
    const stranger = await openSocket(host.url, other.adminToken);
    const channel = `company-${shop.companyId}-whatsapp`;

    const created = (await (
      await createConnection(shop.adminToken, { name: 'Site', channel: 'webchat' })
    ).json()) as ConnectionDto;
    const added = await eventually(() => agent.frames.find((f) => f.channel === channel));
    // Events reach every user of the company: they carry no connection secret.
    expect(created.token).toMatch(/^[A-Z0-9]{30}$/);
    expect(added.data).toEqual({ action: 'update', whatsapp: { ...created, token: null } });

    const put = await host.request(`/api/whatsapp/${created.id}`, {
      method: 'PUT',
      token: shop.adminToken,
      body: { name: 'Site novo' },
    });
    const renamed = (await put.json()) as ConnectionDto;
    expect(renamed.name).toBe('Site novo');
    const changed = await eventually(() =>
      agent.frames.find(
        (f) => f.channel === channel && (f.data.whatsapp as ConnectionDto | undefined)?.name === 'Site novo',
      ),
    );
    expect(changed.data).toEqual({ action: 'update', whatsapp: { ...renamed, token: null } });

    const del = await host.request(`/api/whatsapp/${created.id}`, {
      method: 'DELETE',
      token: shop.adminToken,
    });
    expect(del.status).toBe(204);
    const removed = await eventually(() => agent.frames.find((f) => f.data.action === 'delete'));
    expect(removed).toEqual({ channel, data: { action: 'delete', whatsappId: created.id } });

    expect(stranger.frames.filter((f) => f.channel.endsWith('-whatsapp'))).toEqual([]);
    agent.close();
    stranger.close();
  });

  it('lets only admins create, change or delete a connection', async () => {
    const created = (await (
      await createConnection(shop.adminToken, { name: 'Balcão web', channel: 'webchat' })
    ).json()) as ConnectionDto;
    const post = await createConnection(shop.agentToken, { name: 'Minha', channel: 'webchat' });
    const put = await host.request(`/api/whatsapp/${created.id}`, {
      method: 'PUT',
      token: shop.agentToken,
      body: { name: 'Outra' },
    });
    const del = await host.request(`/api/whatsapp/${created.id}`, {
      method: 'DELETE',
      token: shop.agentToken,
    });
    for (const res of [post, put, del]) expect(res.status).toBe(403);
    const read = await host.request(`/api/whatsapp/${created.id}`, { token: shop.agentToken });
    expect(((await read.json()) as ConnectionDto).name).toBe('Balcão web');
  });

  it('shows the form messages on the fields and requires a greeting with more than one queue', async () => {
    const short = await createConnection(shop.adminToken, { name: 'S', channel: 'webchat' });
    expect(short.status).toBe(400);
    expect((await short.json()).fields).toEqual([{ path: 'name', message: 'Too Short!' }]);

    const queueIds: number[] = [];
    for (const [name, color] of [
      ['Vendas', '#2e7d32'],
      ['Suporte', '#1565c0'],
    ]) {
      queueIds.push(
        (await (await host.request('/api/queue', { token: shop.adminToken, body: { name, color } })).json())
          .id,
      );
    }
    const silent = await createConnection(shop.adminToken, {
      name: 'Duas filas',
      channel: 'webchat',
      queueIds,
    });
    expect(silent.status).toBe(400);
    expect(await silent.json()).toEqual({ error: 'ERR_WAPP_GREETING_REQUIRED' });
    const greeted = await createConnection(shop.adminToken, {
      name: 'Duas filas',
      channel: 'webchat',
      queueIds,
      greetingMessage: 'Olá! 1 Vendas, 2 Suporte',
    });
    expect(greeted.status).toBe(201);
    const queues = ((await greeted.json()) as ConnectionDto).queues;
    // Listed by queue order, then name.
    expect(queues.map((q) => q.name)).toEqual(['Suporte', 'Vendas']);
    expect(queues.map((q) => q.id).sort()).toEqual([...queueIds].sort());
  });

  it('keeps a default connection: unsetting it is refused; deleting it makes the oldest other one default', async () => {
    const list = async () =>
      (await (await host.request('/api/whatsapp', { token: other.adminToken })).json()) as ConnectionDto[];
    const first = (await (
      await createConnection(other.adminToken, { name: 'Primeira', channel: 'webchat' })
    ).json()) as ConnectionDto;
    const second = (await (
      await createConnection(other.adminToken, { name: 'Segunda', channel: 'webchat' })
    ).json()) as ConnectionDto;
    const current = (await list()).find((c) => c.isDefault) as ConnectionDto;
    const unset = await host.request(`/api/whatsapp/${current.id}`, {
      method: 'PUT',
      token: other.adminToken,
      body: { isDefault: false },
    });
    expect(unset.status).toBe(400);
    expect(await unset.json()).toEqual({ error: 'ERR_NO_OTHER_WHATSAPP' });
    // Choosing another as default is how it moves.
    await host.request(`/api/whatsapp/${second.id}`, {
      method: 'PUT',
      token: other.adminToken,
      body: { isDefault: true },
    });
    expect((await list()).filter((c) => c.isDefault).map((c) => c.id)).toEqual([second.id]);
    expect(
      (await host.request(`/api/whatsapp/${second.id}`, { method: 'DELETE', token: other.adminToken }))
        .status,
    ).toBeLessThan(300);
    const left = await list();
    const oldest = Math.min(...left.map((c) => c.id));
    expect(left.filter((c) => c.isDefault).map((c) => c.id)).toEqual([oldest]);
    expect(left.map((c) => c.id)).toContain(first.id);
  });

  it('refuses a name another connection of the company has, in any case, with ERR_DUPLICATED_CONNECTION', async () => {
    const a = await createConnection(shop.adminToken, { name: 'Loja A', channel: 'webchat' });
    const b = (await (
      await createConnection(shop.adminToken, { name: 'Loja B', channel: 'webchat' })
    ).json()) as ConnectionDto;
    expect(a.status).toBe(201);
    const renamed = await host.request(`/api/whatsapp/${b.id}`, {
      method: 'PUT',
      token: shop.adminToken,
      body: { name: 'loja a' },
    });
    expect(renamed.status).toBe(409);
    expect(await renamed.json()).toEqual({ error: 'ERR_DUPLICATED_CONNECTION' });
    const again = await createConnection(shop.adminToken, { name: 'LOJA A', channel: 'webchat' });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: 'ERR_DUPLICATED_CONNECTION' });
    const read = await host.request(`/api/whatsapp/${b.id}`, { token: shop.adminToken });
    expect(((await read.json()) as ConnectionDto).name).toBe('Loja B');
    // Names are per company.
    expect((await createConnection(other.adminToken, { name: 'Loja A', channel: 'webchat' })).status).toBe(
      201,
    );
  });

  it('a new connection closes idle open tickets after 24 hours (spec part 1 §9 "Auto-close ticket hours default 24"); existing ones keep theirs', async () => {
    const created = (await (
      await createConnection(shop.adminToken, { name: 'Prazo', channel: 'webchat' })
    ).json()) as ConnectionDto;
    expect(created.expiresTicket).toBe(24);
    const put = (body: Record<string, unknown>) =>
      host.request(`/api/whatsapp/${created.id}`, { method: 'PUT', token: shop.adminToken, body });
    expect(((await (await put({ expiresTicket: 0 })).json()) as ConnectionDto).expiresTicket).toBe(0);
    expect(((await (await put({ name: 'Prazo novo' })).json()) as ConnectionDto).expiresTicket).toBe(0);
    expect((await put({ expiresTicket: -1 })).status).toBe(400);
    // core-0012 changes the column's default only: a row written before it (with the old default, 0) keeps it.
    const migration = new Migration0012ConnectionExpiresTicketDefault(null as never, null as never);
    await migration.up();
    for (const statement of migration.getQueries()) await sql(host, String(statement));
    const [row] = await sql(
      host,
      `select w.expires_ticket, c.column_default from whatsapps w, information_schema.columns c
        where w.id = $1 and c.table_name = 'whatsapps' and c.column_name = 'expires_ticket'`,
      [created.id],
    );
    expect(row).toEqual({ expires_ticket: 0, column_default: '24' });
    // So does connections-0007 for the rating's wait: rows written directly (seeds, imports) wait 10 minutes too.
    const [nps] = await sql(
      host,
      `select column_default from information_schema.columns
        where table_name = 'whatsapps' and column_name = 'expires_ticket_nps'`,
    );
    expect(nps).toEqual({ column_default: '10' });
    await host.request(`/api/whatsapp/${created.id}`, { method: 'DELETE', token: shop.adminToken });
  });

  it("keeps the automation settings of the chatbot, messages and NPS tabs, and the connection's service hours", async () => {
    const created = (await (
      await createConnection(shop.adminToken, { name: 'Robô', channel: 'webchat' })
    ).json()) as ConnectionDto;
    // Spec part 1 §3 and §9: the repeats default to 3, the timers are off, but for the rating's wait (issue 24: a
    // ticket waiting for a rating no contact gives closes after 10 minutes, not never).
    expect(created).toMatchObject({
      maxUseBotQueues: 3,
      maxUseBotQueuesNps: 3,
      timeUseBotQueues: 0,
      timeCreateNewTicket: 0,
      timeSendQueue: 0,
      sendIdQueue: null,
      whenExpiresTicket: '0',
      expiresTicketNps: 10,
      timeInactiveMessage: 0,
      inactiveMessage: null,
      expiresInactiveMessage: null,
      schedules: null,
    });
    const queue = (await (
      await host.request('/api/queue', {
        token: shop.adminToken,
        body: { name: 'Triagem', color: '#2965CC' },
      })
    ).json()) as { id: number };
    const week = defaultWeeklySchedule().map((row) =>
      row.weekdayEn === 'sunday'
        ? { ...row, startTimeA: '', endTimeA: '', startTimeB: '', endTimeB: '' }
        : row,
    );
    const put = (body: Record<string, unknown>) =>
      host.request(`/api/whatsapp/${created.id}`, { method: 'PUT', token: shop.adminToken, body });
    const saved = await put({
      maxUseBotQueues: 5,
      timeUseBotQueues: 30,
      timeCreateNewTicket: 10,
      timeSendQueue: 15,
      sendIdQueue: queue.id,
      whenExpiresTicket: '1',
      expiresTicketNps: 60,
      maxUseBotQueuesNps: 2,
      inactiveMessage: 'Ainda está aí?',
      timeInactiveMessage: 20,
      expiresInactiveMessage: 'Encerramos por inatividade.',
      schedules: week,
    });
    expect(saved.status).toBe(200);
    const read = (await (
      await host.request(`/api/whatsapp/${created.id}`, { token: shop.adminToken })
    ).json()) as ConnectionDto;
    expect(read).toMatchObject({
      maxUseBotQueues: 5,
      timeUseBotQueues: 30,
      timeCreateNewTicket: 10,
      timeSendQueue: 15,
      sendIdQueue: queue.id,
      whenExpiresTicket: '1',
      expiresTicketNps: 60,
      maxUseBotQueuesNps: 2,
      inactiveMessage: 'Ainda está aí?',
      timeInactiveMessage: 20,
      expiresInactiveMessage: 'Encerramos por inatividade.',
      schedules: week,
    });

    const refused = async (body: Record<string, unknown>, path: string) => {
      const res = await put(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const answer = (await res.json()) as { error: string; fields: { path: string }[] };
      expect(answer.error).toBe('ERR_VALIDATION');
      expect(answer.fields.map((f) => f.path.split('.')[0])).toContain(path);
    };
    await refused({ timeSendQueue: 43_201 }, 'timeSendQueue');
    await refused({ maxUseBotQueues: -1 }, 'maxUseBotQueues');
    await refused({ whenExpiresTicket: '2' }, 'whenExpiresTicket');
    await refused({ schedules: week.slice(1) }, 'schedules');
    await refused({ schedules: [{ ...week[0], endTimeA: '07:00' }, ...week.slice(1)] }, 'schedules');
    // The redirect queue must be one of the company's.
    const theirs = (await (
      await host.request('/api/queue', { token: other.adminToken, body: { name: 'Deles', color: '#29A634' } })
    ).json()) as { id: number };
    await refused({ sendIdQueue: theirs.id }, 'sendIdQueue');
    await refused({ sendIdQueue: 2_147_483_648 }, 'sendIdQueue');
    // What was refused changed nothing; null clears the redirect and the hours.
    const cleared = (await (await put({ sendIdQueue: null, schedules: null })).json()) as ConnectionDto;
    expect(cleared).toMatchObject({ sendIdQueue: null, schedules: null, timeSendQueue: 15 });
    await host.request(`/api/whatsapp/${created.id}`, { method: 'DELETE', token: shop.adminToken });
  });

  it("keeps the integrations tab's queue integration and AI prompt, as ids (their pages come later)", async () => {
    const created = (await (
      await createConnection(shop.adminToken, { name: 'Integrada', channel: 'webchat', promptId: 9 })
    ).json()) as ConnectionDto;
    expect(created).toMatchObject({ integrationId: null, promptId: 9 });
    const put = (body: Record<string, unknown>) =>
      host.request(`/api/whatsapp/${created.id}`, { method: 'PUT', token: shop.adminToken, body });
    expect((await put({ integrationId: 7 })).status).toBe(200);
    const read = async () =>
      (await (
        await host.request(`/api/whatsapp/${created.id}`, { token: shop.adminToken })
      ).json()) as ConnectionDto;
    expect(await read()).toMatchObject({ integrationId: 7, promptId: 9 });
    for (const body of [{ integrationId: 2_147_483_648 }, { promptId: -1 }, { promptId: 'x' }]) {
      const res = await put(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe('ERR_VALIDATION');
    }
    expect((await put({ integrationId: null, promptId: null })).status).toBe(200);
    expect(await read()).toMatchObject({ integrationId: null, promptId: null });
    await host.request(`/api/whatsapp/${created.id}`, { method: 'DELETE', token: shop.adminToken });
  });

  it('stops at the number of connections the plan allows, with a limit of its own (409, not a permission)', async () => {
    const made: number[] = [];
    let answer: Response | undefined;
    for (let i = 0; i < 7; i++) {
      answer = await createConnection(other.adminToken, { name: `Limite ${i}`, channel: 'webchat' });
      if (answer.status !== 201) break;
      made.push(((await answer.json()) as ConnectionDto).id);
    }
    expect(answer?.status).toBe(409);
    expect(await answer?.json()).toEqual({ error: 'ERR_CONNECTION_LIMIT_REACHED' });
    const listed = (await (
      await host.request('/api/whatsapp', { token: other.adminToken })
    ).json()) as unknown[];
    expect(listed).toHaveLength(5);
    for (const id of made)
      await host.request(`/api/whatsapp/${id}`, { method: 'DELETE', token: other.adminToken });
  });
});
