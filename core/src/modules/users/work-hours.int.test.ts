import { createTestHost, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../kernel/clock.js';

/**
 * A user's working hours at sign-in (spec part 1 user fields startWork/endWork, ERR_OUT_OF_HOURS; docs/automation.md
 * "Assignment"): an attendant outside them is refused, admins never. The kernel's clock is a manual one.
 */

const clock = new ManualClock('2026-11-23T13:00:00Z'); // Monday 10:00 in São Paulo
let host: TestHost;
let admin: string;

beforeAll(async () => {
  host = await createTestHost({ clock });
  admin = (await host.login(host.admin.email, host.admin.password)).token;
});
afterAll(() => host?.stop());

async function user(email: string, profile: string, startWork: string, endWork: string) {
  const res = await host.request('/api/users', {
    token: admin,
    body: { name: email.split('@')[0], email, password: 'agent-pass', profile, startWork, endWork },
  });
  expect(res.status).toBe(201);
}

const signIn = (email: string, password = 'agent-pass') =>
  host.request('/api/auth/login', { body: { email, password } });

describe('working hours at sign-in', () => {
  it('refuses an attendant outside startWork–endWork with 403 ERR_OUT_OF_HOURS, lets them in once the hour comes', async () => {
    await user('tarde@hours.test', 'user', '14:00', '22:00');
    const refused = await signIn('tarde@hours.test');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      error: 'ERR_OUT_OF_HOURS',
      startWork: '14:00',
      endWork: '22:00',
    });
    // A wrong password is still just that.
    expect((await signIn('tarde@hours.test', 'wrong-pass')).status).toBe(401);

    clock.set(new Date('2026-11-23T17:00:00Z')); // 14:00
    expect((await signIn('tarde@hours.test')).status).toBe(200);
    clock.set(new Date('2026-11-24T01:01:00Z')); // 22:01
    expect((await (await signIn('tarde@hours.test')).json()).error).toBe('ERR_OUT_OF_HOURS');
  });

  it('a night shift crosses midnight; admins sign in whatever their hours', async () => {
    await user('noite@hours.test', 'user', '22:00', '06:00');
    await user('chefe@hours.test', 'admin', '08:00', '09:00');
    clock.set(new Date('2026-11-24T02:30:00Z')); // 23:30
    expect((await signIn('noite@hours.test')).status).toBe(200);
    expect((await signIn('chefe@hours.test')).status).toBe(200);
    clock.set(new Date('2026-11-24T12:00:00Z')); // 09:00
    expect((await signIn('noite@hours.test')).status).toBe(403);
  });
});
