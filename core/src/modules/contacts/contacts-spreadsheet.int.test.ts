import type { ContactDto } from '@balcao/sdk';
import { createTestHost, eventually, type TestHost } from '@balcao/testing';
import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSocket, type TenantWithAgent, tenantWithAgent } from '../../testing/tenant-fixtures.js';

let host: TestHost;
let shop: TenantWithAgent;
let other: TenantWithAgent;
let superToken: string;

const ONLY_SPREADSHEETS = 'Only .xlsx and .xls spreadsheets are accepted';

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Planilha');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function upload(token: string, content: Buffer | string, filename: string): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), filename);
  return fetch(`${host.url}/api/contacts/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
}

async function readExport(token: string, query = ''): Promise<unknown[][]> {
  const res = await host.request(`/api/contacts/export${query}`, { token });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('spreadsheetml');
  expect(res.headers.get('content-disposition')).toContain('contacts.xlsx');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await res.arrayBuffer());
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((row) => {
    rows.push([1, 2, 3, 4].map((i) => row.getCell(i).value));
  });
  return rows;
}

beforeAll(async () => {
  host = await createTestHost();
  superToken = (await host.login(host.admin.email, host.admin.password)).token;
  shop = await tenantWithAgent(host, superToken, 'Planilha Loja');
  other = await tenantWithAgent(host, superToken, 'Planilha Outra');
  await host.request('/api/contacts', {
    token: shop.adminToken,
    body: { name: 'Já Existe', number: '5511900000001' },
  });
});
afterAll(() => host?.stop());

describe('importing a spreadsheet', () => {
  it('creates good rows, skips existing numbers, reports bad and repeated rows by row and field', async () => {
    const file = await xlsx([
      ['Nome', 'Número', 'E-mail'],
      ['Daniel Lima', 5511900000002, 'daniel@x.test'],
      ['Eva', '+55 (11) 90000-0003', { text: 'eva@x.test', hyperlink: 'mailto:eva@x.test' }],
      ['X', '5511900000004', 'ruim'],
      ['Já Existe Também', '5511900000001', ''],
      [],
      ['Eva de novo', '5511900000003'],
      ['Fábio', '55119000', null],
    ]);
    const socket = await openSocket(host.url, shop.adminToken);
    const res = await upload(shop.agentToken, file, 'contatos.xlsx');
    expect(res.status).toBe(200);
    // The bad row comes back with its cells, so the import dialog can show the error beside the row.
    const bad = { name: 'X', number: '5511900000004', email: 'ruim' };
    // Issue 24: a number repeated inside the sheet is reported on the later row, not silently merged.
    expect(await res.json()).toEqual({
      created: 3,
      skipped: 1,
      errors: [
        { row: 4, field: 'name', message: 'Too Short!', values: bad },
        { row: 4, field: 'email', message: 'Invalid email', values: bad },
        {
          row: 7,
          field: 'number',
          message: 'Repeated in the sheet',
          values: { name: 'Eva de novo', number: '5511900000003', email: '' },
        },
      ],
    });
    await eventually(() =>
      socket.frames.find(
        (f) => f.channel === `company-${shop.companyId}-contact` && f.data.action === 'reload',
      ),
    );
    socket.close();
    const { contacts } = (await (await host.request('/api/contacts', { token: shop.adminToken })).json()) as {
      contacts: ContactDto[];
    };
    expect(contacts.map((c) => [c.name, c.number, c.email])).toEqual([
      ['Daniel Lima', '5511900000002', 'daniel@x.test'],
      ['Eva', '5511900000003', 'eva@x.test'],
      ['Fábio', '55119000', null],
      ['Já Existe', '5511900000001', null],
    ]);
  });

  it('reads a sheet without a header from its first row', async () => {
    const res = await upload(shop.agentToken, await xlsx([['Gil Sem Cabeçalho', '5511900000010']]), 'g.xlsx');
    expect(await res.json()).toEqual({ created: 1, skipped: 0, errors: [] });
  });

  it('reads a long sheet in batches: a number repeated in a later batch is still reported on its row', async () => {
    // 1,200 rows (the import reads 1,000 at a time): row 1,150 repeats row 3's number, written another way.
    const rows = Array.from({ length: 1200 }, (_, i) => [
      `Lote ${i + 1}`,
      `55119710${String(i + 1).padStart(5, '0')}`,
    ]);
    rows[1149] = ['Lote Repetido', '+55 (11) 97100-0003'];
    // A company of its own: the other tests count the shop's contacts.
    const lote = await tenantWithAgent(host, superToken, 'Planilha Lote');
    const res = await upload(lote.agentToken, await xlsx(rows), 'lote.xlsx');
    expect(await res.json()).toEqual({
      created: 1199,
      skipped: 0,
      errors: [
        {
          row: 1150,
          field: 'number',
          message: 'Repeated in the sheet',
          values: { name: 'Lote Repetido', number: '+55 (11) 97100-0003', email: '' },
        },
      ],
    });
  });

  it('reads a legacy .xls too, with the same per-row errors', async () => {
    const legacy = await tenantWithAgent(host, superToken, 'Planilha Antiga');
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([
        ['Nome', 'Número', 'Email'],
        ['Xavier Antigo', 5511900000020, 'xavier@antigo.test'],
        ['', '5511900000021', ''],
      ]),
      'Planilha',
    );
    const xls = Buffer.from(XLSX.write(book, { type: 'buffer', bookType: 'biff8' }));
    expect(xls.subarray(0, 4).toString('hex')).toBe('d0cf11e0'); // a real BIFF8 (OLE) file
    const fromXls = await upload(legacy.agentToken, xls, 'antigo.xls');
    const xlsRow = { name: '', number: '5511900000021', email: '' };
    // Issue 24: one error per field (an empty name is "Required", not also "Too Short!").
    expect(await fromXls.json()).toEqual({
      created: 1,
      skipped: 0,
      errors: [{ row: 3, field: 'name', message: 'Required', values: xlsRow }],
    });
    const found = await host.request('/api/contacts?searchParam=Xavier', { token: legacy.agentToken });
    expect((await found.json()).contacts[0]).toMatchObject({
      number: '5511900000020',
      email: 'xavier@antigo.test',
    });
  });

  it('refuses a broken .xls and any other kind of file', async () => {
    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    const broken = await upload(shop.agentToken, ole, 'antigo.xls');
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({
      error: 'ERR_VALIDATION',
      fields: [{ path: 'file', message: 'The spreadsheet could not be read' }],
    });
    const only = { error: 'ERR_VALIDATION', fields: [{ path: 'file', message: ONLY_SPREADSHEETS }] };
    const text = await upload(shop.agentToken, 'name,number\nAna,5511', 'lista.txt');
    expect(await text.json()).toEqual(only);
    // Spec part 1 §5: only .xlsx and .xls; a CSV is refused, and nothing of it is imported.
    const csv = await upload(shop.agentToken, 'name,number\nCecília CSV,5511900000022\n', 'lista.csv');
    expect(csv.status).toBe(400);
    expect(await csv.json()).toEqual(only);
    const found = await host.request('/api/contacts?searchParam=Cec%C3%ADlia', { token: shop.agentToken });
    expect((await found.json()).count).toBe(0);
    const none = await fetch(`${host.url}/api/contacts/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${shop.agentToken}` },
      body: new FormData(),
    });
    expect(await none.json()).toEqual({
      error: 'ERR_VALIDATION',
      fields: [{ path: 'file', message: 'Required' }],
    });
  });

  it('refuses a file over 10 MB', async () => {
    const res = await upload(shop.agentToken, Buffer.alloc(10 * 1024 * 1024 + 1), 'enorme.xlsx');
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toEqual([{ path: 'file', message: 'File too large (10 MB at most)' }]);
  });

  it("imports into the uploader's company only", async () => {
    const res = await upload(other.agentToken, await xlsx([['Daniel Lima', '5511900000002']]), 'd.xlsx');
    expect(await res.json()).toEqual({ created: 1, skipped: 0, errors: [] });
  });
});

describe('exporting and LGPD masking', () => {
  it('exports the filtered contacts with name, number, email and creation date', async () => {
    const rows = await readExport(shop.adminToken, '?searchParam=eva');
    expect(rows[0]).toEqual(['name', 'number', 'email', 'createdAt']);
    expect(rows.slice(1)).toEqual([['Eva', '5511900000003', 'eva@x.test', expect.any(Date)]]);
    const all = await readExport(shop.adminToken);
    expect(all).toHaveLength(6);
  });

  it('masks every number for an attendant while lgpdHideNumber is enabled, never for an admin', async () => {
    const setLgpd = (value: string) =>
      host.request('/api/settings/lgpdHideNumber', {
        method: 'PUT',
        token: shop.adminToken,
        body: { value },
      });
    expect((await setLgpd('enabled')).status).toBe(200);
    const masked = '551190*****02';

    const page = await (
      await host.request('/api/contacts?searchParam=daniel', { token: shop.agentToken })
    ).json();
    expect(page.contacts[0].number).toBe(masked);
    const id = page.contacts[0].id;
    expect(
      (await (await host.request(`/api/contacts/${id}`, { token: shop.agentToken })).json()).number,
    ).toBe(masked);
    const names = await (
      await host.request('/api/contacts/list?searchParam=daniel', { token: shop.agentToken })
    ).json();
    expect(names[0].number).toBe(masked);
    const blocked = await host.request(`/api/contacts/block/${id}`, {
      method: 'PUT',
      token: shop.agentToken,
      body: { active: false },
    });
    expect((await blocked.json()).number).toBe(masked);
    expect((await readExport(shop.agentToken, '?searchParam=daniel'))[1][1]).toBe(masked);
    const created = await host.request('/api/contacts', {
      token: shop.agentToken,
      body: { name: 'Hanna', number: '5511900000099' },
    });
    expect((await created.json()).number).toBe('551190*****99');

    const admin = await (await host.request(`/api/contacts/${id}`, { token: shop.adminToken })).json();
    expect(admin.number).toBe('5511900000002');
    expect((await readExport(shop.adminToken, '?searchParam=daniel'))[1][1]).toBe('5511900000002');

    expect((await setLgpd('disabled')).status).toBe(200);
    const plain = await (await host.request(`/api/contacts/${id}`, { token: shop.agentToken })).json();
    expect(plain.number).toBe('5511900000002');
    expect((await readExport(shop.agentToken, '?searchParam=daniel'))[1][1]).toBe('5511900000002');
  });

  it('while masking is on, the realtime event carries the masked number', async () => {
    await host.request('/api/settings/lgpdHideNumber', {
      method: 'PUT',
      token: shop.adminToken,
      body: { value: 'enabled' },
    });
    const socket = await openSocket(host.url, shop.agentToken);
    await host.request('/api/contacts', {
      token: shop.adminToken,
      body: { name: 'Iris', number: '5511900000077' },
    });
    const frame = await eventually(() =>
      socket.frames.find((f) => f.channel === `company-${shop.companyId}-contact`),
    );
    expect(frame.data).toMatchObject({
      action: 'update',
      contact: { name: 'Iris', number: '551190*****77' },
    });
    socket.close();
  });
});
