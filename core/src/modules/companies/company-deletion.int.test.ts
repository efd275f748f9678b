import { existsSync } from 'node:fs';
import path from 'node:path';
import { definePlugin } from '@balcao/sdk';
import { defineEntity, Migration, tenantFilter } from '@balcao/sdk/orm';
import { createTenant, createTestHost, type TestHost } from '@balcao/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** A plugin's own table with no foreign key to companies: only its `company.deleted` subscriber can clear it. */
const LedgerNote = defineEntity({
  name: 'LedgerNote',
  tableName: 'ledger_notes',
  filters: tenantFilter,
  properties: (p) => ({ id: p.integer().primary().autoincrement(), companyId: p.integer(), body: p.text() }),
});
class MigrationLedgerNotes extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create table ledger_notes (id serial primary key, company_id int not null, body text not null);',
    );
  }
}
/** Its flag is one the deleted company's plan lacks: deletion must reach it all the same. */
const ledger = definePlugin({
  name: 'ledger',
  planFlag: 'useKanban',
  requires: ['em'],
  entities: [LedgerNote],
  migrations: [{ name: '0001-notes', class: MigrationLedgerNotes }],
  subscribers: [
    {
      event: 'company.deleted',
      handler: async ({ companyId }, { em }) => {
        await em.nativeDelete(LedgerNote, { companyId });
      },
    },
  ],
});

let host: TestHost;
let superToken: string;
let db: pg.Client;
const count = async (sql: string, companyId: number) =>
  Number((await db.query<{ n: string }>(sql, [companyId])).rows[0].n);

beforeAll(async () => {
  host = await createTestHost({ plugins: [ledger] });
  superToken = (await host.login(host.admin.email, host.admin.password)).token;
  db = new pg.Client({ connectionString: host.databaseUrl });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
  await host?.stop();
});

describe('deleting a company (super user)', () => {
  it('removes its core rows, its plugin rows (through company.deleted) and its stored media; others keep theirs', async () => {
    const doomed = await createTenant(host, superToken, { name: 'Loja Apagada' });
    const kept = await createTenant(host, superToken, { name: 'Loja Mantida' });
    const me = await host.login(doomed.email, doomed.password);
    const adminToken = me.token;
    const contact = await host.request('/api/contacts', {
      token: adminToken,
      body: { name: 'Cliente', number: '5511988887777' },
    });
    expect(contact.status).toBe(201);
    for (const c of [doomed, kept])
      await db.query('insert into ledger_notes (company_id, body) values ($1, $2)', [c.companyId, 'nota']);
    const dataDir = host.resolve<{ dataDir: string }>('config').dataDir;
    const media = path.join(dataDir, 'media', `company${doomed.companyId}`);
    const upload = new FormData();
    upload.append(
      'profileImage',
      new Blob([Buffer.from('89504e470d0a1a0a', 'hex')], { type: 'image/png' }),
      'a.png',
    );
    const stored = await fetch(`${host.url}/api/users/${me.user.id}/media-upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}` },
      body: upload,
    });
    expect(stored.status).toBe(200);
    expect(existsSync(media)).toBe(true);

    const res = await host.request(`/api/companies/${doomed.companyId}`, {
      method: 'DELETE',
      token: superToken,
    });
    expect(res.status).toBe(204);

    const id = doomed.companyId;
    expect(await count('select count(*) as n from companies where id = $1', id)).toBe(0);
    expect(await count('select count(*) as n from users where company_id = $1', id)).toBe(0);
    expect(await count('select count(*) as n from contacts where company_id = $1', id)).toBe(0);
    expect(await count('select count(*) as n from company_settings where company_id = $1', id)).toBe(0);
    // The subscribers ran before the answer (the bus awaits them).
    expect(await count('select count(*) as n from ledger_notes where company_id = $1', id)).toBe(0);
    expect(existsSync(media)).toBe(false);
    expect(await count('select count(*) as n from ledger_notes where company_id = $1', kept.companyId)).toBe(
      1,
    );
    expect(await count('select count(*) as n from users where company_id = $1', kept.companyId)).toBe(1);
    // Its admin can no longer sign in, and its token no longer opens anything.
    const login = await host.request('/api/auth/login', {
      body: { email: doomed.email, password: doomed.password },
    });
    expect(login.status).toBe(401);
    expect((await host.request('/api/contacts', { token: adminToken })).status).toBe(401);
  });

  it('never deletes company 1, the platform: 400 ERR_PLATFORM_COMPANY', async () => {
    const res = await host.request('/api/companies/1', { method: 'DELETE', token: superToken });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'ERR_PLATFORM_COMPANY' });
    expect(await count('select count(*) as n from companies where id = $1', 1)).toBe(1);
  });

  it('answers 404 for a company that does not exist and 400 for an id past the int range', async () => {
    const gone = await host.request('/api/companies/999999', { method: 'DELETE', token: superToken });
    expect(gone.status).toBe(404);
    const huge = await host.request('/api/companies/2147483648', { method: 'DELETE', token: superToken });
    expect(huge.status).toBe(400);
  });
});
