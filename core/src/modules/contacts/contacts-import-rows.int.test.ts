import type { ContactDto, ContactSheetRowsDto } from '@balcao/sdk';
import { createTestHost, type TestHost } from '@balcao/testing';
import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TenantWithAgent, tenantWithAgent } from '../../testing/tenant-fixtures.js';

// Spec part 1 §9: the spreadsheet import posts one row every 330 ms; the dialog gets the sheet's rows from
// POST /contacts/upload/rows (nothing imported) and posts each to POST /contactsImport (§7).

let host: TestHost;
let shop: TenantWithAgent;

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Planilha');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function readRows(token: string, content: Buffer | string, filename: string): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), filename);
  return fetch(`${host.url}/api/contacts/upload/rows`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
}

const count = async (token: string) =>
  ((await (await host.request('/api/contacts', { token })).json()) as { count: number }).count;

beforeAll(async () => {
  host = await createTestHost();
  const superToken = (await host.login(host.admin.email, host.admin.password)).token;
  shop = await tenantWithAgent(host, superToken, 'Linhas Loja');
  await host.request('/api/contacts', {
    token: shop.adminToken,
    body: { name: 'Já Existe', number: '5511930000001', email: 'antes@x.test' },
  });
});
afterAll(() => host?.stop());

describe('POST /api/contacts/upload/rows', () => {
  it('answers the rows as the sheet numbers them, header and empty rows left out, and imports nothing', async () => {
    const before = await count(shop.agentToken);
    const file = await xlsx([
      ['Nome', 'Número', 'E-mail'],
      ['Daniel Lima', 5511930000002, 'daniel@x.test'],
      ['Eva', '+55 (11) 93000-0003', { text: 'eva@x.test', hyperlink: 'mailto:eva@x.test' }],
      [],
      ['X', '123', 'ruim'],
      ['  Só Nome  '],
    ]);
    const res = await readRows(shop.agentToken, file, 'contatos.xlsx');
    expect(res.status).toBe(200);
    expect((await res.json()) as ContactSheetRowsDto).toEqual({
      rows: [
        { row: 2, name: 'Daniel Lima', number: '5511930000002', email: 'daniel@x.test' },
        { row: 3, name: 'Eva', number: '+55 (11) 93000-0003', email: 'eva@x.test' },
        { row: 5, name: 'X', number: '123', email: 'ruim' },
        { row: 6, name: 'Só Nome', number: '', email: '' },
      ],
    });
    expect(await count(shop.agentToken)).toBe(before);
  });

  it('reads a legacy .xls too', async () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([['Xavier Antigo', 5511930000020]]),
      'Planilha',
    );
    const xls = Buffer.from(XLSX.write(book, { type: 'buffer', bookType: 'biff8' }));
    const res = await readRows(shop.agentToken, xls, 'antigo.xls');
    expect(await res.json()).toEqual({
      rows: [{ row: 1, name: 'Xavier Antigo', number: '5511930000020', email: '' }],
    });
  });

  it('refuses anything but a spreadsheet, and no file at all, naming `file`', async () => {
    const csv = await readRows(shop.agentToken, 'name,number\nAna,5511930000030\n', 'lista.csv');
    expect(csv.status).toBe(400);
    expect(await csv.json()).toEqual({
      error: 'ERR_VALIDATION',
      fields: [{ path: 'file', message: 'Only .xlsx and .xls spreadsheets are accepted' }],
    });
    const none = await fetch(`${host.url}/api/contacts/upload/rows`, {
      method: 'POST',
      headers: { authorization: `Bearer ${shop.agentToken}` },
      body: new FormData(),
    });
    expect(await none.json()).toEqual({
      error: 'ERR_VALIDATION',
      fields: [{ path: 'file', message: 'Required' }],
    });
  });

  it('needs a signed-in user', async () => {
    const res = await readRows('', await xlsx([['Ana Anônima', '5511930000040']]), 'a.xlsx');
    expect(res.status).toBe(401);
  });

  it('its rows posted one by one import the good ones, each bad one says why, and the others go on', async () => {
    const file = await xlsx([
      ['Nova Pessoa', '5511930000050', 'nova@x.test'],
      ['Y', '5511930000051', 'nao-e-email'],
      ['Já Existe Renomeado', '5511930000001', ''],
      ['Outra Nova', '5511930000052', ''],
    ]);
    const { rows } = (await (
      await readRows(shop.agentToken, file, 'lote.xlsx')
    ).json()) as ContactSheetRowsDto;
    const answers: { row: number; status: number; body: unknown }[] = [];
    for (const { row, ...fields } of rows) {
      const res = await host.request('/api/contactsImport', { token: shop.agentToken, body: fields });
      answers.push({ row, status: res.status, body: await res.json() });
    }
    expect(answers.map((a) => [a.row, a.status])).toEqual([
      [1, 201],
      [2, 400],
      [3, 200],
      [4, 201],
    ]);
    expect(answers[1].body).toEqual({
      error: 'ERR_VALIDATION',
      fields: [
        { path: 'name', message: 'Too Short!' },
        { path: 'email', message: 'Invalid email' },
      ],
    });
    // An existing number is updated, its e-mail kept when the row has none.
    expect(answers[2].body as ContactDto).toMatchObject({
      name: 'Já Existe Renomeado',
      email: 'antes@x.test',
    });
    const found = await host.request('/api/contacts?searchParam=Nova', { token: shop.agentToken });
    const names = ((await found.json()).contacts as ContactDto[]).map((c) => c.name);
    expect(names).toEqual(['Nova Pessoa', 'Outra Nova']);
  });
});
