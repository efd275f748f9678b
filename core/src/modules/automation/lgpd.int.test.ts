import { type ConnectionDto, defaultWeeklySchedule } from '@balcao/sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from '../../testing/attendance-fixtures.js';
import { type ConversationScript, startConversationScript } from '../../testing/conversation-script.js';

/**
 * The LGPD consent flow (peer §6), scripted on the fake WhatsApp: what the contact hears after each message and
 * where the ticket stands, for each rule.
 */

const M = '\u200e';
let s: ConversationScript;
let vendas: number;
let conn: ConnectionDto;
const PROMPT = [
  `${M}Olá, Maria! A Loja Centro trata seus dados conforme a LGPD.`,
  `${M}https://loja.test/privacidade`,
  `${M}Estou ciente sobre o tratamento dos meus dados pessoais.\n\n*[1]* Sim\n*[2]* Não`,
];
const MENU = `${M}Bem-vinda, Maria!\n\n*[ 1 ]* - Suporte\n*[ 2 ]* - Vendas\n\n*[ Sair ]* - Encerrar atendimento`;
const BYE = `${M}Até logo, Maria.`;

const logsOf = async (id: number) =>
  (await s.api<{ type: string; bot?: string | null }[]>(`/api/tickets-log/${id}`)).map((l) => [
    l.type,
    l.bot ?? null,
  ]);
const contactOf = async (ticketId: number) => {
  const [row] = await sql<{ id: number; contact_at: Date | null; ticket_at: Date | null }>(
    s.host,
    `select c.id, c.lgpd_accepted_at as contact_at, t.lgpd_accepted_at as ticket_at
       from tickets t join contacts c on c.id = t.contact_id where t.id = $1`,
    [ticketId],
  );
  if (!row) throw new Error(`no ticket ${ticketId}`);
  return row;
};
const pendingIds = async (showAll: boolean) =>
  (
    await s.api<{ tickets: { id: number }[] }>(`/api/tickets?status=pending&showAll=${showAll}&pageNumber=1`)
  ).tickets.map((t) => t.id);

beforeAll(async () => {
  // Monday 23 Nov 2026, 10:00 in São Paulo.
  s = await startConversationScript('2026-11-23T13:00:00Z');
  const suporte = await s.queue('Suporte', 1);
  vendas = await s.queue('Vendas', 2);
  conn = await s.connection({
    name: 'Loja Centro',
    greetingMessage: 'Bem-vinda, {{firstName}}!',
    complationMessage: 'Até logo, {{firstName}}.',
    queueIds: [suporte, vendas],
  });
});
beforeEach(async () => {
  await s.setting('enableLGPD', 'enabled');
  await s.setting('lgpdMessage', 'Olá, {{firstName}}! A {{connection}} trata seus dados conforme a LGPD.');
  await s.setting('lgpdLink', 'https://loja.test/privacidade');
  await s.setting('lgpdConsent', 'disabled');
});
afterAll(() => s?.host.stop());

describe('LGPD consent', () => {
  it('asks a new contact first; "1" accepts and the same message brings the menu; then a queue is chosen', async () => {
    const id = await s.say(conn, '5511933330001', 'Oi');
    expect(await s.heard(id)).toEqual(PROMPT);
    expect(await s.state(id)).toMatchObject({
      status: 'lgpd',
      queueId: null,
      userId: null,
      isBot: true,
      amountUsedBotQueues: 1,
    });
    expect(await logsOf(id)).toEqual([
      ['create', null],
      ['lgpd', 'automation:lgpd'],
    ]);
    expect(await contactOf(id)).toMatchObject({ contact_at: null, ticket_at: null });

    await s.say(conn, '5511933330001', ' 1 ');
    expect(await s.heard(id)).toEqual([...PROMPT, MENU]);
    expect(await s.state(id)).toMatchObject({
      status: 'pending',
      queueId: null,
      isBot: true,
      amountUsedBotQueues: 1,
    });
    const accepted = await contactOf(id);
    expect(accepted.contact_at?.toISOString()).toBe('2026-11-23T13:00:00.000Z');
    expect(accepted.ticket_at?.toISOString()).toBe('2026-11-23T13:00:00.000Z');

    await s.say(conn, '5511933330001', '2'); // now a menu answer, not a refusal
    expect(await s.state(id)).toMatchObject({ status: 'pending', queueId: vendas, isBot: false });
    expect(await s.heard(id)).toHaveLength(4);
    expect(await logsOf(id)).toEqual([
      ['create', null],
      ['lgpd', 'automation:lgpd'],
      ['chatBot', 'automation:queue-menu'],
      ['queue', 'automation:queue-menu'],
    ]);
  });

  it('"2" refuses: complationMessage, and the ticket closes', async () => {
    const id = await s.say(conn, '5511933330002', 'Bom dia');
    await s.say(conn, '5511933330002', '2');
    expect(await s.heard(id)).toEqual([...PROMPT, BYE]);
    expect(await s.state(id)).toMatchObject({
      status: 'closed',
      queueId: null,
      isBot: false,
      amountUsedBotQueues: 0,
    });
    expect(await logsOf(id)).toEqual([
      ['create', null],
      ['lgpd', 'automation:lgpd'],
      ['closed', 'automation:lgpd'],
    ]);
    expect(await contactOf(id)).toMatchObject({ contact_at: null });
  });

  it('any other answer repeats the prompt within maxUseBotQueues, then silence; "1" still accepts', async () => {
    const id = await s.say(conn, '5511933330003', 'Oi');
    await s.say(conn, '5511933330003', 'quero comprar');
    await s.say(conn, '5511933330003', '3');
    expect(await s.heard(id)).toEqual([...PROMPT, ...PROMPT, ...PROMPT]);
    expect(await s.state(id)).toMatchObject({ status: 'lgpd', amountUsedBotQueues: 3 });

    await s.say(conn, '5511933330003', 'alô?'); // maxUseBotQueues (3) prompts sent: silence
    expect(await s.heard(id)).toHaveLength(9);
    expect(await s.state(id)).toMatchObject({ status: 'lgpd', amountUsedBotQueues: 3 });

    await s.say(conn, '5511933330003', '1');
    expect(await s.heard(id)).toEqual([...PROMPT, ...PROMPT, ...PROMPT, MENU]);
    expect(await s.state(id)).toMatchObject({ status: 'pending', amountUsedBotQueues: 1, isBot: true });
  });

  it('a contact who accepted is not asked again; with lgpdConsent every new ticket asks', async () => {
    const first = await s.say(conn, '5511933330004', 'Oi');
    await s.say(conn, '5511933330004', '1');
    await s.api(`/api/tickets/${first}`, { method: 'PUT', body: { status: 'closed' } });

    const second = await s.say(conn, '5511933330004', 'Oi de novo');
    expect(second).not.toBe(first);
    expect(await s.heard(second)).toEqual([MENU]);
    expect(await s.state(second)).toMatchObject({ status: 'pending', amountUsedBotQueues: 1 });
    await s.api(`/api/tickets/${second}`, { method: 'PUT', body: { status: 'closed' } });

    await s.setting('lgpdConsent', 'enabled');
    const third = await s.say(conn, '5511933330004', 'Voltei');
    expect(await s.heard(third)).toEqual(PROMPT);
    expect(await s.state(third)).toMatchObject({ status: 'lgpd' });
  });

  it('is not asked with LGPD off, without lgpdMessage, of a ticket already talking, or of a disableBot contact', async () => {
    await s.setting('enableLGPD', 'disabled');
    const off = await s.say(conn, '5511933330005', 'Oi');
    expect(await s.heard(off)).toEqual([MENU]);

    // Switched on while the ticket talks to the menu: a ticket already going is not stopped midway.
    await s.setting('enableLGPD', 'enabled');
    await s.say(conn, '5511933330005', 'oi?');
    expect(await s.heard(off)).toEqual([MENU, MENU]);
    expect(await s.state(off)).toMatchObject({ status: 'pending' });

    await s.setting('lgpdMessage', '  ');
    const noText = await s.say(conn, '5511933330006', 'Oi');
    expect(await s.heard(noText)).toEqual([MENU]);

    await s.setting('lgpdMessage', 'Tratamos seus dados.');
    const contact = await s.api<{ id: number }>('/api/contacts', {
      body: { name: 'Sem robô', number: '5511933330007' },
    });
    await s.api(`/api/contacts/toggleDisableBot/${contact.id}`, { method: 'PUT' });
    const quiet = await s.say(conn, '5511933330007', 'Oi');
    expect(await s.heard(quiet)).toEqual([]);
    expect(await s.state(quiet)).toMatchObject({ status: 'pending' });
  });

  it('comes before working hours: out of hours the contact is asked, and the accept gets the out-of-hours text', async () => {
    const night = await s.connection({
      name: 'Loja Noite',
      greetingMessage: 'Bem-vinda!',
      outOfHoursMessage: 'Estamos fechados.',
      queueIds: [vendas],
      schedules: defaultWeeklySchedule(),
    });
    await s.setting('scheduleType', 'connection');
    try {
      s.clock.set(new Date('2026-11-23T21:00:00-03:00'));
      const id = await s.say(night, '5511933330008', 'Oi');
      expect(await s.heard(id)).toEqual(PROMPT.map((p) => p.replace('Loja Centro', 'Loja Noite')));
      await s.say(night, '5511933330008', '1');
      expect(await s.heard(id)).toHaveLength(4);
      expect((await s.heard(id))[3]).toBe(`${M}Estamos fechados.`);
      expect(await s.state(id)).toMatchObject({ status: 'pending', isOutOfHour: true, queueId: null });
    } finally {
      await s.setting('scheduleType', 'disabled');
      s.clock.set(new Date('2026-11-23T13:00:00Z'));
    }
  });

  it('LGPD switched off while a ticket waits: its next message goes on to the menu', async () => {
    const id = await s.say(conn, '5511933330009', 'Oi');
    expect(await s.state(id)).toMatchObject({ status: 'lgpd' });
    await s.setting('enableLGPD', 'disabled');
    await s.say(conn, '5511933330009', 'olá?');
    expect(await s.heard(id)).toEqual([...PROMPT, MENU]);
    expect(await s.state(id)).toMatchObject({ status: 'pending', amountUsedBotQueues: 1 });
    expect(await contactOf(id)).toMatchObject({ contact_at: null, ticket_at: null });
  });

  it("is in no Pending list but Show all's, and an admin may close it at once", async () => {
    const id = await s.say(conn, '5511933330010', 'Oi');
    expect(await s.state(id)).toMatchObject({ status: 'lgpd' });
    expect(await pendingIds(false)).not.toContain(id);
    expect(await pendingIds(true)).toContain(id);
    const open = await s.api<{ tickets: { id: number }[] }>(
      '/api/tickets?status=open&showAll=true&pageNumber=1',
    );
    expect(open.tickets.map((t) => t.id)).not.toContain(id);
    const search = await s.api<{ tickets: { id: number; status: string }[] }>(
      '/api/tickets?statusFilter=lgpd&showAll=true&pageNumber=1',
    );
    expect(search.tickets.find((t) => t.id === id)).toMatchObject({ status: 'lgpd' });

    // Accepting is refused (consent first); closing is not.
    const accept = await s.host.request(`/api/tickets/${id}`, {
      method: 'PUT',
      token: s.token,
      body: { status: 'open', userId: s.userId },
    });
    expect(accept.status).toBe(409);
    await s.api(`/api/tickets/${id}`, { method: 'PUT', body: { status: 'closed' } });
    expect(await s.state(id)).toMatchObject({ status: 'closed' });
    expect(await pendingIds(true)).not.toContain(id);
  });
});
