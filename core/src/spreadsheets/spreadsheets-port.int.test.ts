import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { definePlugin, validate } from '@balcao/sdk';
import { createTestHost, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { xlsxBomb, xlsxOf } from '../testing/spreadsheet-files.js';
import { type TenantWithAgent, tenantWithAgent } from '../testing/tenant-fixtures.js';

/** A plugin reading a contact list through SpreadsheetsPort (the file is one the test wrote, as an upload would be). */
const lists = definePlugin({
  name: 'lists',
  requires: ['spreadsheets'],
  routes(router) {
    router.post('/lists/read', async (ctx) => {
      const { name } = validate(z.object({ name: z.string().regex(/^[a-z]+\.xlsx$/) }), ctx.request.body);
      const filepath = path.join(host.dataDir, name);
      ctx.body = await ctx.state.deps.spreadsheets.readRows({ filepath }, { columns: 2 });
    });
    router.post('/lists/batches', async (ctx) => {
      const { name } = validate(z.object({ name: z.string().regex(/^[a-z]+\.xlsx$/) }), ctx.request.body);
      const filepath = path.join(host.dataDir, name);
      const batches: { rows: number[]; total: number }[] = [];
      const total = await ctx.state.deps.spreadsheets.readBatches(
        { filepath },
        { columns: 1, batchSize: 2 },
        async (rows, all) => {
          batches.push({ rows: rows.map((r) => r.row), total: all });
        },
      );
      ctx.body = { total, batches };
    });
  },
});

let host: TestHost;
let shop: TenantWithAgent;

beforeAll(async () => {
  host = await createTestHost({ plugins: [lists], env: { SPREADSHEET_MAX_UNZIPPED_MB: '1' } });
  const superToken = (await host.login(host.admin.email, host.admin.password)).token;
  shop = await tenantWithAgent(host, superToken, 'Listas Loja');
});
afterAll(() => host?.stop());

describe('SpreadsheetsPort', () => {
  it("gives a plugin the sheet's rows within the platform's bounds", async () => {
    writeFileSync(path.join(host.dataDir, 'lista.xlsx'), await xlsxOf([['Ana', '5511999990001', 'x']]));
    const ok = await host.request('/api/lists/read', {
      token: shop.adminToken,
      body: { name: 'lista.xlsx' },
    });
    expect(await ok.json()).toEqual([{ row: 1, cells: ['Ana', '5511999990001'] }]);
    writeFileSync(path.join(host.dataDir, 'bomba.xlsx'), await xlsxBomb(4 * 1024 * 1024));
    const bomb = await host.request('/api/lists/read', {
      token: shop.adminToken,
      body: { name: 'bomba.xlsx' },
    });
    expect(bomb.status).toBe(413);
    expect(await bomb.json()).toEqual({ error: 'ERR_SPREADSHEET_TOO_LARGE' });
  });

  it('hands a plugin the rows in batches', async () => {
    writeFileSync(
      path.join(host.dataDir, 'lote.xlsx'),
      await xlsxOf([['Ana', '1'], ['Bia', '2'], [], ['Caio', '3']]),
    );
    const res = await host.request('/api/lists/batches', {
      token: shop.adminToken,
      body: { name: 'lote.xlsx' },
    });
    expect(await res.json()).toEqual({
      total: 3,
      batches: [
        { rows: [1, 2], total: 3 },
        { rows: [4], total: 3 },
      ],
    });
  });
});
