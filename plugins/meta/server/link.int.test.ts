import { MAX_ACCOUNT_REQUESTS } from '@balcao/channel-meta';
import type { MockGraph } from '@balcao/channel-meta/testing';
import type { ConnectionDto } from '@balcao/sdk';
import { createTenant, createTestHost, type TestHost } from '@balcao/testing';
import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMetaHost } from './contract-harness.js';
import { createMetaPlugin } from './index.js';
import type { LinkedConnection } from './link-schema.js';

/**
 * `POST /api/facebook` (spec part 1 §5): an admin links the pages a Facebook user manages. Each page becomes a facebook
 * connection and, with addInstagram, its Instagram account an instagram one; the page token is kept sealed in the
 * connection's store and never answered; the plan's connection limit and channel flags hold as for any connection.
 */
let host: TestHost;
let graph: MockGraph;
let superToken: string;

beforeAll(async () => {
  ({ host, graph } = await startMetaHost());
  superToken = (await host.login(host.admin.email, host.admin.password)).token;
});
afterAll(async () => {
  await host?.stop();
  await graph?.stop();
});

/** A company whose plan has `flags` and room for `connections`, its admin logged in. */
async function company(name: string, flags: Record<string, boolean>, connections = 5) {
  const t = await createTenant(host, superToken, { name, flags });
  await host.request(`/api/plans/${t.planId}`, { method: 'PUT', token: superToken, body: { connections } });
  return { ...t, token: (await host.login(t.email, t.password)).token };
}

/** A Facebook user with pages `ids` on the mock Graph. */
function user(id: string, ids: string[], instagram = true) {
  const pages = ids.map((p) => ({
    id: p,
    name: `Página ${p}`,
    accessToken: `EAAGpage${p}token000000`,
    ...(instagram ? { instagram: { id: `ig${p}`, username: `loja.${p}` } } : {}),
  }));
  graph.users.set(id, { token: `EAAGuser${id}token000000`, pages });
  return { facebookUserId: id, facebookUserToken: `EAAGuser${id}token000000`, pages };
}

const link = (token: string, body: Record<string, unknown>) => host.request('/api/facebook', { token, body });
const connectionsOf = async (token: string) =>
  (await (await host.request('/api/whatsapp', { token })).json()) as ConnectionDto[];

describe('POST /api/facebook', () => {
  it('links each page as a facebook connection and its Instagram account as an instagram one, subscribed, connected', async () => {
    const shop = await company('Loja Social', { useFacebook: true, useInstagram: true });
    const u = user('5001', ['50011', '50012']);
    const res = await link(shop.token, {
      facebookUserId: u.facebookUserId,
      facebookUserToken: u.facebookUserToken,
      addInstagram: true,
    });
    expect(res.status).toBe(200);
    const { connections } = (await res.json()) as { connections: LinkedConnection[] };
    expect(connections.map((c) => [c.channel, c.account, c.name, c.created])).toEqual([
      ['facebook', '50011', 'Página 50011', true],
      ['instagram', 'ig50011', '@loja.50011', true],
      ['facebook', '50012', 'Página 50012', true],
      ['instagram', 'ig50012', '@loja.50012', true],
    ]);
    const listed = await connectionsOf(shop.token);
    expect(listed.filter((c) => c.channel === 'facebook' || c.channel === 'instagram')).toHaveLength(4);
    for (const c of listed) expect(c.status).toBe('CONNECTED');
    expect(graph.subscriptions.filter((s) => s.pageId.startsWith('5001')).map((s) => s.pageId)).toEqual([
      '50011',
      '50012',
    ]);
    expect(graph.subscriptions[0]?.fields).toBe('messages,message_echoes,message_deliveries,message_reads');
  });

  it('keeps the page token sealed: in no answer, and not readable in the database', async () => {
    const shop = await company('Loja Sigilo', { useFacebook: true });
    const u = user('5002', ['50021'], false);
    const res = await link(shop.token, {
      facebookUserId: u.facebookUserId,
      facebookUserToken: u.facebookUserToken,
    });
    const pageToken = u.pages[0]?.accessToken ?? '';
    expect(await res.text()).not.toContain(pageToken);
    const list = await host.request('/api/whatsapp', { token: shop.token });
    expect(await list.text()).not.toContain(pageToken);
    const orm = host.resolve<MikroORM>('orm');
    const rows = await orm.em.getConnection().execute<{ key: string; value: string }[]>(
      `select d.key, d.value from channel_session_data d join whatsapps w on w.id = d.connection_id
          where w.company_id = ?`,
      [shop.companyId],
    );
    // The token, and the mark of the webhook fields the page was subscribed to (linking subscribes it).
    expect(rows.map((r) => r.key).sort()).toEqual(['pageToken', 'subscribedFields']);
    for (const row of rows) expect(row.value).not.toContain(pageToken);
  });

  it('linking again updates the pages’ tokens and creates nothing new', async () => {
    const shop = await company('Loja Relink', { useFacebook: true });
    const u = user('5003', ['50031'], false);
    const body = { facebookUserId: u.facebookUserId, facebookUserToken: u.facebookUserToken };
    const first = (await (await link(shop.token, body)).json()) as { connections: LinkedConnection[] };
    const again = (await (await link(shop.token, body)).json()) as { connections: LinkedConnection[] };
    expect(again.connections.map((c) => [c.id, c.created])).toEqual([[first.connections[0]?.id, false]]);
    expect((await connectionsOf(shop.token)).filter((c) => c.channel === 'facebook')).toHaveLength(1);
  });

  it('an invalid user token answers 400 ERR_CHANNEL_CREDENTIALS and links nothing', async () => {
    const shop = await company('Loja Token', { useFacebook: true });
    user('5004', ['50041']);
    const res = await link(shop.token, {
      facebookUserId: '5004',
      facebookUserToken: 'EAAGexpiredToken0000000000',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'ERR_CHANNEL_CREDENTIALS', graphCode: 190 });
    expect(await connectionsOf(shop.token)).toEqual([]);
  });

  it('validates the body: 400 naming each wrong field', async () => {
    const res = await link(superToken, { facebookUserId: 'abc', addInstagram: 'yes' });
    expect(res.status).toBe(400);
    const { fields } = (await res.json()) as { fields: { path: string }[] };
    expect(fields.map((f) => f.path).sort()).toEqual(['addInstagram', 'facebookUserId', 'facebookUserToken']);
  });

  it('is for admins: an attendant gets 403', async () => {
    const shop = await company('Loja Equipe', { useFacebook: true });
    await host.request('/api/users', {
      token: shop.token,
      body: { name: 'Atendente', email: 'agent@loja-equipe.test', password: 'agent-pass' },
    });
    const agent = await host.login('agent@loja-equipe.test', 'agent-pass');
    const u = user('5005', ['50051']);
    const res = await link(agent.token, {
      facebookUserId: u.facebookUserId,
      facebookUserToken: u.facebookUserToken,
    });
    expect(res.status).toBe(403);
  });

  it('holds the plan’s connection limit: 409 ERR_CONNECTION_LIMIT_REACHED past it', async () => {
    const shop = await company('Loja Pequena', { useFacebook: true }, 1);
    const u = user('5006', ['50061', '50062'], false);
    const res = await link(shop.token, {
      facebookUserId: u.facebookUserId,
      facebookUserToken: u.facebookUserToken,
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: 'ERR_CONNECTION_LIMIT_REACHED' });
    expect(await connectionsOf(shop.token)).toHaveLength(1);
  });

  it('holds each channel’s plan flag before calling Graph: no useFacebook, or Instagram asked without useInstagram → 403 ERR_CHANNEL_NOT_IN_PLAN, nothing linked or subscribed', async () => {
    const instaOnly = await company('Loja Sem Face', { useInstagram: true });
    const u = user('5007', ['50071']);
    const asked = graph.accountsRequests.length;
    const noFacebook = await link(instaOnly.token, {
      facebookUserId: u.facebookUserId,
      facebookUserToken: u.facebookUserToken,
    });
    expect(noFacebook.status).toBe(403);
    expect(await noFacebook.json()).toMatchObject({ error: 'ERR_CHANNEL_NOT_IN_PLAN', channel: 'facebook' });
    expect(graph.accountsRequests.length).toBe(asked);

    const faceOnly = await company('Loja Sem Insta', { useFacebook: true });
    const v = user('5008', ['50081']);
    const noInstagram = await link(faceOnly.token, {
      facebookUserId: v.facebookUserId,
      facebookUserToken: v.facebookUserToken,
      addInstagram: true,
    });
    expect(noInstagram.status).toBe(403);
    expect(await noInstagram.json()).toMatchObject({
      error: 'ERR_CHANNEL_NOT_IN_PLAN',
      channel: 'instagram',
    });
    expect(await connectionsOf(faceOnly.token)).toEqual([]);
    expect(graph.accountsRequests.length).toBe(asked);
    expect(graph.subscriptions.some((s) => s.pageId === '50071' || s.pageId === '50081')).toBe(false);
  });

  it('links a page (and its Instagram account) to one company only: another company gets 409 ERR_CHANNEL_ACCOUNT_TAKEN, nothing linked or subscribed', async () => {
    const first = await company('Loja Dona', { useFacebook: true, useInstagram: true });
    const second = await company('Loja Intrusa', { useFacebook: true, useInstagram: true });
    const u = user('5012', ['50121']);
    const body = {
      facebookUserId: u.facebookUserId,
      facebookUserToken: u.facebookUserToken,
      addInstagram: true,
    };
    expect((await link(first.token, body)).status).toBe(200);
    const subscribed = graph.subscriptions.length;
    const taken = await link(second.token, body);
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ error: 'ERR_CHANNEL_ACCOUNT_TAKEN', channel: 'facebook' });
    expect(await connectionsOf(second.token)).toEqual([]);
    expect(graph.subscriptions.length).toBe(subscribed);
    // The same company linking again keeps working (tokens refreshed).
    expect((await link(first.token, body)).status).toBe(200);
    // The unique index holds where the check could race: a second row with the page's id is refused.
    const orm = host.resolve<MikroORM>('orm');
    await expect(
      orm.em.getConnection().execute(
        `insert into whatsapps (name, channel, number, company_id, status, token)
           values ('Cópia', 'facebook', '50121', ?, 'CONNECTED', 'copy-token-50121')`,
        [second.companyId],
      ),
    ).rejects.toMatchObject({ code: '23505' });
  });

  it('answers a user with no pages 400 ERR_CHANNEL_REQUEST_FAILED (noPages)', async () => {
    const shop = await company('Loja Vazia', { useFacebook: true });
    const u = user('5009', []);
    const res = await link(shop.token, {
      facebookUserId: u.facebookUserId,
      facebookUserToken: u.facebookUserToken,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'ERR_CHANNEL_REQUEST_FAILED', reason: 'noPages' });
  });

  it('reads every page however Graph splits them: 3 answers of 1 page link 3 connections', async () => {
    const shop = await company('Loja Paginada', { useFacebook: true });
    const u = user('5010', ['50101', '50102', '50103'], false);
    graph.pageAccountsBy(1);
    try {
      const before = graph.accountsRequests.length;
      const res = await link(shop.token, {
        facebookUserId: u.facebookUserId,
        facebookUserToken: u.facebookUserToken,
      });
      expect(res.status).toBe(200);
      const { connections } = (await res.json()) as { connections: LinkedConnection[] };
      expect(connections.map((c) => c.account)).toEqual(['50101', '50102', '50103']);
      expect(graph.accountsRequests.length - before).toBe(3);
    } finally {
      graph.pageAccountsBy(100);
    }
  });

  it(`stops after ${MAX_ACCOUNT_REQUESTS} answers: more pages is 400 ERR_CHANNEL_TOO_MANY_ACCOUNTS, nothing linked`, async () => {
    const shop = await company('Loja Enorme', { useFacebook: true });
    const ids = Array.from(
      { length: MAX_ACCOUNT_REQUESTS + 1 },
      (_, i) => `5011${String(i).padStart(2, '0')}`,
    );
    const u = user('5011', ids, false);
    graph.pageAccountsBy(1);
    try {
      const res = await link(shop.token, {
        facebookUserId: u.facebookUserId,
        facebookUserToken: u.facebookUserToken,
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'ERR_CHANNEL_TOO_MANY_ACCOUNTS', maxAccounts: 2000 });
      expect(await connectionsOf(shop.token)).toEqual([]);
      expect(graph.subscriptions.some((s) => s.pageId.startsWith('5011'))).toBe(false);
    } finally {
      graph.pageAccountsBy(100);
    }
  });
});

describe('POST /api/facebook on a server without META_APP_SECRET (issue 24)', () => {
  it('answers 503 ERR_META_APP_SECRET_UNSET before anything is linked', async () => {
    const bare = await createTestHost({ plugins: [createMetaPlugin({ env: {}, graphUrl: graph.url })] });
    try {
      const token = (await bare.login(bare.admin.email, bare.admin.password)).token;
      const body = user('5009', ['50091']);
      const res = await bare.request('/api/facebook', { token, body });
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ error: 'ERR_META_APP_SECRET_UNSET' });
      const connections = (await (await bare.request('/api/whatsapp', { token })).json()) as ConnectionDto[];
      expect(connections.filter((c) => c.channel === 'facebook')).toEqual([]);
    } finally {
      await bare.stop();
    }
  });
});
