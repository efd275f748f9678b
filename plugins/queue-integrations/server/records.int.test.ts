import { connectSocket, createTenant, createTestHost, eventually, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrationDetailDto, IntegrationPageDto } from '../shared/integration.js';
import { createQueueIntegrationsPlugin } from './index.js';
import { apiOf } from './testing/conversation.js';
import { dialogflowFlow, testServiceAccount } from './testing/dialogflow-mock.js';
import { type MockServer, startMockServer } from './testing/mock-server.js';

/** The /queueIntegration records: the dialog's rules, hostile input, search and pages, who may see what. */
let host: TestHost;
let token: string;
let api: ReturnType<typeof apiOf>;
let google: MockServer;
const account = testServiceAccount();

const post = (body: unknown, as = token) => host.request('/api/queueIntegration', { body, token: as });

beforeAll(async () => {
  google = await startMockServer(dialogflowFlow(() => account.publicKey));
  const plugin = createQueueIntegrationsPlugin({
    google: { dialogflowUrl: google.url, tokenUrl: `${google.url}/token` },
  });
  host = await createTestHost({ plugins: [plugin], env: { BALCAO_EGRESS_ALLOW: '127.0.0.1' } });
  ({ token } = await host.login(host.admin.email, host.admin.password));
  api = apiOf(host, token);
});
afterAll(async () => {
  await host?.stop();
  await google?.close();
});

describe('queue integration records', () => {
  it('creates each type with its rules; projectName is the name for n8n, webhook and typebot', async () => {
    const n8n = await api<IntegrationDetailDto>('/api/queueIntegration', {
      body: {
        type: 'n8n',
        name: 'Fluxo vendas',
        projectName: 'ignored',
        urlN8N: 'https://n8n.loja.com/webhook/x',
      },
    });
    expect(n8n).toMatchObject({ type: 'n8n', projectName: 'Fluxo vendas', hasCredentials: false });
    expect(n8n.signingSecret).toMatch(/^[0-9a-f]{48}$/);
    const bot = await api<IntegrationDetailDto>('/api/queueIntegration', {
      body: { type: 'typebot', name: 'Bot', urlN8N: 'https://bot.loja.com', typebotSlug: 'menu' },
    });
    expect(bot).toMatchObject({
      projectName: 'Bot',
      typebotExpires: 1,
      typebotDelayMessage: 1000,
      signingSecret: null,
    });
    const df = await api<IntegrationDetailDto>('/api/queueIntegration', {
      body: {
        type: 'dialogflow',
        name: 'Agente',
        projectName: 'agente-teste',
        language: 'es',
        jsonContent: account.jsonContent,
      },
    });
    expect(df).toMatchObject({ projectName: 'agente-teste', language: 'es', hasCredentials: true });
    // The key file never comes back.
    expect(JSON.stringify(await api(`/api/queueIntegration/${df.id}`))).not.toContain('PRIVATE KEY');
    expect(JSON.stringify(await api('/api/queueIntegration'))).not.toContain('PRIVATE KEY');
    // An edit without the file keeps the stored one.
    const edited = await api<IntegrationDetailDto>(`/api/queueIntegration/${df.id}`, {
      method: 'PUT',
      body: { type: 'dialogflow', name: 'Agente 2', projectName: 'agente-teste', language: 'pt-BR' },
    });
    expect(edited).toMatchObject({ name: 'Agente 2', hasCredentials: true });
  });

  it('refuses what the dialog refuses, and hostile input, with 400 naming the field', async () => {
    const cases: [unknown, string, string][] = [
      [{ type: 'n8n', name: 'A', urlN8N: 'https://x.com' }, 'name', 'Too Short!'],
      [{ type: 'n8n', name: 'x'.repeat(51), urlN8N: 'https://x.com' }, 'name', 'Too Long!'],
      [{ type: 'n8n', name: 'Fluxo' }, 'urlN8N', 'Required'],
      [{ type: 'webhook', name: 'Gancho', urlN8N: 'ftp://x.com' }, 'urlN8N', 'Must be an http(s) URL'],
      [{ type: 'typebot', name: 'Bot', urlN8N: 'https://x.com' }, 'typebotSlug', 'Required'],
      [
        { type: 'dialogflow', name: 'Agente', projectName: 'p', language: 'fr' },
        'language',
        'Invalid option',
      ],
      [
        { type: 'dialogflow', name: 'Agente', projectName: 'p', language: 'en', jsonContent: '{"a":1}' },
        'jsonContent',
        'Invalid credentials',
      ],
      [{ type: 'zapier', name: 'Zap' }, 'type', 'Required'],
      [{ type: 'n8n', name: 'Nul\u0000l', urlN8N: 'https://x.com' }, 'name', 'Invalid character'],
      [
        { type: 'typebot', name: 'Bot', urlN8N: 'https://x.com', typebotSlug: 's', typebotExpires: 1e12 },
        'typebotExpires',
        'Invalid number',
      ],
      [
        {
          type: 'typebot',
          name: 'Bot',
          urlN8N: 'https://x.com',
          typebotSlug: 's',
          typebotUnknownMessage: 'x'.repeat(5000),
        },
        'typebotUnknownMessage',
        'Too Long!',
      ],
    ];
    for (const [body, path, message] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      const { fields } = (await res.json()) as { fields: { path: string; message: string }[] };
      expect(fields).toContainEqual({ path, message });
    }
    expect((await host.request('/api/queueIntegration/99999999999', { token })).status).toBe(400);
    expect((await host.request('/api/queueIntegration?pageNumber=0', { token })).status).toBe(400);
    expect((await host.request('/api/queueIntegration?searchParam=%00', { token })).status).toBe(400);
    const missing = await host.request('/api/queueIntegration/2147483647', { token });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: 'queue-integrations:ERR_INTEGRATION_NOT_FOUND' });
  });

  it('lists by name with search, count and 20 a page', async () => {
    for (let i = 0; i < 22; i++)
      await api('/api/queueIntegration', {
        body: { type: 'webhook', name: `Lote ${String(i).padStart(2, '0')}`, urlN8N: 'https://h.com' },
      });
    const first = await api<IntegrationPageDto>('/api/queueIntegration?searchParam=lote');
    expect(first).toMatchObject({ count: 22, hasMore: true });
    expect(first.queueIntegrations.map((r) => r.name).slice(0, 2)).toEqual(['Lote 00', 'Lote 01']);
    const second = await api<IntegrationPageDto>('/api/queueIntegration?searchParam=lote&pageNumber=2');
    expect(second.queueIntegrations.map((r) => r.name)).toEqual(['Lote 20', 'Lote 21']);
    expect(second.hasMore).toBe(false);
    // LIKE wildcards are searched for as themselves.
    expect((await api<IntegrationPageDto>('/api/queueIntegration?searchParam=%25')).count).toBe(0);
  });

  it('tests a Dialogflow agent with the typed or the stored key file and shows its answer', async () => {
    const answer = await api('/api/queueIntegration/testSession', {
      body: { projectName: 'agente-teste', language: 'en', jsonContent: account.jsonContent, text: 'oi' },
    });
    expect(answer).toEqual({ intent: 'saudacao', answer: 'Olá! (en)\nComo posso ajudar?' });
    const df = await api<IntegrationDetailDto>('/api/queueIntegration', {
      body: {
        type: 'dialogflow',
        name: 'Agente salvo',
        projectName: 'agente-teste',
        language: 'pt-BR',
        jsonContent: account.jsonContent,
      },
    });
    const stored = await api('/api/queueIntegration/testSession', {
      body: { integrationId: df.id, projectName: 'agente-teste', language: 'pt-BR', text: 'oi' },
    });
    expect(stored).toMatchObject({ answer: 'Olá! (pt-BR)\nComo posso ajudar?' });
    const other = testServiceAccount();
    const refused = await host.request('/api/queueIntegration/testSession', {
      token,
      body: { projectName: 'agente-teste', language: 'en', jsonContent: other.jsonContent },
    });
    expect(refused.status).toBe(502);
    expect(await refused.json()).toMatchObject({ error: 'queue-integrations:ERR_DIALOGFLOW_FAILED' });
  });

  it('another company never reads, changes or uses the records and secrets; the plan and the profile gate the routes', async () => {
    const df = await api<IntegrationDetailDto>('/api/queueIntegration', {
      body: {
        type: 'dialogflow',
        name: 'Segredo',
        projectName: 'agente-teste',
        language: 'en',
        jsonContent: account.jsonContent,
      },
    });
    const hook = await api<IntegrationDetailDto>('/api/queueIntegration', {
      body: { type: 'webhook', name: 'Gancho A', urlN8N: 'https://h.com' },
    });
    const other = await createTenant(host, token, { name: 'Outra Loja', flags: { useIntegration: true } });
    const { token: otherToken } = await host.login(other.email, other.password);
    expect(
      (await host
        .request('/api/queueIntegration', { token: otherToken })
        .then((r) => r.json())) as IntegrationPageDto,
    ).toMatchObject({ count: 0 });
    for (const id of [df.id, hook.id]) {
      expect((await host.request(`/api/queueIntegration/${id}`, { token: otherToken })).status).toBe(404);
      const put = await host.request(`/api/queueIntegration/${id}`, {
        method: 'PUT',
        token: otherToken,
        body: { type: 'webhook', name: 'Roubado', urlN8N: 'https://evil.com' },
      });
      expect(put.status).toBe(404);
      expect(
        (await host.request(`/api/queueIntegration/${id}`, { method: 'DELETE', token: otherToken })).status,
      ).toBe(404);
    }
    const borrowed = await host.request('/api/queueIntegration/testSession', {
      token: otherToken,
      body: { integrationId: df.id, projectName: 'agente-teste', language: 'en', text: 'oi' },
    });
    expect(borrowed.status).toBe(404);
    expect(await api<IntegrationDetailDto>(`/api/queueIntegration/${hook.id}`)).toMatchObject({
      name: 'Gancho A',
    });

    const flagless = await createTenant(host, token, { name: 'Sem Plano', flags: { useIntegration: false } });
    const { token: flaglessToken } = await host.login(flagless.email, flagless.password);
    expect((await host.request('/api/queueIntegration', { token: flaglessToken })).status).toBe(403);

    await api('/api/users', {
      body: { name: 'Atendente', email: 'atendente@loja.test', password: 'atendente-pass', profile: 'user' },
    });
    const { token: userToken } = await host.login('atendente@loja.test', 'atendente-pass');
    expect((await host.request('/api/queueIntegration', { token: userToken })).status).toBe(403);
    expect((await post({ type: 'webhook', name: 'Gancho', urlN8N: 'https://h.com' }, userToken)).status).toBe(
      403,
    );
  });

  it('the live frame every socket of the company gets carries no signing key', async () => {
    await api('/api/users', {
      body: { name: 'Ouvinte', email: 'ouvinte@loja.test', password: 'ouvinte-pass', profile: 'user' },
    });
    const { token: userToken } = await host.login('ouvinte@loja.test', 'ouvinte-pass');
    const socket = await connectSocket(host, userToken);
    try {
      const hook = await api<IntegrationDetailDto>('/api/queueIntegration', {
        body: { type: 'webhook', name: 'Gancho ao vivo', urlN8N: 'https://h.com' },
      });
      expect(hook.signingSecret).toMatch(/^[0-9a-f]{48}$/);
      // The attendant's socket gets the record live (the list of a page they cannot open), never its key.
      const frame = await eventually(() =>
        socket.frames.find(
          (f) =>
            f.channel.endsWith('-queueIntegration') &&
            (f.data as { queueIntegration?: { id: number } }).queueIntegration?.id === hook.id,
        ),
      );
      expect(frame.data).toMatchObject({ action: 'create', queueIntegration: { name: 'Gancho ao vivo' } });
      expect(JSON.stringify(frame.data)).not.toContain(hook.signingSecret as string);
      await api(`/api/queueIntegration/${hook.id}`, {
        method: 'PUT',
        body: { type: 'n8n', name: 'Gancho renomeado', urlN8N: 'https://h.com' },
      });
      const updated = await eventually(() =>
        socket.frames.find((f) => (f.data as { action?: string }).action === 'update'),
      );
      expect(JSON.stringify(updated.data)).not.toContain(hook.signingSecret as string);
    } finally {
      socket.close();
    }
  });

  it('deletes a record and its secrets', async () => {
    const hook = await api<IntegrationDetailDto>('/api/queueIntegration', {
      body: { type: 'webhook', name: 'Efêmero', urlN8N: 'https://h.com' },
    });
    await api(`/api/queueIntegration/${hook.id}`, { method: 'DELETE' });
    expect((await host.request(`/api/queueIntegration/${hook.id}`, { token })).status).toBe(404);
  });
});
