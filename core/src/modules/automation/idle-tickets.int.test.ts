import type { ConnectionDto } from '@balcao/sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from '../../testing/attendance-fixtures.js';
import { type ConversationScript, startConversationScript } from '../../testing/conversation-script.js';

/**
 * The idle-ticket timers (docs/automation.md "Idle tickets"): scripted conversations on the fake WhatsApp, the manual
 * clock moved forward and the `automation:idle-tickets` job run at its time; what the contact hears and where the
 * ticket stands after each run. Messages carry the database's time, so the clock starts at the real now.
 */

const M = '\u200e';
const MINUTE = 60_000;
const JOB = 'automation:idle-tickets';
let s: ConversationScript;
let seq = 0;

beforeAll(async () => {
  s = await startConversationScript(new Date().toISOString());
});
afterAll(() => s?.host.stop());
// Each conversation starts at the real now (an earlier one moved the clock hours ahead).
beforeEach(() => s.clock.set(new Date()));

/** The clock `minutes` later, then one run of the job. */
async function later(minutes: number): Promise<void> {
  s.clock.advance(minutes * MINUTE);
  await s.host.runJob(JOB, { companyId: s.companyId });
}

/** A connection with one queue (so the ticket needs no menu) and the given timers. */
async function connection(timers: Record<string, unknown>): Promise<ConnectionDto> {
  seq += 1;
  const queue = await s.queue(`Idle ${seq}`, seq);
  return s.connection({ name: `Idle ${seq}`, queueIds: [queue], expiresTicket: 0, ...timers });
}

/** The contact writes and an attendant (the admin) accepts the ticket and answers. */
async function openTicket(conn: ConnectionDto, number: string): Promise<number> {
  const id = await s.say(conn, number, 'Oi, preciso de ajuda');
  await s.api(`/api/tickets/${id}`, { method: 'PUT', body: { status: 'open', userId: s.userId } });
  await s.api(`/api/messages/${id}`, { body: { body: 'Olá! Em que posso ajudar?' } });
  return id;
}

const logs = async (id: number) =>
  (await s.api<{ type: string; bot?: string | null }[]>(`/api/tickets-log/${id}`)).map((l) => l.type);

describe('idle tickets', () => {
  it('warns after timeInactiveMessage minutes, once; closes expiresTicket hours after that with its text, log autoClose', async () => {
    const conn = await connection({
      expiresTicket: 1,
      timeInactiveMessage: 30,
      inactiveMessage: 'Ainda está aí, {{firstName}}?',
      expiresInactiveMessage: 'Encerramos por falta de resposta.',
    });
    const id = await openTicket(conn, '5511922220001');
    const before = (await s.heard(id)).length;

    await later(29);
    expect(await s.heard(id)).toHaveLength(before);
    await later(2);
    expect((await s.heard(id)).slice(before)).toEqual([`${M}Ainda está aí, Maria?`]);
    await later(5); // warned already: not again
    expect((await s.heard(id)).slice(before)).toHaveLength(1);

    // 60 + 30 minutes after the contact's message: closed, the goodbye sent first.
    await later(50);
    expect((await s.state(id)).status).toBe('open');
    await later(5);
    expect((await s.heard(id)).slice(before)).toEqual([
      `${M}Ainda está aí, Maria?`,
      `${M}Encerramos por falta de resposta.`,
    ]);
    expect(await s.state(id)).toMatchObject({ status: 'closed', unreadMessages: 0 });
    expect((await logs(id)).at(-1)).toBe('autoClose');
  });

  it('an answer after the warning starts the count again; a second warning comes only after a new silence', async () => {
    const conn = await connection({ timeInactiveMessage: 10, inactiveMessage: 'Ainda está aí?' });
    const id = await openTicket(conn, '5511922220002');
    const before = (await s.heard(id)).length;
    await later(11);
    expect((await s.heard(id)).slice(before)).toEqual([`${M}Ainda está aí?`]);

    s.clock.advance(MINUTE);
    await s.say(conn, '5511922220002', 'Sim, estou aqui');
    // The contact's answer carries the database's time: the clock starts again from the real now.
    s.clock.set(new Date());
    await later(5);
    expect((await s.heard(id)).slice(before)).toHaveLength(1);
    const [{ inactive_warning_id }] = await sql<{ inactive_warning_id: string | null }>(
      s.host,
      'select inactive_warning_id from tickets where id = $1',
      [id],
    );
    expect(inactive_warning_id).toBeNull();
    await later(6);
    expect((await s.heard(id)).slice(before)).toEqual([`${M}Ainda está aí?`, `${M}Ainda está aí?`]);
    // No expiresTicket on this connection: warned, never closed.
    await later(24 * 60);
    expect((await s.state(id)).status).toBe('open');
  });

  it('without a warning, closes an open ticket expiresTicket hours after the contact last wrote; pending tickets stay', async () => {
    const conn = await connection({ expiresTicket: 2 });
    const open = await openTicket(conn, '5511922220003');
    const pending = await s.say(conn, '5511922220004', 'Olá?');
    const heardOpen = (await s.heard(open)).length;
    await later(119);
    expect((await s.state(open)).status).toBe('open');
    await later(2);
    expect((await s.state(open)).status).toBe('closed');
    // No expiresInactiveMessage: closed in silence.
    expect(await s.heard(open)).toHaveLength(heardOpen);
    expect((await s.state(pending)).status).toBe('pending');
  });

  it("whenExpiresTicket '1' counts from our last word, and not while the contact waits for an answer", async () => {
    const conn = await connection({ expiresTicket: 1, whenExpiresTicket: '1' });
    const waitingForUs = await s.say(conn, '5511922220005', 'Olá');
    // Accepting sends the greeting (our word); the contact's question after it waits for an attendant.
    await s.api(`/api/tickets/${waitingForUs}`, {
      method: 'PUT',
      body: { status: 'open', userId: s.userId },
    });
    await s.say(conn, '5511922220005', 'Alguém?');
    const answered = await openTicket(conn, '5511922220006');
    await later(61);
    expect((await s.state(waitingForUs)).status).toBe('open');
    expect((await s.state(answered)).status).toBe('closed');
  });

  it('moves a pending ticket with no queue to sendIdQueue after timeSendQueue minutes, silently; log redirect', async () => {
    const vendas = await s.queue('Vendas idle', 90);
    const suporte = await s.queue('Suporte idle', 91);
    const conn = await s.connection({
      name: 'Idle menu',
      greetingMessage: 'Escolha:',
      queueIds: [vendas, suporte],
      expiresTicket: 0,
      timeSendQueue: 15,
      sendIdQueue: suporte,
    });
    const id = await s.say(conn, '5511922220007', 'Oi');
    const heard = (await s.heard(id)).length;
    expect(await s.state(id)).toMatchObject({ status: 'pending', queueId: null, isBot: true });
    await later(14);
    expect((await s.state(id)).queueId).toBeNull();
    await later(2);
    expect(await s.state(id)).toMatchObject({
      status: 'pending',
      queueId: suporte,
      isBot: false,
      userId: null,
    });
    expect(await s.heard(id)).toHaveLength(heard);
    expect((await logs(id)).at(-1)).toBe('redirect');
  });

  it('the job is a durable agenda job: registered to run every minute, it survives in agenda_jobs', async () => {
    const [job] = await sql<{ repeat_interval: string }>(
      s.host,
      'select repeat_interval from agenda_jobs where name = $1',
      [JOB],
    );
    expect(job?.repeat_interval).toBe('1 minute');
  });
});
