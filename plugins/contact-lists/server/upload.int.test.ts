import { connectSocket, createTestHost, type TestHost } from '@balcao/testing';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import contactLists from './index.js';
import { call, campaignsTenant, uploadSheet, xlsxOf } from './test-fixtures.js';

let host: TestHost;
let shop: Awaited<ReturnType<typeof campaignsTenant>>;

beforeAll(async () => {
  host = await createTestHost({ plugins: [contactLists] });
  const superToken = (await host.login(host.admin.email, host.admin.password)).token;
  shop = await campaignsTenant(host, superToken, 'Planilha Loja');
});
afterAll(() => host?.stop());

const upload = (listId: number, data: Buffer, fileName = 'lista.xlsx') =>
  uploadSheet(host, shop.adminToken, listId, data, fileName);

const newList = async (name: string) =>
  (await call(host, '/api/contact-lists', { token: shop.adminToken, body: { name } })).body as { id: number };

describe('spreadsheet upload', () => {
  it('imports the good rows and says why each other row was refused, with progress and a reload on the socket', async () => {
    const list = await newList('Planilha');
    await call(host, '/api/contact-list-items', {
      token: shop.adminToken,
      body: { contactListId: list.id, name: 'Já Estava', number: '5511999990010' },
    });
    const sheet = await xlsxOf([
      ['Nome', 'Número', 'Email'],
      ['Ana Souza', '+55 (11) 99999-0001', 'ana@x.com'],
      ['B', '5511999990002', ''],
      ['Carla', '123', ''],
      ['Davi', '5511999990003', 'não-é-email'],
      ['Ana de Novo', '5511999990001', ''],
      ['Eva', '551199990010', ''], // the ninth-digit twin of a number already in the list
      ['Fábio', '5521988880004', ''],
    ]);
    const socket = await connectSocket(host, shop.agentToken);
    try {
      const res = await upload(list.id, sheet);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ imported: 2, refused: 5 });
      expect(
        res.body.errors.map((e: { row: number; field: string; message: string }) => [
          e.row,
          e.field,
          e.message,
        ]),
      ).toEqual([
        [3, 'name', 'Too Short!'],
        [4, 'number', 'Too Short!'],
        [5, 'email', 'Invalid email'],
        [6, 'number', 'Repeated in the sheet'],
        [7, 'number', 'Already in the list'],
      ]);
      expect(res.body.errors[0].values).toEqual({ name: 'B', number: '5511999990002', email: '' });
      const progress = await socket.waitFor(
        `company-${shop.companyId}-ContactListItem`,
        (d) => (d as { action: string }).action === 'progress',
      );
      expect(progress.data).toEqual({ action: 'progress', contactListId: list.id, done: 7, total: 7 });
      const reload = await socket.waitFor(
        `company-${shop.companyId}-ContactListItem`,
        (d) => (d as { action: string }).action === 'reload',
      );
      expect(reload.data).toEqual({ action: 'reload', contactListId: list.id });
    } finally {
      socket.close();
    }
    const items = await call(host, `/api/contact-list-items?contactListId=${list.id}`, {
      token: shop.adminToken,
    });
    expect(items.body.contacts.map((c: { number: string }) => c.number).sort()).toEqual([
      '5511999990001',
      '5511999990010',
      '5521988880004',
    ]);
  });

  it('reads a long sheet in batches: a number repeated batches later is still refused, progress per batch', async () => {
    const list = await newList('Planilha longa');
    // 2,500 rows: three batches of the reader (1,000 rows each); row 2,400 repeats row 7, row 2,450 is bad.
    const rows = Array.from({ length: 2500 }, (_, i) => [
      `Pessoa ${i + 1}`,
      `55119${String(i + 1).padStart(8, '0')}`,
    ]);
    rows[2399] = ['Repetida', rows[6][1]];
    rows[2449] = ['Curta', '12'];
    const socket = await connectSocket(host, shop.agentToken);
    try {
      const res = await upload(list.id, await xlsxOf(rows));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        imported: 2498,
        refused: 2,
        errors: [
          {
            row: 2400,
            field: 'number',
            message: 'Repeated in the sheet',
            values: { name: 'Repetida', number: rows[6][1], email: '' },
          },
          {
            row: 2450,
            field: 'number',
            message: 'Too Short!',
            values: { name: 'Curta', number: '12', email: '' },
          },
        ],
      });
      const channel = `company-${shop.companyId}-ContactListItem`;
      const ofList = (d: unknown, action: string) =>
        (d as { action: string; contactListId: number }).action === action &&
        (d as { contactListId: number }).contactListId === list.id;
      await socket.waitFor(channel, (d) => ofList(d, 'reload'));
      const frames = socket.frames
        .filter((f) => f.channel === channel && ofList(f.data, 'progress'))
        .map((f) => f.data);
      expect(frames).toEqual(
        [1000, 2000, 2500].map((done) => ({ action: 'progress', contactListId: list.id, done, total: 2500 })),
      );
    } finally {
      socket.close();
    }
    const stored = await call(host, `/api/contact-lists/${list.id}`, { token: shop.adminToken });
    expect(stored.body.contactsCount).toBe(2498);
  });

  it('imports a legacy .xls as an .xlsx, numbers written as Excel numbers included', async () => {
    const list = await newList('Planilha antiga');
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([
        ['Nome', 'Número', 'Email'],
        ['Irene Velha', 5511999990021, 'irene@x.com'],
        ['Jonas', '55 (21) 98888-0022', ''],
        ['K', '5511999990023', ''],
      ]),
      'Contatos',
    );
    const xls = Buffer.from(XLSX.write(book, { type: 'buffer', bookType: 'biff8' }));
    expect(xls.subarray(0, 4).toString('hex')).toBe('d0cf11e0'); // a real BIFF8 (OLE) file, not a zip
    const res = await upload(list.id, xls, 'antiga.xls');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      imported: 2,
      refused: 1,
      errors: [
        {
          row: 4,
          field: 'name',
          message: 'Too Short!',
          values: { name: 'K', number: '5511999990023', email: '' },
        },
      ],
    });
    const items = await call(host, `/api/contact-list-items?contactListId=${list.id}`, {
      token: shop.adminToken,
    });
    expect(items.body.contacts.map((c: { name: string; number: string }) => [c.name, c.number])).toEqual([
      ['Irene Velha', '5511999990021'],
      ['Jonas', '5521988880022'],
    ]);
  });

  it('refuses what is not a spreadsheet, a missing file and an unknown list', async () => {
    const list = await newList('Recusas');
    const csv = await upload(list.id, Buffer.from('Ana,5511999990001\n'), 'lista.csv');
    expect(csv.status).toBe(400);
    expect(csv.body.fields).toEqual([
      { path: 'file', message: 'Only .xlsx and .xls spreadsheets are accepted' },
    ]);
    const none = await fetch(`${host.url}/api/contact-lists/${list.id}/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${shop.adminToken}` },
      body: new FormData(),
    });
    expect(none.status).toBe(400);
    const unknown = await upload(2147483647, await xlsxOf([['Ana', '5511999990001']]));
    expect(unknown).toEqual({ status: 404, body: { error: 'contact-lists:ERR_NO_CONTACT_LIST_FOUND' } });
  });

  it('offers the sample sheet, which imports as it is', async () => {
    const sample = await call(host, '/api/contact-lists/sample', { token: shop.agentToken });
    expect(sample.body.fileName).toMatch(/\.xlsx$/);
    const list = await newList('Modelo');
    const res = await upload(list.id, Buffer.from(sample.body.base64, 'base64'));
    expect(res.body).toEqual({ imported: 2, refused: 0, errors: [] });
  });
});
