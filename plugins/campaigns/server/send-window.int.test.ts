import contactLists from '@balcao/plugin-contact-lists/server/index.js';
import { defaultWeeklySchedule } from '@balcao/sdk';
import {
  createFakeChannel,
  createTestHost,
  eventually,
  type FakeConnection,
  type TestHost,
} from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignDto } from '../shared/campaign.js';
import campaigns from './index.js';
import { apiOf, sql } from './test-helpers.js';

/**
 * Issue 26: a campaign that keeps to the company's business hours waits outside them (nothing sent, its next link
 * scheduled at the opening) and resumes by itself; a connection that sent its daily cap is skipped, and with every
 * connection at the cap the campaign waits for the company's next day; and one run's links are single-flight: links
 * racing on the same run never send twice, nor within the configured interval of each other. The company's clock is
 * the test's (hours port); pacing pauses are the database's own time, moved by SQL, never waited for.
 */
let host: TestHost;
let api: ReturnType<typeof apiOf>;
let line: FakeConnection;
let line2: FakeConnection;
let companyId: number;
const fake = createFakeChannel();
/** A moment in São Paulo (UTC-3): Monday 23 Nov 2026 is `day 23`. */
const at = (day: number, hhmm: string) => new Date(`2026-11-${day}T${hhmm}:00-03:00`);
const clock = { at: at(24, '10:00'), now: () => new Date(clock.at) };
let seq = 0;
const numbers = (n: number) =>
  Array.from({ length: n }, () => `55119${String(70000000 + ++seq).padStart(8, '0')}`);
const sentTo = (to: string) => [...line.sent(), ...line2.sent()].filter((m) => m.to === to);
const setSettings = (messageInterval: number, dailyLimitPerConnection = 0) =>
  api.call('/api/campaign-settings', 'POST', {
    settings: { messageInterval, longerIntervalAfter: 0, greaterInterval: 0, dailyLimitPerConnection },
  });
const audience = async (n: number) => {
  const tagId = await api.tag(`Janela ${++seq}`);
  const to = numbers(n);
  await api.taggedContacts(tagId, to);
  return { tagId, to };
};
const create = async (body: Record<string, unknown>) => {
  const res = await api.call<CampaignDto>('/api/campaigns', 'POST', {
    name: `Janela ${++seq}`,
    whatsappId: `${line.connection.id}`,
    message1: 'Oferta',
    ...body,
  });
  expect(res.status).toBe(201);
  return res.body;
};
const startNow = (body: Record<string, unknown>) =>
  create({ scheduledAt: new Date().toISOString(), ...body });
const dispatch = (campaignId: number, extra: Record<string, unknown> = {}) =>
  host.runJob('campaigns:dispatch', { companyId, campaignId, run: 1, ...extra });
const campaignOf = async (id: number) => (await api.call<CampaignDto>(`/api/campaigns/${id}`)).body;
const waiting = (id: number) =>
  eventually(async () => {
    const c = await campaignOf(id);
    return c.pausedUntil ? c : undefined;
  });

beforeAll(async () => {
  host = await createTestHost({ plugins: [fake.plugin, contactLists, campaigns], clock });
  const login = await host.login(host.admin.email, host.admin.password);
  companyId = login.user.companyId;
  api = apiOf(host, login.token);
  line = await fake.connect(host, login.token);
  line2 = await fake.connect(host, login.token);
  // Every day 08:00-12:00 and 13:00-18:00 in the company's zone.
  const put = await api.call(`/api/companies/${companyId}/schedules`, 'PUT', {
    schedules: defaultWeeklySchedule(),
  });
  expect(put.status).toBe(200);
  await setSettings(0);
});
afterAll(() => host?.stop());

describe('send window', () => {
  it('waits outside business hours with its next link at the opening, then resumes by itself', async () => {
    clock.at = at(23, '20:00'); // Monday evening: closed until Tuesday 08:00.
    const { tagId, to } = await audience(2);
    const c = await startNow({ tagListId: tagId, withinBusinessHours: true });
    const paused = await waiting(c.id);
    expect(paused).toMatchObject({ status: 'EM_ANDAMENTO', pauseReason: 'hours' });
    expect(paused.pausedUntil).toBe(at(24, '08:00').toISOString());
    await api.drained();
    expect(to.flatMap(sentTo)).toEqual([]);
    expect((await api.report(c.id)).counts).toMatchObject({ planned: 2, sent: 0 });
    // One link waits, scheduled 12 h ahead (the clock's distance to the opening), not a poll.
    const [next] = await sql<{ ahead_h: number }>(
      host,
      `select extract(epoch from (next_run_at - now())) / 3600 as ahead_h from agenda_jobs
        where name = 'campaigns:dispatch' and (data->>'campaignId')::int = $1 and next_run_at > now()`,
      [c.id],
    );
    expect(Math.round(Number(next.ahead_h))).toBe(12);

    // A campaign that does not keep to the hours sends at the same closed moment.
    const free = await audience(1);
    const other = await startNow({ tagListId: free.tagId });
    await api.status(other.id, 'FINALIZADA');
    expect(sentTo(free.to[0])).toHaveLength(1);

    // A link woken while still closed sends nothing; at the opening the chain resumes and finishes.
    await dispatch(c.id);
    expect(to.flatMap(sentTo)).toEqual([]);
    clock.at = at(24, '08:05');
    await dispatch(c.id);
    const done = await api.status(c.id, 'FINALIZADA');
    expect(done.pausedUntil).toBeNull();
    for (const n of to) expect(sentTo(n)).toHaveLength(1);
  });

  it('stops sending when the window closes mid-audience, until the next opening', async () => {
    clock.at = at(24, '17:59'); // Tuesday, a minute before closing (18:00 is open to 18:00:59).
    await setSettings(20);
    try {
      const { tagId, to } = await audience(2);
      const c = await startNow({ tagListId: tagId, withinBusinessHours: true });
      await eventually(async () => ((await api.report(c.id)).counts.sent === 1 ? true : undefined));
      // The 20 s pause ends after closing time.
      clock.at = at(24, '18:01');
      await sql(host, "update campaigns set next_send_at = now() - interval '1 second' where id = $1", [
        c.id,
      ]);
      await dispatch(c.id);
      const paused = await campaignOf(c.id);
      expect(paused).toMatchObject({ pauseReason: 'hours', pausedUntil: at(25, '08:00').toISOString() });
      await api.drained();
      expect(to.flatMap(sentTo)).toHaveLength(1);
      await api.call(`/api/campaigns/${c.id}/cancel`, 'POST', {});
    } finally {
      await setSettings(0);
    }
  });
});

describe('daily cap per connection', () => {
  it('skips a connection at its cap, waits for the next day when all are, and counts across campaigns', async () => {
    clock.at = at(24, '10:00');
    await setSettings(0, 2);
    try {
      const { tagId, to } = await audience(6);
      // The first line already sent one campaign message today.
      await sql(
        host,
        "insert into campaign_connection_days (company_id, connection_id, day, sent) values ($1, $2, '2026-11-24', 1)",
        [companyId, line.connection.id],
      );
      const both = `${line.connection.id},${line2.connection.id}`;
      const c = await startNow({ tagListId: tagId, whatsappId: both });
      const paused = await waiting(c.id);
      expect(paused).toMatchObject({ status: 'EM_ANDAMENTO', pauseReason: 'cap' });
      // Wednesday 00:00 in the company's zone.
      expect(paused.pausedUntil).toBe(at(25, '00:00').toISOString());
      await api.drained();
      // Its turns past the cap went to the second line, until that one reached the cap too.
      expect(line.sent().filter((m) => to.includes(m.to))).toHaveLength(1);
      expect(line2.sent().filter((m) => to.includes(m.to))).toHaveLength(2);
      expect((await api.report(c.id)).counts).toMatchObject({ planned: 6, sent: 3 });

      // The same day, another campaign on a capped connection waits too.
      const more = await audience(1);
      const c2 = await startNow({ tagListId: more.tagId });
      expect((await waiting(c2.id)).pauseReason).toBe('cap');
      expect(sentTo(more.to[0])).toHaveLength(0);

      // The company's next day: both go on.
      clock.at = at(25, '00:01');
      await dispatch(c.id);
      await dispatch(c2.id);
      await api.status(c.id, 'FINALIZADA');
      await api.status(c2.id, 'FINALIZADA');
      for (const n of [...to, more.to[0]]) expect(sentTo(n)).toHaveLength(1);
      const days = await sql<{ day: string; sent: number }>(
        host,
        `select to_char(day, 'YYYY-MM-DD') as day, sent from campaign_connection_days
          where company_id = $1 order by day, connection_id`,
        [companyId],
      );
      expect(days.filter((d) => d.day === '2026-11-24').map((d) => d.sent)).toEqual([2, 2]);
      const nextDay = days.filter((d) => d.day === '2026-11-25').map((d) => d.sent);
      expect(nextDay.reduce((a, b) => a + b, 0)).toBe(4);
      expect(Math.max(...nextDay)).toBeLessThanOrEqual(2);
    } finally {
      await setSettings(0, 0);
    }
  });

  it('gives the slot of a send that failed back: failures do not use up the cap', async () => {
    clock.at = at(26, '10:00');
    await setSettings(0, 1);
    try {
      const { tagId } = await audience(2);
      const web = await api.call<{ id: number }>('/api/whatsapp', 'POST', {
        name: `Site ${seq}`,
        channel: 'webchat',
      });
      const c = await startNow({ tagListId: tagId, whatsappId: `${web.body.id}` });
      await api.status(c.id, 'FINALIZADA');
      expect((await api.report(c.id)).counts).toMatchObject({ planned: 2, sent: 0, failed: 2 });
      const [day] = await sql<{ sent: number }>(
        host,
        "select sent from campaign_connection_days where connection_id = $1 and day = '2026-11-26'",
        [web.body.id],
      );
      expect(day.sent).toBe(0);
    } finally {
      await setSettings(0, 0);
    }
  });
});

describe('single flight', () => {
  it('links racing on one run never send twice nor within the interval of each other', async () => {
    clock.at = at(24, '10:00');
    await setSettings(20);
    try {
      const { tagId, to } = await audience(3);
      const c = await create({ tagListId: tagId });
      await sql(host, "update campaigns set status = 'EM_ANDAMENTO', dispatch_run = 1 where id = $1", [c.id]);
      const total = async () => {
        await api.drained();
        for (const n of to) expect(sentTo(n).length).toBeLessThanOrEqual(1);
        return to.filter((n) => sentTo(n).length > 0).length;
      };
      const race = () => Promise.all([1, 2, 3, 4, 5].map(() => dispatch(c.id, { plan: true })));

      // Five links at once: one sends, and its 20 s pause holds back the other four.
      await race();
      expect(await total()).toBe(1);
      // Inside the pause another wave, and the named successor woken early: nothing goes out.
      await race();
      const [{ dispatch_link: successor }] = await sql<{ dispatch_link: number }>(
        host,
        'select dispatch_link from campaigns where id = $1',
        [c.id],
      );
      await dispatch(c.id, { link: successor });
      expect(await total()).toBe(1);

      // The pause is over (moved in the database's time): of the next wave, exactly one sends one message.
      await sql(host, "update campaigns set next_send_at = now() - interval '1 second' where id = $1", [
        c.id,
      ]);
      await race();
      expect(await total()).toBe(2);
      // Each send is followed by the full interval before the next may go.
      const [gap] = await sql<{ seconds: number }>(
        host,
        `select extract(epoch from (c.next_send_at - max(s.delivered_at))) as seconds
           from campaigns c join campaign_shippings s on s.campaign_id = c.id where c.id = $1 group by c.id`,
        [c.id],
      );
      expect(Number(gap.seconds)).toBeGreaterThanOrEqual(20);
      await api.call(`/api/campaigns/${c.id}/cancel`, 'POST', {});
    } finally {
      await setSettings(0, 0);
    }
  });
});
