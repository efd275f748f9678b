import { createTestHost, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneConnection, sql } from '../../testing/attendance-fixtures.js';

/**
 * The history import's ninth-digit rule at the SQL level (balcao_ingest_history v2 on, issue 13 identity): an imported
 * message of a Brazilian mobile finds the contact stored with or without the ninth digit, exactly as live ingest does
 * (the one function balcao_number_twin); landlines, other countries and numbers stored in both forms are left alone.
 */
let host: TestHost;
let whatsappId: number;
let seq = 0;

beforeAll(async () => {
  host = await createTestHost();
  const { token } = await host.login(host.admin.email, host.admin.password);
  whatsappId = (await phoneConnection(host, token, 'Historico nono')).id;
});
afterAll(() => host?.stop());

/** One imported message through balcao_ingest_history, as history-ingest.ts calls it (company 1). */
async function imported(number: string, body: string) {
  seq += 1;
  const [row] = await sql<{ outcome: string; ticket_id: number; ticket_created: boolean }>(
    host,
    `select outcome, ticket_id, ticket_created from balcao_ingest_history(jsonb_build_array(jsonb_build_array(
       1, $1::int, 'whatsapp', $2::text, $3::text, false, 'pending', $4::text, $5::text, false, 'chat', null,
       now() - interval '3 days', $5::text, null, true, null)))`,
    [whatsappId, number, `Cliente ${number}`, `nine-${seq}`, body],
  );
  return row;
}

const contactsNumbered = (numbers: string[]) =>
  sql<{ number: string; messages: string }>(
    host,
    `select c.number, (select count(*) from messages m where m.contact_id = c.id) as messages
       from contacts c where c.company_id = 1 and c.number = any($1) order by c.id`,
    [numbers],
  );

/** A contact stored as live ingest (or an attendant) left it, before the import. */
const stored = (number: string) =>
  sql(host, `insert into contacts (company_id, channel, number, name) values (1, 'whatsapp', $1, $1)`, [
    number,
  ]);

describe('balcao_number_twin', () => {
  it('answers the other form of a Brazilian mobile, and any other number unchanged', async () => {
    const [r] = await sql<Record<string, string>>(
      host,
      `select balcao_number_twin('5531988881111') as with9, balcao_number_twin('553188881111') as without9,
              balcao_number_twin('553132221111') as landline, balcao_number_twin('351912345678') as portugal,
              balcao_number_twin('123456789012345') as lid`,
    );
    expect(r).toEqual({
      with9: '553188881111',
      without9: '5531988881111',
      landline: '553132221111',
      portugal: '351912345678',
      lid: '123456789012345',
    });
  });
});

describe('a history import of a Brazilian mobile number', () => {
  it('finds the contact stored without the ninth digit when the import has it', async () => {
    await stored('553188884444');
    const first = await imported('5531988884444', 'com o nove');
    expect(first.outcome).toBe('stored');
    expect(await contactsNumbered(['553188884444', '5531988884444'])).toEqual([
      { number: '553188884444', messages: '1' },
    ]);
  });

  it('finds the contact stored with the ninth digit when the import lacks it, in the same ticket', async () => {
    await stored('5521977775555');
    const first = await imported('552177775555', 'sem o nove');
    const second = await imported('5521977775555', 'com o nove');
    expect(second.ticket_id).toBe(first.ticket_id);
    expect(first.ticket_created).toBe(true);
    expect(second.ticket_created).toBe(false);
    expect(await contactsNumbered(['552177775555', '5521977775555'])).toEqual([
      { number: '5521977775555', messages: '2' },
    ]);
  });

  it('stores a new contact as the channel sent it, and its twin joins it', async () => {
    await imported('5511966667777', 'novo');
    await imported('551166667777', 'o mesmo');
    expect(await contactsNumbered(['5511966667777', '551166667777'])).toEqual([
      { number: '5511966667777', messages: '2' },
    ]);
  });

  it('leaves a landline and another country’s numbers apart', async () => {
    await imported('553132226666', 'fixo');
    await imported('5531932226666', 'celular');
    expect(await contactsNumbered(['553132226666', '5531932226666'])).toEqual([
      { number: '553132226666', messages: '1' },
      { number: '5531932226666', messages: '1' },
    ]);
    await imported('351912348888', 'Portugal');
    await imported('3519912348888', 'outro');
    expect(await contactsNumbered(['351912348888', '3519912348888'])).toEqual([
      { number: '351912348888', messages: '1' },
      { number: '3519912348888', messages: '1' },
    ]);
  });

  it('leaves both forms alone when both are stored already: each message goes to its exact number', async () => {
    await stored('551177779999');
    await stored('5511977779999');
    await imported('5511977779999', 'para o com nove');
    await imported('551177779999', 'para o sem nove');
    await imported('551177779999', 'de novo sem');
    expect(await contactsNumbered(['551177779999', '5511977779999'])).toEqual([
      { number: '551177779999', messages: '2' },
      { number: '5511977779999', messages: '1' },
    ]);
  });
});
