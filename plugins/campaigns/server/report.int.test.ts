import contactLists from '@balcao/plugin-contact-lists/server/index.js';
import {
  createFakeChannel,
  createTestHost,
  eventually,
  type FakeConnection,
  type TestHost,
} from '@balcao/testing';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import campaigns from './index.js';
import { apiOf, numberMaker, startNowOf } from './test-helpers.js';

/**
 * The report's numbers as the channel reports them: delivered and read from its acks, a send its servers refused
 * counted failed (not sent) with the channel's reason on the contact's row, and the .xlsx export of those rows.
 */
let host: TestHost;
let api: ReturnType<typeof apiOf>;
let line: FakeConnection;
const fake = createFakeChannel();
const numbers = numberMaker(82000000);
const sentTo = (to: string) => line.sent().filter((m) => m.to === to);
const startNow = startNowOf('Relatório', () => ({ api, connectionId: line.connection.id }));

beforeAll(async () => {
  host = await createTestHost({
    plugins: [fake.plugin, contactLists, campaigns],
    // A refused send is retried once, quickly, then marked failed.
    env: { OUTBOX_POLL_MS: '50', OUTBOX_RETRY_BASE_MS: '50', OUTBOX_MAX_ATTEMPTS: '2' },
  });
  const login = await host.login(host.admin.email, host.admin.password);
  api = apiOf(host, login.token);
  line = await fake.connect(host, login.token);
  const pacing = { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 };
  expect((await api.call('/api/campaign-settings', 'POST', { settings: pacing })).status).toBe(200);
});
afterAll(() => host?.stop());

describe('campaign report', () => {
  it('counts delivered and read from the channel’s acks', async () => {
    const tagId = await api.tag('Relatório acks');
    const [one, two] = numbers(2);
    await api.taggedContacts(tagId, [one, two]);
    const c = await startNow({ tagListId: tagId, message1: 'Novidade' });
    await api.status(c.id, 'FINALIZADA');
    expect((await api.report(c.id)).counts).toMatchObject({ sent: 2, delivered: 0, read: 0 });
    expect(await line.ack(sentTo(one)[0].messageId, 2)).toBe(true);
    expect(await line.ack(sentTo(two)[0].messageId, 3)).toBe(true);
    const counts = await eventually(async () => {
      const r = await api.report(c.id);
      return r.counts.read === 1 && r.counts.delivered === 2 ? r.counts : undefined;
    });
    expect(counts).toMatchObject({ sent: 2, delivered: 2, read: 1 });
    const states = Object.fromEntries((await api.report(c.id)).shippings.map((s) => [s.number, s.state]));
    expect(states).toEqual({ [one]: 'delivered', [two]: 'read' });
  });

  it('counts a send the channel refused as failed, not sent, with its reason, and exports the rows', async () => {
    const tagId = await api.tag('Relatório falhas');
    const to = numbers(2);
    await api.taggedContacts(tagId, to);
    line.failSends('Servers down');
    try {
      const c = await startNow({ name: 'Falhas: abril/maio', tagListId: tagId, message1: 'Não chega' });
      await api.status(c.id, 'FINALIZADA');
      const report = await eventually(async () => {
        const r = await api.report(c.id);
        return r.counts.failed === 2 ? r : undefined;
      });
      expect(report.counts).toMatchObject({ planned: 2, sent: 0, failed: 2, done: 2 });
      // Rows in planning order, whatever order the tag gave its contacts: compared by number.
      const byNumber = (a: unknown[], b: unknown[]) => String(a[0]).localeCompare(String(b[0]));
      expect(report.shippings.map((s) => [s.number, s.state, s.failureReason]).sort(byNumber)).toEqual(
        to.map((n) => [n, 'failed', 'Servers down']),
      );

      const file = await api.call<{ fileName: string; data: string }>(
        `/api/campaigns/${c.id}/report/export?lang=en`,
      );
      expect(file.status).toBe(200);
      expect(file.body.fileName).toBe(`campaign-${c.id}.xlsx`);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(Buffer.from(file.body.data, 'base64') as unknown as ArrayBuffer);
      const sheet = book.worksheets[0];
      // A sheet name may not hold '/', ':' and a few more: they become spaces.
      expect(sheet.name).toBe('Falhas  abril maio');
      const rows = sheet.getSheetValues().filter(Boolean) as unknown[][];
      expect(rows[0].slice(1)).toEqual([
        'Name',
        'Number',
        'State',
        'Failure reason',
        'Sent at',
        'Confirmed at',
      ]);
      expect(
        rows
          .slice(1)
          .map((r) => r.slice(2, 5))
          .sort(byNumber),
      ).toEqual(to.map((n) => [n, 'Failed', 'Servers down']));
      expect((await api.call(`/api/campaigns/${c.id}/report/export?lang=xx`)).status).toBe(400);
    } finally {
      line.failSends(null);
    }
  });

  it("writes a failure code in the export as the report page shows it: the shell's message in the user's language", async () => {
    const tagId = await api.tag('Relatório códigos');
    const [to] = numbers(1);
    await api.taggedContacts(tagId, [to]);
    line.failSends('ERR_SENDING_WAPP_MSG');
    try {
      const c = await startNow({ name: 'Códigos', tagListId: tagId, message1: 'Também não chega' });
      await api.status(c.id, 'FINALIZADA');
      const report = await eventually(async () => {
        const r = await api.report(c.id);
        return r.counts.failed === 1 ? r : undefined;
      });
      // The page receives the code and translates it (errors.ERR_SENDING_WAPP_MSG of the shell's locales).
      expect(report.shippings.map((s) => s.failureReason)).toEqual(['ERR_SENDING_WAPP_MSG']);
      const reasonIn = async (lang: string) => {
        const file = await api.call<{ data: string }>(`/api/campaigns/${c.id}/report/export?lang=${lang}`);
        const book = new ExcelJS.Workbook();
        await book.xlsx.load(Buffer.from(file.body.data, 'base64') as unknown as ArrayBuffer);
        const rows = book.worksheets[0].getSheetValues().filter(Boolean) as unknown[][];
        return rows.slice(1).map((r) => [r[2], r[3], r[4]]);
      };
      expect(await reasonIn('pt-BR')).toEqual([
        [to, 'Falhou', 'Erro ao enviar a mensagem. Verifique a página de conexões.'],
      ]);
      expect(await reasonIn('en')).toEqual([
        [to, 'Failed', 'Error while sending the message. Check the connections page.'],
      ]);
    } finally {
      line.failSends(null);
    }
  });
});
