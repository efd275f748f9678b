import type { ConnectionDto, OutboundMessage } from '@balcao/sdk';
import { createTenant, createTestHost, eventually, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeWhatsappPlugin } from '../../testing/fake-whatsapp-plugin.js';

/**
 * The password reset flow (spec part 2 "Password reset", §4, §7, §8), over HTTP as the recovery page calls it: the
 * code goes out as a text through company 1's default connection (the fake WhatsApp channel here, read from what it
 * received), never comes back in an answer, and two wrong codes end the attempt on the server.
 */
let host: TestHost;
let superToken: string;
let platform: ConnectionDto;
let tenantAdminToken: string;
let addresses = 0;
let numbers = 0;

/** Every test asks from an address of its own (TRUST_PROXY), so the per-address limits of one never touch another. */
const newAddress = () => `198.51.100.${++addresses}`;
/** A number no other test uses (not in the fake's 5500/5501 test ranges). */
const newNumber = () => `55119877${String(++numbers).padStart(5, '0')}`;

const call = (path: string, body: unknown, ip: string, method = 'POST') =>
  host.request(path, { method, body, headers: { 'x-forwarded-for': ip } });
const sendCode = (wpp: string, ip: string) => call('/api/enviar-email', { wpp }, ip);
const verify = (number: string, userId: string, code: string, ip: string) =>
  call(`/api/verificar-code/${number}`, { userId, code }, ip);
const save = (body: Record<string, unknown>, ip: string) => call('/api/atualizar-senha', body, ip, 'PUT');
const login = (email: string, password: string) =>
  host.request('/api/auth/login', { body: { email, password } });

/** What company 1's connection sent to `number`, newest last. */
async function sentTo(number: string): Promise<OutboundMessage[]> {
  const res = await host.request(`/test-channel/${platform.token}/outbox`);
  return ((await res.json()) as { messages: OutboundMessage[] }).messages.filter((m) => m.to === number);
}

/** The code in the newest message to `number`, once it arrived (the text leaves after the answer). */
async function codeSentTo(number: string, count = 1): Promise<string> {
  const messages = await eventually(async () => {
    const sent = await sentTo(number);
    return sent.length >= count ? sent : undefined;
  });
  const code = /\b(\d{6})\b/.exec(messages[count - 1].body)?.[1];
  expect(code).toBeDefined();
  return code as string;
}

/** A user of the tenant with a WhatsApp number. */
async function userWithNumber(): Promise<{ id: number; email: string; password: string; wpp: string }> {
  const wpp = newNumber();
  const user = {
    name: `Recupera ${numbers}`,
    email: `recupera${numbers}@rec.test`,
    password: 'senha-antiga',
    wpp,
  };
  const res = await host.request('/api/users', { token: tenantAdminToken, body: user });
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: number };
  return { id, ...user };
}

async function status(): Promise<string> {
  const res = await host.request(`/api/whatsapp/${platform.id}`, { token: superToken });
  return ((await res.json()) as ConnectionDto).status;
}

beforeAll(async () => {
  host = await createTestHost({ plugins: [fakeWhatsappPlugin], env: { TRUST_PROXY: 'true' } });
  superToken = (await host.login(host.admin.email, host.admin.password)).token;
  const tenant = await createTenant(host, superToken, { name: 'Recupera Loja', users: 50 });
  tenantAdminToken = (await host.login(tenant.email, tenant.password)).token;
}, 60_000);
afterAll(() => host?.stop());

describe('the sending connection', () => {
  it('without a connected default connection of company 1 that texts numbers, asking for a code is 503 ERR_RESET_CHANNEL_UNAVAILABLE', async () => {
    const wpp = newNumber();
    // Company 1's seeded default is its web chat, which cannot text a phone number.
    const none = await sendCode(wpp, newAddress());
    expect(none.status).toBe(503);
    expect(await none.json()).toEqual({ error: 'ERR_RESET_CHANNEL_UNAVAILABLE' });

    const created = await host.request('/api/whatsapp', {
      token: superToken,
      body: { name: 'Plataforma', channel: 'whatsapp', isDefault: true },
    });
    expect(created.status).toBe(201);
    platform = (await created.json()) as ConnectionDto;
    expect(platform.isDefault).toBe(true);
    const notConnected = await sendCode(wpp, newAddress());
    expect(notConnected.status).toBe(503);
    expect(await notConnected.json()).toEqual({ error: 'ERR_RESET_CHANNEL_UNAVAILABLE' });

    const started = await host.request(`/api/whatsappsession/${platform.id}`, {
      method: 'POST',
      token: superToken,
    });
    expect(started.status).toBe(200);
    await eventually(async () => ((await status()) === 'qrcode' ? true : undefined));
    expect((await host.request(`/test-channel/${platform.token}/scan`, { body: {} })).status).toBe(204);
    await eventually(async () => ((await status()) === 'CONNECTED' ? true : undefined));
    // The refused requests took no turn: the number may ask at once.
    expect((await sendCode(wpp, newAddress())).status).toBe(200);
  });
});

describe('the password reset flow with its attempt limit', () => {
  it('code by WhatsApp, a wrong guess, the right one, a token, the new password: the old one and old sessions stop', async () => {
    const user = await userWithNumber();
    const ip = newAddress();
    const oldSession = (await host.login(user.email, user.password)).token;

    const sent = await sendCode(user.wpp, ip);
    expect(sent.status).toBe(200);
    const { userId } = (await sent.json()) as { userId: string };
    // An opaque attempt id, not the account's id; the code itself is not in the answer.
    expect(userId).toMatch(/^[0-9a-f-]{36}$/);
    expect(userId).not.toBe(String(user.id));
    const code = await codeSentTo(user.wpp);
    expect(JSON.stringify({ userId })).not.toContain(code);

    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await verify(user.wpp, userId, wrongCode, ip);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ error: 'ERR_RESET_CODE_INVALID', attemptsLeft: 1 });

    const right = await verify(user.wpp, userId, code, ip);
    expect(right.status).toBe(200);
    const { valid, token } = (await right.json()) as { valid: boolean; token: string };
    expect(valid).toBe(true);
    expect(token).toMatch(/^[\w-]{43}$/);

    // Without the token, or with another, nothing changes.
    const forged = await save({ userId, token: 'x'.repeat(43), newPassword: 'senha-nova' }, ip);
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({ error: 'ERR_RESET_TOKEN_INVALID' });
    const short = await save({ userId, token, newPassword: '123' }, ip);
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ error: 'ERR_VALIDATION' });

    const saved = await save({ userId, token, newPassword: 'senha-nova' }, ip);
    expect(saved.status).toBe(204);
    expect((await login(user.email, 'senha-nova')).status).toBe(200);
    expect((await login(user.email, user.password)).status).toBe(401);
    expect((await host.request('/api/auth/me', { token: oldSession })).status).toBe(401);

    // Single use: the token and the code are spent.
    const again = await save({ userId, token, newPassword: 'outra-senha' }, ip);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: 'ERR_RESET_TOKEN_INVALID' });
    const codeAgain = await verify(user.wpp, userId, code, ip);
    expect(codeAgain.status).toBe(410);
    expect(await codeAgain.json()).toEqual({ error: 'ERR_RESET_CODE_EXPIRED' });
    expect((await login(user.email, 'outra-senha')).status).toBe(401);
  });

  it('two wrong codes end the attempt: the right code is then refused too, and the password stays', async () => {
    const user = await userWithNumber();
    const ip = newAddress();
    const { userId } = (await (await sendCode(user.wpp, ip)).json()) as { userId: string };
    const code = await codeSentTo(user.wpp);
    const wrongCode = code === '000000' ? '111111' : '000000';

    expect((await verify(user.wpp, userId, wrongCode, ip)).status).toBe(400);
    const second = await verify(user.wpp, userId, wrongCode, ip);
    expect(second.status).toBe(410);
    expect(await second.json()).toEqual({ error: 'ERR_RESET_ATTEMPTS_EXCEEDED' });
    const late = await verify(user.wpp, userId, code, ip);
    expect(late.status).toBe(410);
    expect(await late.json()).toEqual({ error: 'ERR_RESET_ATTEMPTS_EXCEEDED' });
    expect((await login(user.email, user.password)).status).toBe(200);
  });

  it('parallel guesses get no more than two compares between them', async () => {
    const user = await userWithNumber();
    const ip = newAddress();
    const { userId } = (await (await sendCode(user.wpp, ip)).json()) as { userId: string };
    const code = await codeSentTo(user.wpp);
    const guesses = ['000001', '000002', '000003', '000004', '000005', '000006'].filter((g) => g !== code);
    const answers = await Promise.all(guesses.map((g) => verify(user.wpp, userId, g, ip)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 400)).toHaveLength(1);
    expect(statuses.filter((s) => s === 410)).toHaveLength(guesses.length - 1);
    expect((await verify(user.wpp, userId, code, ip)).status).toBe(410);
  });

  it('an unregistered number is answered as a registered one, and nothing is sent', async () => {
    const wpp = newNumber();
    const ip = newAddress();
    const sent = await sendCode(wpp, ip);
    expect(sent.status).toBe(200);
    const { userId, ...rest } = (await sent.json()) as { userId: string };
    expect(userId).toMatch(/^[0-9a-f-]{36}$/);
    expect(rest).toEqual({});
    const guess = await verify(wpp, userId, '123456', ip);
    expect(guess.status).toBe(400);
    expect(await guess.json()).toEqual({ error: 'ERR_RESET_CODE_INVALID', attemptsLeft: 1 });
    expect(await sentTo(wpp)).toEqual([]);
  });

  it('an attempt is found only with its own number', async () => {
    const user = await userWithNumber();
    const ip = newAddress();
    const { userId } = (await (await sendCode(user.wpp, ip)).json()) as { userId: string };
    const code = await codeSentTo(user.wpp);
    const other = await verify(newNumber(), userId, code, ip);
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ error: 'ERR_NO_RESET_ATTEMPT_FOUND' });
    expect((await verify(user.wpp, userId, code, ip)).status).toBe(200);
  });
});

describe('throttling', () => {
  it('one code a minute per number, whatever the address: 429 ERR_TOO_MANY_ATTEMPTS with retryAfter', async () => {
    const user = await userWithNumber();
    expect((await sendCode(user.wpp, newAddress())).status).toBe(200);
    const again = await sendCode(user.wpp, newAddress());
    expect(again.status).toBe(429);
    const body = (await again.json()) as { error: string; retryAfter: number };
    expect(body.error).toBe('ERR_TOO_MANY_ATTEMPTS');
    expect(body.retryAfter).toBeGreaterThan(0);
    expect(body.retryAfter).toBeLessThanOrEqual(60);
    await codeSentTo(user.wpp);
    expect(await sentTo(user.wpp)).toHaveLength(1);
  });

  it('one address asks for 10 codes an hour, whatever the numbers', async () => {
    const ip = newAddress();
    for (let i = 0; i < 10; i++) expect((await sendCode(newNumber(), ip)).status).toBe(200);
    const refused = await sendCode(newNumber(), ip);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ error: 'ERR_TOO_MANY_ATTEMPTS' });
  });

  it('one address makes 20 checks in 10 minutes', async () => {
    const ip = newAddress();
    const attempt = '00000000-0000-4000-8000-000000000000';
    for (let i = 0; i < 20; i++) expect((await verify(newNumber(), attempt, '123456', ip)).status).toBe(404);
    const refused = await verify(newNumber(), attempt, '123456', ip);
    expect(refused.status).toBe(429);
    const save429 = await save({ userId: attempt, token: 'x'.repeat(43), newPassword: 'senha-nova' }, ip);
    expect(save429.status).toBe(429);
  });
});

describe('hostile input', () => {
  const attempt = '00000000-0000-4000-8000-000000000000';
  it.each([
    ['no number', {}],
    ['letters', { wpp: 'abc5511999' }],
    ['too short', { wpp: '12345' }],
    ['too long', { wpp: '1234567890123456' }],
    ['a NUL', { wpp: '5511999\u000090000' }],
    ['not a string', { wpp: 5511999990000 }],
    ['a huge string', { wpp: '5'.repeat(100_000) }],
  ])('asking for a code with %s is 400 ERR_VALIDATION', async (_, body) => {
    const res = await call('/api/enviar-email', body, newAddress());
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'ERR_VALIDATION' });
  });

  it.each([
    ['a number of letters', 'abcdefghijk', { userId: attempt, code: '123456' }],
    ['a number past 15 digits', '9'.repeat(30), { userId: attempt, code: '123456' }],
    ['a code of 5 digits', '5511999990000', { userId: attempt, code: '12345' }],
    ['a code with letters', '5511999990000', { userId: attempt, code: '12345a' }],
    ['an attempt id that is no UUID', '5511999990000', { userId: '1', code: '123456' }],
    ['an attempt id with a NUL', '5511999990000', { userId: `${attempt}\u0000`, code: '123456' }],
  ])('checking a code with %s is 400 ERR_VALIDATION', async (_, number, body) => {
    const res = await verify(number, body.userId, body.code, newAddress());
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'ERR_VALIDATION' });
  });

  it.each([
    ['no token', { userId: attempt, newPassword: 'senha-nova' }],
    [
      'a token with SQL in it',
      { userId: attempt, token: "' or 1=1 --aaaaaaaaaaaaaaa", newPassword: 'senha-nova' },
    ],
    ['a password of 51 characters', { userId: attempt, token: 'x'.repeat(43), newPassword: 'p'.repeat(51) }],
    ['a password with a NUL', { userId: attempt, token: 'x'.repeat(43), newPassword: 'senha\u0000nova' }],
  ])('saving a password with %s is 400 ERR_VALIDATION', async (_, body) => {
    const res = await save(body, newAddress());
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'ERR_VALIDATION' });
  });
});
