import type { ConnectionDto } from '@balcao/sdk';
import { createTestHost, type TestHost } from '@balcao/testing';
import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../testing/attendance-fixtures.js';
import { Connection } from './connection.entity.js';
import { connectionFactsJsonSql, toConnectionFacts } from './connection-facts.js';

let host: TestHost;
let connection: ConnectionDto;

beforeAll(async () => {
  host = await createTestHost();
  const { token } = await host.login(host.admin.email, host.admin.password);
  connection = (await (
    await host.request('/api/whatsapp', { token, body: { name: 'Fatos', channel: 'webchat' } })
  ).json()) as ConnectionDto;
  // Every fact set to a value of its own, so a column read into the wrong property shows.
  await sql(
    host,
    `update whatsapps set bot_engine = 'typebot', integration_id = 71, prompt_id = 72, greeting_message = 'Olá',
       greeting_media_attachment = 'midia.png', lgpd_message = 'Consentimento', lgpd_link = 'https://x.test/lgpd',
       out_of_hours_message = 'Fechado', max_use_bot_queues = 4, time_use_bot_queues = 5,
       schedules = '[{"weekday":"segunda-feira","weekdayEn":"monday","startTime":"08:00","endTime":"18:00"}]',
       rating_message = 'Avalie', complation_message = 'Até logo', expires_ticket_nps = 6,
       max_use_bot_queues_nps = 7
     where id = $1`,
    [connection.id],
  );
});
afterAll(() => host?.stop());

describe("a connection's facts read by a bot turn's lease statement", () => {
  it('are the entity’s values, property by property', async () => {
    const [own] = await sql<{ company_id: number }>(host, 'select company_id from whatsapps where id = $1', [
      connection.id,
    ]);
    const [{ facts }] = await sql<{ facts: Record<string, unknown> }>(
      host,
      `select ${connectionFactsJsonSql('$1::int', '$2::int')} as facts`,
      [connection.id, own.company_id],
    );
    const plain = toConnectionFacts(facts);
    const entity = await host
      .resolve<MikroORM>('orm')
      .em.fork()
      .findOneOrFail(Connection, { id: connection.id }, { filters: false });
    const picked = Object.fromEntries(Object.keys(plain).map((k) => [k, entity[k as keyof typeof entity]]));
    expect(plain).toEqual(picked);
    expect(plain).toMatchObject({ botEngine: 'typebot', integrationId: 71, maxUseBotQueuesNps: 7 });
    expect(Object.keys(plain)).toHaveLength(18);
  });

  it("are none for another company's connection", async () => {
    const [{ facts }] = await sql<{ facts: unknown }>(
      host,
      `select ${connectionFactsJsonSql('$1::int', '$2::int')} as facts`,
      [connection.id, 999_999],
    );
    expect(facts).toBeNull();
  });
});
