import { createTestHost, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xlsxBomb, xlsxOf } from '../../testing/spreadsheet-files.js';
import { type TenantWithAgent, tenantWithAgent } from '../../testing/tenant-fixtures.js';

// Issue 23 item 3: the spreadsheet import is bounded (unzipped size, rows, answer size); issue 24: repeats reported.

let host: TestHost;
let shop: TenantWithAgent;

function upload(path: string, content: Buffer, filename = 'contatos.xlsx'): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)]), filename);
  return fetch(`${host.url}/api${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${shop.agentToken}` },
    body: form,
  });
}

beforeAll(async () => {
  host = await createTestHost({ env: { SPREADSHEET_MAX_UNZIPPED_MB: '1', SPREADSHEET_MAX_ROWS: '150' } });
  const superToken = (await host.login(host.admin.email, host.admin.password)).token;
  shop = await tenantWithAgent(host, superToken, 'Limites Loja');
});
afterAll(() => host?.stop());

describe('spreadsheet bounds', () => {
  it('refuses a zip bomb with 413 ERR_SPREADSHEET_TOO_LARGE on both import routes', async () => {
    const bomb = await xlsxBomb(8 * 1024 * 1024);
    for (const path of ['/contacts/upload', '/contacts/upload/rows']) {
      const res = await upload(path, bomb);
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({ error: 'ERR_SPREADSHEET_TOO_LARGE' });
    }
  });

  it('refuses a sheet past the row limit, saying the limit, and imports nothing of it', async () => {
    const rows = Array.from({ length: 151 }, (_, i) => [
      `Linha ${i}`,
      `55119500${String(i).padStart(5, '0')}`,
    ]);
    const res = await upload('/contacts/upload', await xlsxOf(rows));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: 'ERR_SPREADSHEET_TOO_LARGE', maxRows: 150 });
    const found = await host.request('/api/contacts?searchParam=Linha', { token: shop.agentToken });
    expect((await found.json()).count).toBe(0);
  });

  it('lists at most 100 row errors and counts the rest, never echoing the whole sheet', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => [
      `Ruim ${i}`,
      `55119600${String(i).padStart(5, '0')}`,
      'x',
    ]);
    const res = await upload('/contacts/upload', await xlsxOf([['Nome', 'Número', 'Email'], ...rows]));
    const summary = await res.json();
    expect(summary.errors).toHaveLength(100);
    expect(summary.omittedErrors).toBe(20);
    expect(summary.errors[0]).toMatchObject({ row: 2, field: 'email', message: 'Invalid email' });
  });

  it('marks a row whose number an earlier row has, however it is written (issue 24)', async () => {
    const file = await xlsxOf([
      ['Ana', '5511970000001'],
      ['Bia', '5511970000002'],
      ['Ana de novo', '+55 (11) 97000-0001'],
    ]);
    const res = await upload('/contacts/upload/rows', file);
    expect(await res.json()).toEqual({
      rows: [
        { row: 1, name: 'Ana', number: '5511970000001', email: '' },
        { row: 2, name: 'Bia', number: '5511970000002', email: '' },
        { row: 3, name: 'Ana de novo', number: '+55 (11) 97000-0001', email: '', repeatOf: 1 },
      ],
    });
  });
});
