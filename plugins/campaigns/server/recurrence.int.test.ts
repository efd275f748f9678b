import contactLists from '@balcao/plugin-contact-lists/server/index.js';
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
import { apiOf, numberMaker, sql } from './test-helpers.js';

/**
 * A recurring campaign (issue 26): each run messages the whole audience once, the next run is planned at the series'
 * next occurrence, and the series stops after its runs, at its end date or on cancel. A day passes by moving the
 * campaign's dates a day back (the same as the clock moving a day on) and running its start job, as the scheduler
 * would at that date.
 */
let host: TestHost;
let api: ReturnType<typeof apiOf>;
let line: FakeConnection;
let companyId: number;
const fake = createFakeChannel();
const numbers = numberMaker(70000000);
const sentTo = (to: string) => line.sent().filter((m) => m.to === to);
const DAY_MS = 86_400_000;

const create = async (body: Record<string, unknown>) => {
  const res = await api.call<CampaignDto>('/api/campaigns', 'POST', {
    name: 'Recorrente',
    whatsappId: `${line.connection.id}`,
    scheduledAt: new Date().toISOString(),
    ...body,
  });
  expect(res.status).toBe(201);
  return res.body;
};
/** Waits for the run's end: the campaign planned again for `run`, or finished on it. */
const reached = async (id: number, status: CampaignDto['status'], run: number) => {
  const c = await eventually(async () => {
    const { body } = await api.call<CampaignDto>(`/api/campaigns/${id}`);
    return body.status === status && body.runNumber === run ? body : undefined;
  });
  await api.drained();
  return c;
};
/** A day passes and the planned run's date comes: what the scheduler does then, without waiting a day. */
const nextDay = async (id: number) => {
  await sql(
    host,
    `update campaigns set scheduled_at = scheduled_at - interval '1 day', series_start_at = series_start_at - interval '1 day',
            recurrence_end_at = recurrence_end_at - interval '1 day'
      where id = $1`,
    [id],
  );
  await host.runJob('campaigns:start', { companyId, campaignId: id });
};

beforeAll(async () => {
  host = await createTestHost({ plugins: [fake.plugin, contactLists, campaigns] });
  const login = await host.login(host.admin.email, host.admin.password);
  companyId = login.user.companyId;
  api = apiOf(host, login.token);
  line = await fake.connect(host, login.token);
  await api.call('/api/campaign-settings', 'POST', {
    settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, variables: [] },
  });
});
afterAll(() => host?.stop());

describe('recurring campaigns', () => {
  it('sends run 1, plans run 2 for the next day, sends it again to the same contacts, and stops after 2 runs', async () => {
    const tagId = await api.tag('Recorrência diária');
    const to = numbers(3);
    await api.taggedContacts(tagId, to);
    const first = new Date(Date.now() - 1000);
    const c = await create({
      tagListId: tagId,
      message1: 'Bom dia {nome}',
      scheduledAt: first.toISOString(),
      recurrence: 'daily',
      recurrenceRuns: 2,
    });
    expect(c).toMatchObject({ recurrence: 'daily', recurrenceRuns: 2, runNumber: 1 });

    const planned = await reached(c.id, 'PROGRAMADA', 2);
    for (const n of to) expect(sentTo(n)).toHaveLength(1);
    // The same wall-clock time a day on (São Paulo has no daylight saving now).
    const next = new Date(first.getTime() + DAY_MS).toISOString();
    expect(planned).toMatchObject({ scheduledAt: next, nextRunAt: next });
    const afterRun1 = await api.report(c.id);
    expect(afterRun1.run).toBe(1);
    expect(afterRun1.counts).toMatchObject({ planned: 3, sent: 3 });
    // Its start job was not run early: a start before the date leaves it planned.
    await host.runJob('campaigns:start', { companyId, campaignId: c.id });
    expect((await api.call<CampaignDto>(`/api/campaigns/${c.id}`)).body.status).toBe('PROGRAMADA');

    await nextDay(c.id);
    // Three more workers on run 2's chain at once: still one message per contact in the run.
    const [{ dispatch_run }] = await sql<{ dispatch_run: number }>(
      host,
      'select dispatch_run from campaigns where id = $1',
      [c.id],
    );
    await Promise.all(
      [1, 2, 3].map(() =>
        host.runJob('campaigns:dispatch', { companyId, campaignId: c.id, run: dispatch_run, plan: true }),
      ),
    );
    const done = await reached(c.id, 'FINALIZADA', 2);
    expect(done.nextRunAt).toBeNull();
    for (const n of to)
      expect(sentTo(n).map((m) => m.body)).toEqual([`Bom dia Cliente ${n}`, `Bom dia Cliente ${n}`]);

    // A crash in run 2 after its sends and before their stamps: the replay answers run 2's messages, sends none.
    await sql(
      host,
      'update campaign_shippings set delivered_at = null, message_id = null where campaign_id = $1 and run_number = 2',
      [c.id],
    );
    await sql(host, "update campaigns set status = 'EM_ANDAMENTO' where id = $1", [c.id]);
    await host.runJob('campaigns:dispatch', { companyId, campaignId: c.id, run: dispatch_run });
    await reached(c.id, 'FINALIZADA', 2);
    for (const n of to) expect(sentTo(n)).toHaveLength(2);

    const report = await api.report(c.id);
    expect(report.run).toBe(2);
    expect(report.counts).toMatchObject({ planned: 3, sent: 3 });
    const runs = await sql<{ run_number: number; n: string }>(
      host,
      'select run_number, count(*) as n from campaign_shippings where campaign_id = $1 group by run_number order by run_number',
      [c.id],
    );
    expect(runs.map((r) => [r.run_number, Number(r.n)])).toEqual([
      [1, 3],
      [2, 3],
    ]);
  });

  it('runs a contact list again per run and stops at its end date', async () => {
    const [list] = await sql<{ id: number }>(
      host,
      "insert into contact_lists (company_id, name) values ($1, 'Lista recorrente') returning id",
      [companyId],
    );
    const to = numbers(2);
    for (const [i, n] of to.entries())
      await sql(
        host,
        'insert into contact_list_items (company_id, contact_list_id, name, number) values ($1, $2, $3, $4)',
        [companyId, list.id, `Item ${i}`, n],
      );
    const first = new Date(Date.now() - 1000);
    const c = await create({
      contactListId: list.id,
      message1: 'Oferta do dia',
      scheduledAt: first.toISOString(),
      recurrence: 'daily',
      // Room for a second run, not a third.
      recurrenceEndAt: new Date(first.getTime() + DAY_MS + 60_000).toISOString(),
    });
    const planned = await reached(c.id, 'PROGRAMADA', 2);
    expect(planned.scheduledAt).toBe(new Date(first.getTime() + DAY_MS).toISOString());
    await nextDay(c.id);
    const done = await reached(c.id, 'FINALIZADA', 2);
    expect(done.nextRunAt).toBeNull();
    for (const n of to) expect(sentTo(n).map((m) => m.body)).toEqual(['Oferta do dia', 'Oferta do dia']);
  });

  it('a cancel stops the series: the planned run does not start', async () => {
    const tagId = await api.tag('Recorrência cancelada');
    const to = numbers(1);
    await api.taggedContacts(tagId, to);
    const c = await create({ tagListId: tagId, message1: 'Promo', recurrence: 'daily', recurrenceRuns: 5 });
    await reached(c.id, 'PROGRAMADA', 2);
    const cancelled = await api.call<CampaignDto>(`/api/campaigns/${c.id}/cancel`, 'POST', {});
    expect(cancelled.body).toMatchObject({ status: 'CANCELADA', runNumber: 2, nextRunAt: null });
    await nextDay(c.id);
    await api.drained();
    expect((await api.call<CampaignDto>(`/api/campaigns/${c.id}`)).body.status).toBe('CANCELADA');
    expect(sentTo(to[0])).toHaveLength(1);
  });

  it('a series whose worker died after finishing a run, before planning the next, is planned by resume-series', async () => {
    const tagId = await api.tag('Recorrência retomada');
    const to = numbers(1);
    await api.taggedContacts(tagId, to);
    const first = new Date(Date.now() - 1000);
    // The weekday on the company's calendar (São Paulo, UTC−3 all year since 2019), whatever the machine's zone.
    const weekday = new Date(first.getTime() - 3 * 3_600_000).getUTCDay();
    const c = await create({
      tagListId: tagId,
      message1: 'Semanal',
      scheduledAt: first.toISOString(),
      recurrence: 'weekly',
      recurrenceWeekdays: [weekday, (weekday + 3) % 7],
      recurrenceRuns: 3,
    });
    await reached(c.id, 'PROGRAMADA', 2);
    // What the crash leaves: run 1 finished, nothing planned.
    await sql(
      host,
      "update campaigns set status = 'FINALIZADA', run_number = 1, scheduled_at = $2 where id = $1",
      [c.id, first],
    );
    await host.runJob('campaigns:resume-series', { companyId });
    const planned = (await api.call<CampaignDto>(`/api/campaigns/${c.id}`)).body;
    expect(planned).toMatchObject({ status: 'PROGRAMADA', runNumber: 2 });
    // Three days on: the second chosen weekday comes before the start's own a week later.
    expect(planned.scheduledAt).toBe(new Date(first.getTime() + 3 * DAY_MS).toISOString());
    await host.runJob('campaigns:resume-series', { companyId });
    expect((await api.call<CampaignDto>(`/api/campaigns/${c.id}`)).body.runNumber).toBe(2);
    expect(sentTo(to[0])).toHaveLength(1);
  });

  it('refuses a recurrence without its days or its end, with 400 naming the field', async () => {
    const tagId = await api.tag('Recorrência inválida');
    const base = {
      tagListId: tagId,
      message1: 'Oi',
      scheduledAt: new Date(Date.now() + DAY_MS).toISOString(),
    };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ recurrence: 'weekly', recurrenceRuns: 2 }, 'recurrenceWeekdays', 'Choose at least one day'],
      [{ recurrence: 'daily' }, 'recurrenceEndAt', 'Required'],
      [
        { recurrence: 'daily', recurrenceEndAt: new Date().toISOString() },
        'recurrenceEndAt',
        'Ends before it starts',
      ],
      [{ recurrence: 'daily', recurrenceRuns: 0 }, 'recurrenceRuns', 'At least one run'],
      [{ recurrence: 'monthly', recurrenceRuns: 2, scheduledAt: null }, 'scheduledAt', 'Required'],
      [{ recurrence: 'hourly' }, 'recurrence', 'Invalid option'],
    ];
    for (const [patch, path, message] of cases) {
      const res = await api.call<{ fields: unknown[] }>('/api/campaigns', 'POST', {
        name: 'Inválida',
        whatsappId: `${line.connection.id}`,
        ...base,
        ...patch,
      });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.body.fields, JSON.stringify(patch)).toContainEqual({ path, message });
    }
  });
});
