import { createTestHost, type TestHost } from '@balcao/testing';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';

/** A bcrypt password (bcryptjs, cost 8) is rewritten as argon2id at the next successful login, and still works. */
const COST_8_SEGREDO = '$2b$08$hTElKAYdsOGRUtDMkf6Eh.gf/M1UqWyobHs/r0o2o0epQtMgQWYBy';

let host: TestHost;
let db: pg.Client;
beforeAll(async () => {
  host = await createTestHost();
  db = new pg.Client({ connectionString: host.databaseUrl });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
  await host?.stop();
});

it('a login with an old bcrypt hash succeeds and leaves an argon2id hash', async () => {
  await db.query('update users set password_hash = $1 where email = $2', [COST_8_SEGREDO, host.admin.email]);
  const wrong = await host.request('/api/auth/login', {
    body: { email: host.admin.email, password: 'nope' },
  });
  expect(wrong.status).toBe(401);
  const stillOld = await db.query('select password_hash from users where email = $1', [host.admin.email]);
  expect(stillOld.rows[0].password_hash).toBe(COST_8_SEGREDO);

  await host.login(host.admin.email, 'segredo');
  const after = await db.query('select password_hash from users where email = $1', [host.admin.email]);
  expect(after.rows[0].password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  // The new hash is of the same password: the next login still works.
  await host.login(host.admin.email, 'segredo');
});
