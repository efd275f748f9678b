import { readdir } from 'node:fs/promises';
import path from 'node:path';
import {
  createFakeChannel,
  createTenant,
  createTestHost,
  eventually,
  type FakeConnection,
  type TestHost,
} from '@balcao/testing';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../shared/openapi.js';
import type { SendAnswer } from '../shared/send.js';
import { createExternalApiPlugin } from './index.js';

// A day-long window: windows are aligned on the clock, and the 429 test must not straddle two of them.
const RATE = { count: 30, seconds: 86_400 };
const fake = createFakeChannel();
let host: TestHost;
let admin: string;
let me: { id: number; name: string };
let line: FakeConnection;

// The answers are checked against the OpenAPI document the server serves, as a client generated from it would read them.
const doc = openApiDocument();
const ajv = new Ajv2020({ strict: false });
for (const [name, schema] of Object.entries(doc.components.schemas))
  ajv.addSchema(schema, `#/components/schemas/${name}`);
const responses = doc.paths['/api/messages/send'].post.responses;
/** Whether the document's JSON request schema takes a body: what a client generated from it would send. */
const documentedRequest = ajv.compile(
  doc.paths['/api/messages/send'].post.requestBody.content['application/json'].schema,
);

async function call(
  token: string | null,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: Record<string, unknown>; headers: Headers }> {
  const init: RequestInit = { method: 'POST', headers: { ...headers } };
  if (token !== null) (init.headers as Record<string, string>).Authorization = `Bearer ${token}`;
  if (body instanceof FormData) init.body = body;
  else {
    (init.headers as Record<string, string>)['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const res = await fetch(`${host.url}/api/messages/send`, init);
  const json = (await res.json()) as Record<string, unknown>;
  // The request side too: a JSON body the server sent with is one the document describes.
  if (res.status === 200 && !(body instanceof FormData))
    expect(documentedRequest(body), JSON.stringify(body)).toBe(true);
  const documented = responses[String(res.status) as keyof typeof responses];
  expect(documented, `status ${res.status} is documented`).toBeDefined();
  const ref = documented.content['application/json'].schema.$ref;
  const check = ajv.getSchema(ref);
  expect(check?.(json), JSON.stringify({ json, errors: check?.errors })).toBe(true);
  return { status: res.status, json, headers: res.headers };
}

const sentTo = (connection: FakeConnection, number: string) =>
  connection.sent().filter((m) => m.to === number);

/** Waits for the outbox to deliver (a busy machine takes longer than the fake's own 5 s wait). */
const delivered = (
  connection: FakeConnection,
  match: (m: ReturnType<FakeConnection['sent']>[number]) => boolean,
) => eventually(() => connection.sent().find(match), 20_000);

beforeAll(async () => {
  host = await createTestHost({
    plugins: [fake.plugin, createExternalApiPlugin({ rate: RATE, maxFileBytes: 64 * 1024 })],
  });
  const session = await host.login(host.admin.email, host.admin.password);
  admin = session.token;
  me = session.user;
  line = await fake.connect(host, admin, 'API');
});
afterAll(() => host?.stop());

const tokenOf = (c: FakeConnection) => c.connection.token as string;

describe('POST /api/messages/send', () => {
  it('sends JSON to a number without mask as the company, opening the contact and its ticket', async () => {
    const { status, json } = await call(tokenOf(line), { number: '5511999990001', body: 'Olá pela API' });
    expect(status).toBe(200);
    const answer = json as unknown as SendAnswer;
    expect(answer.messages.map((m) => m.body)).toEqual(['Olá pela API']);
    await delivered(line, (m) => m.to === '5511999990001' && m.body === 'Olá pela API');
    const ticket = await (await host.request(`/api/tickets/${answer.ticketId}`, { token: admin })).json();
    expect(ticket).toMatchObject({ contactId: answer.contactId, whatsappId: line.connection.id });
    // A second call reuses the contact and its ticket in progress.
    const again = (await call(tokenOf(line), { number: '5511999990001', body: 'De novo' })).json;
    expect(again).toMatchObject({ contactId: answer.contactId, ticketId: answer.ticketId });
  });

  it('sends files as multipart `medias`, the caption defaulting to the file name', async () => {
    const form = new FormData();
    form.set('number', '5511999990002');
    form.append('medias', new Blob(['%PDF-1.4 a'], { type: 'application/pdf' }), 'boleto.pdf');
    form.append('medias', new Blob(['%PDF-1.4 b'], { type: 'application/pdf' }), 'nota.pdf');
    const { status, json } = await call(tokenOf(line), form);
    expect(status).toBe(200);
    const { messages } = json as unknown as SendAnswer;
    expect(messages.map((m) => [m.body, m.mediaType])).toEqual([
      ['boleto.pdf', 'application'],
      ['nota.pdf', 'application'],
    ]);
    await delivered(line, (m) => m.to === '5511999990002' && m.body === 'nota.pdf' && !!m.mediaUrl);
    const noFile = new FormData();
    noFile.set('number', '5511999990002');
    expect((await call(tokenOf(line), noFile)).json).toMatchObject({
      error: 'ERR_VALIDATION',
      fields: [{ path: 'medias' }],
    });
  });

  it('honours Idempotency-Key: a retried call, even a concurrent one, never sends twice', async () => {
    const headers = { 'Idempotency-Key': 'pedido-981' };
    const body = { number: '5511999990003', body: 'Seu pedido saiu' };
    const [a, b] = await Promise.all([
      call(tokenOf(line), body, headers),
      call(tokenOf(line), body, headers),
    ]);
    const c = await call(tokenOf(line), body, headers);
    const ids = [a, b, c].map((r) => (r.json as unknown as SendAnswer).messages[0]?.id);
    expect(new Set(ids).size).toBe(1);
    await delivered(line, (m) => m.to === '5511999990003');
    expect(sentTo(line, '5511999990003')).toHaveLength(1);
    // Without the key, the same call sends again.
    await call(tokenOf(line), body);
    await eventually(() => (sentTo(line, '5511999990003').length === 2 ? true : undefined), 20_000);
  });

  it('stores the files of a multipart call once, however often it is replayed with its Idempotency-Key', async () => {
    const stored = async () => (await readdir(path.join(host.dataDir, 'media', 'company1'))).length;
    const form = () => {
      const f = new FormData();
      f.set('number', '5511999990008');
      f.append('medias', new Blob(['%PDF-1.4 recibo'], { type: 'application/pdf' }), 'recibo.pdf');
      return f;
    };
    const headers = { 'Idempotency-Key': 'recibo-77' };
    const before = await stored();
    const first = await call(tokenOf(line), form(), headers);
    expect(first.status).toBe(200);
    expect(await stored()).toBe(before + 1);
    // Replayed after it, and twice at once: the same answer, and no file stored again.
    const replays = [
      await call(tokenOf(line), form(), headers),
      ...(await Promise.all([call(tokenOf(line), form(), headers), call(tokenOf(line), form(), headers)])),
    ];
    for (const replay of replays) expect(replay).toMatchObject({ status: 200, json: first.json });
    expect(await stored()).toBe(before + 1);
    await delivered(line, (m) => m.to === '5511999990008' && m.body === 'recibo.pdf');
    expect(sentTo(line, '5511999990008')).toHaveLength(1);
    // Another key is another call: its file is stored.
    expect((await call(tokenOf(line), form(), { 'Idempotency-Key': 'recibo-78' })).status).toBe(200);
    expect(await stored()).toBe(before + 2);
    // A refused call keeps nothing of its key: the corrected retry with it is done.
    const retried = { 'Idempotency-Key': 'recibo-79' };
    const refused = await call(
      tokenOf(line),
      { number: '5511999990008', body: 'x', queueId: 2147483647 },
      retried,
    );
    expect(refused.status).toBe(400);
    const done = await call(tokenOf(line), { number: '5511999990008', body: 'Recibo corrigido' }, retried);
    expect(done).toMatchObject({ status: 200, json: { messages: [{ body: 'Recibo corrigido' }] } });
  });

  it('gives the ticket to the queue and attendant named, and signs with the attendant', async () => {
    const queue = await (
      await host.request('/api/queue', { token: admin, body: { name: 'Cobrança', color: '#aa0000' } })
    ).json();
    const { json } = await call(tokenOf(line), {
      number: '5511999990004',
      body: 'Boleto em anexo',
      queueId: queue.id,
      userId: me.id,
      sendSignature: true,
    });
    const answer = json as unknown as SendAnswer;
    expect(answer.messages[0]?.body).toBe(`*${me.name}:*\nBoleto em anexo`);
    const ticket = await (await host.request(`/api/tickets/${answer.ticketId}`, { token: admin })).json();
    expect(ticket).toMatchObject({ queueId: queue.id, userId: me.id });
    const unknown = await call(tokenOf(line), { number: '5511999990004', body: 'x', queueId: 2147483647 });
    expect(unknown.json).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ path: 'queueId' }] });
  });

  it('refuses hostile input with a code, never 500, and sends nothing', async () => {
    const before = line.sent().length;
    const cases: [unknown, string][] = [
      [{ number: '+55 (11) 99999-0005', body: 'x' }, 'number'],
      [{ number: '5511999990005' }, 'body'],
      [{ number: '5511999990005', body: 'a\u0000b' }, 'body'],
      [{ number: '5511999990005', body: 'x', userId: 2147483648 }, 'userId'],
      [{ number: '5511999990005', body: 'x'.repeat(5000) }, 'body'],
      [{ number: 'x'.repeat(51), body: 'x' }, 'number'],
      [[1, 2], ''],
    ];
    for (const [body, field] of cases) {
      const { status, json } = await call(tokenOf(line), body);
      expect(status).toBe(400);
      expect((json.fields as { path: string }[]).map((f) => f.path)).toContain(field);
      // The document refuses it as well (a NUL inside a string is beyond what JSON Schema says).
      if (!JSON.stringify(body).includes('\\u0000'))
        expect(documentedRequest(body), JSON.stringify(body)).toBe(false);
    }
    const badKey = await call(
      tokenOf(line),
      { number: '5511999990005', body: 'x' },
      { 'Idempotency-Key': 'á' },
    );
    expect(badKey.json).toMatchObject({ fields: [{ path: 'Idempotency-Key' }] });
    const unreachable = await call(tokenOf(line), { number: '1234', body: 'x' });
    expect(unreachable).toMatchObject({
      status: 400,
      json: { error: 'external-api:ERR_UNREACHABLE_NUMBER' },
    });
    const big = new FormData();
    big.set('number', '5511999990005');
    big.append('medias', new Blob([new Uint8Array(65 * 1024)], { type: 'application/pdf' }), 'grande.pdf');
    expect(await call(tokenOf(line), big)).toMatchObject({
      status: 413,
      json: { error: 'external-api:ERR_FILE_TOO_LARGE' },
    });
    expect(line.sent().length).toBe(before);
  });

  it('answers 401 ERR_INVALID_TOKEN without a token or with one no connection has', async () => {
    for (const token of [null, 'nope', 'A'.repeat(30)]) {
      expect(await call(token, { number: '5511999990006', body: 'x' })).toMatchObject({
        status: 401,
        json: { error: 'external-api:ERR_INVALID_TOKEN' },
      });
    }
  });

  it('answers 429 with Retry-After once a token made its calls of the window', async () => {
    const other = await fake.connect(host, admin, 'API 2');
    for (let i = 0; i < RATE.count; i++) await call(tokenOf(other), {});
    const limited = await call(tokenOf(other), { number: '5511999990007', body: 'x' });
    expect(limited).toMatchObject({ status: 429, json: { error: 'external-api:ERR_RATE_LIMITED' } });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another token of the company is not held back.
    expect((await call(tokenOf(line), { number: '5511999990007', body: 'y' })).status).toBe(200);
    expect(sentTo(other, '5511999990007')).toEqual([]);
  });
});

describe('tenants', () => {
  it("refuses a plan without useExternalApi with 403, and a company's token reaches only its own contacts", async () => {
    const flagless = await createTenant(host, admin, { name: 'Sem API', flags: { useExternalApi: false } });
    const flaglessToken = (await host.login(flagless.email, flagless.password)).token;
    const theirs = await fake.connect(host, flaglessToken, 'Deles');
    const refused = await call(tokenOf(theirs), { number: '5511999990008', body: 'x' });
    expect(refused).toMatchObject({
      status: 403,
      json: { error: 'ERR_NO_PERMISSION', planFlag: 'useExternalApi' },
    });
    expect(theirs.sent()).toEqual([]);
    const doc = await host.request('/api/openapi.json', { token: flaglessToken });
    expect(doc.status).toBe(403);

    const other = await createTenant(host, admin, { name: 'Outra API', flags: { useExternalApi: true } });
    const otherToken = (await host.login(other.email, other.password)).token;
    const otherLine = await fake.connect(host, otherToken, 'Outra');
    const { json } = await call(tokenOf(otherLine), { number: '5511999990009', body: 'Da outra' });
    await delivered(otherLine, (m) => m.to === '5511999990009');
    expect(sentTo(line, '5511999990009')).toEqual([]);
    const seen = await host.request(`/api/tickets/${(json as unknown as SendAnswer).ticketId}`, {
      token: admin,
    });
    expect(seen.status).toBe(404);
  });

  it('serves the OpenAPI 3.1 document to the company behind login', async () => {
    const res = await host.request('/api/openapi.json', { token: admin });
    expect(res.status).toBe(200);
    const served = (await res.json()) as ReturnType<typeof openApiDocument>;
    expect(served.openapi).toBe('3.1.0');
    expect(Object.keys(served.paths)).toEqual(['/api/messages/send']);
    expect(served.components.schemas).toEqual(doc.components.schemas);
  });
});
