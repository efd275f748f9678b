import { AppError, type ConnectionDto, type OutboundMessage } from '@balcao/sdk';
import { createTestHost, eventually, type TestHost } from '@balcao/testing';
import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeWhatsappPlugin } from '../../testing/fake-whatsapp-plugin.js';
import { RecoveryLimiter } from './recovery-limiter.js';
import { RecoveryService } from './recovery-service.js';

/**
 * Codes and reset tokens live 10 minutes, and only a number's newest code counts: the service runs on a clock the
 * test moves (the limits are widened so one number can ask again at once).
 */
let host: TestHost;
let orm: MikroORM;
let platform: ConnectionDto;
let numbers = 0;
let now = new Date('2030-01-01T12:00:00Z');

const minutes = (m: number) => m * 60_000;
const ip = '203.0.113.7';

function service(): RecoveryService {
  return new RecoveryService(
    {
      em: orm.em.fork(),
      recoveryLimiter: new RecoveryLimiter(
        { orm },
        {
          numberMinute: { points: 100, window: 60, lock: 60 },
          addressSends: { points: 100, window: 60, lock: 60 },
          addressChecks: { points: 100, window: 60, lock: 60 },
        },
      ),
      recoverySender: host.resolve('recoverySender'),
      accessGate: host.resolve('accessGate'),
      config: { jwtSecret: 'test-access-secret-0123456789' },
    },
    () => now,
  );
}

/** The error code and status a call was refused with. */
async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'accepted';
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    return `${e.status} ${e.code}`;
  }
}

/** A user of company 1 with a number of its own. */
async function userWithNumber(token: string): Promise<{ email: string; wpp: string }> {
  numbers += 1;
  const user = {
    name: `Relógio ${numbers}`,
    email: `relogio${numbers}@clock.test`,
    password: 'senha-antiga',
    wpp: `55119766${String(numbers).padStart(5, '0')}`,
  };
  expect((await host.request('/api/users', { token, body: user })).status).toBe(201);
  return user;
}

async function codes(number: string, count: number): Promise<string[]> {
  const sent = await eventually(async () => {
    const res = await host.request(`/test-channel/${platform.token}/outbox`);
    const messages = ((await res.json()) as { messages: OutboundMessage[] }).messages.filter(
      (m) => m.to === number,
    );
    return messages.length >= count ? messages : undefined;
  });
  return sent.map((m) => /\b(\d{6})\b/.exec(m.body)?.[1] ?? '');
}

let adminToken: string;
beforeAll(async () => {
  host = await createTestHost({ plugins: [fakeWhatsappPlugin] });
  orm = host.resolve<MikroORM>('orm');
  adminToken = (await host.login(host.admin.email, host.admin.password)).token;
  const res = await host.request('/api/whatsapp', {
    token: adminToken,
    body: { name: 'Plataforma', channel: 'whatsapp', isDefault: true },
  });
  platform = (await res.json()) as ConnectionDto;
  await host.request(`/api/whatsappsession/${platform.id}`, { method: 'POST', token: adminToken });
  await eventually(async () => {
    const scanned = await host.request(`/test-channel/${platform.token}/scan`, { body: {} });
    return scanned.status === 204 ? true : undefined;
  });
  await eventually(async () => {
    const res = await host.request(`/api/whatsapp/${platform.id}`, { token: adminToken });
    return ((await res.json()) as ConnectionDto).status === 'CONNECTED' ? true : undefined;
  });
}, 60_000);
afterAll(() => host?.stop());

describe('expiry and replacement', () => {
  it('a code typed after 10 minutes is 410 ERR_RESET_CODE_EXPIRED; at 9 minutes 59 it still works', async () => {
    const user = await userWithNumber(adminToken);
    const late = await service().send({ wpp: user.wpp }, { ip });
    const [lateCode] = await codes(user.wpp, 1);
    now = new Date(now.getTime() + minutes(10) + 1);
    expect(await refusal(service().verify(user.wpp, { userId: late.userId, code: lateCode }, { ip }))).toBe(
      '410 ERR_RESET_CODE_EXPIRED',
    );

    const inTime = await service().send({ wpp: user.wpp }, { ip });
    const [, inTimeCode] = await codes(user.wpp, 2);
    now = new Date(now.getTime() + minutes(10) - 1000);
    const { token } = await service().verify(user.wpp, { userId: inTime.userId, code: inTimeCode }, { ip });
    expect(token).toBeTruthy();
  });

  it('a reset token used after 10 minutes is refused, and the password stays', async () => {
    const user = await userWithNumber(adminToken);
    const { userId } = await service().send({ wpp: user.wpp }, { ip });
    const [code] = await codes(user.wpp, 1);
    const { token } = await service().verify(user.wpp, { userId, code }, { ip });
    now = new Date(now.getTime() + minutes(10) + 1);
    expect(await refusal(service().reset({ userId, token, newPassword: 'senha-nova' }, { ip }))).toBe(
      '400 ERR_RESET_TOKEN_INVALID',
    );
    const login = await host.request('/api/auth/login', {
      body: { email: user.email, password: 'senha-antiga' },
    });
    expect(login.status).toBe(200);
  });

  it("a new code ends the number's earlier one", async () => {
    const user = await userWithNumber(adminToken);
    const first = await service().send({ wpp: user.wpp }, { ip });
    const second = await service().send({ wpp: user.wpp }, { ip });
    const [firstCode, secondCode] = await codes(user.wpp, 2);
    expect(await refusal(service().verify(user.wpp, { userId: first.userId, code: firstCode }, { ip }))).toBe(
      '410 ERR_RESET_CODE_EXPIRED',
    );
    const { token } = await service().verify(user.wpp, { userId: second.userId, code: secondCode }, { ip });
    await service().reset({ userId: second.userId, token, newPassword: 'senha-nova' }, { ip });
    const login = await host.request('/api/auth/login', {
      body: { email: user.email, password: 'senha-nova' },
    });
    expect(login.status).toBe(200);
  });

  it("the message carries the code in the user's language, and nothing of it is stored in clear", async () => {
    const user = await userWithNumber(adminToken);
    const [{ id }] = await orm.em
      .getConnection()
      .execute<{ id: number }[]>('update users set language = ? where email = ? returning id', [
        'en',
        user.email,
      ]);
    expect(id).toBeGreaterThan(0);
    await service().send({ wpp: user.wpp }, { ip });
    const [code] = await codes(user.wpp, 1);
    const res = await host.request(`/test-channel/${platform.token}/outbox`);
    const body = ((await res.json()) as { messages: OutboundMessage[] }).messages.find(
      (m) => m.to === user.wpp,
    )?.body;
    expect(body).toBe(
      `Your Balcão verification code is ${code}. It is valid for 10 minutes. Do not share it.`,
    );
    const rows = await orm.em
      .getConnection()
      .execute<Record<string, unknown>[]>('select * from password_resets where user_id = ?', [id]);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);
    expect(JSON.stringify(rows)).not.toContain(user.wpp);
  });
});
