import { type ConnectionDto, defaultWeeklySchedule, type ScheduleRow } from '@balcao/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConversationScript, startConversationScript } from '../../testing/conversation-script.js';

/**
 * Working hours, scripted on the fake WhatsApp with a manual clock: outside the company's or the connection's weekly
 * rows the contact hears the connection's outOfHoursMessage instead of the menu, and the ticket waits, pending.
 */

const M = '\u200e';
let s: ConversationScript;
let conn: ConnectionDto;
let companyId: number;
const MENU = `${M}Olá, Maria!\n\n*[ 1 ]* - Suporte\n*[ 2 ]* - Vendas\n\n*[ Sair ]* - Encerrar atendimento`;
const CLOSED = `${M}Estamos fechados agora, Maria. Atendemos das 08:00 às 18:00.`;
/** A moment on Monday 23 Nov 2026 in São Paulo (UTC-3). */
const monday = (hhmm: string) => new Date(`2026-11-23T${hhmm}:00-03:00`);

beforeAll(async () => {
  s = await startConversationScript(monday('20:00').toISOString());
  const suporte = await s.queue('Suporte', 1);
  const vendas = await s.queue('Vendas', 2);
  conn = await s.connection({
    name: 'Loja',
    greetingMessage: 'Olá, {{firstName}}!',
    outOfHoursMessage: 'Estamos fechados agora, {{firstName}}. Atendemos das 08:00 às 18:00.',
    queueIds: [suporte, vendas],
  });
  companyId = s.companyId;
});
afterAll(() => s?.host.stop());

describe('working hours', () => {
  it('scheduleType disabled: no hours are checked, the menu answers at any time', async () => {
    s.clock.set(monday('23:30'));
    const id = await s.say(conn, '5511922220001', 'oi');
    expect(await s.heard(id)).toEqual([MENU]);
  });

  it("company: outside the company's rows the contact hears outOfHoursMessage, within maxUseBotQueues; back in hours, the menu", async () => {
    await s.api(`/api/companies/${companyId}/schedules`, {
      method: 'PUT',
      body: { schedules: defaultWeeklySchedule() },
    });
    await s.setting('scheduleType', 'company');
    s.clock.set(monday('20:00'));
    const id = await s.say(conn, '5511922220002', 'boa noite');
    expect(await s.heard(id)).toEqual([CLOSED]);
    expect(await s.state(id)).toEqual({
      status: 'pending',
      queueId: null,
      userId: null,
      isBot: false,
      amountUsedBotQueues: 1,
      isOutOfHour: true,
      unreadMessages: 1,
    });
    await s.say(conn, '5511922220002', '1'); // not a menu answer: there is no menu out of hours
    await s.say(conn, '5511922220002', 'alguém?');
    await s.say(conn, '5511922220002', 'alô'); // the fourth: maxUseBotQueues (3) reached, silence
    expect(await s.heard(id)).toEqual([CLOSED, CLOSED, CLOSED]);
    expect(await s.state(id)).toMatchObject({ queueId: null, amountUsedBotQueues: 3, isOutOfHour: true });

    // Between the two periods it is closed too (12:00-13:00), a new contact hears it.
    s.clock.set(monday('12:30'));
    const lunch = await s.say(conn, '5511922220003', 'oi');
    expect(await s.heard(lunch)).toEqual([CLOSED]);

    // Tuesday 09:00: open. The count starts again and the menu comes.
    s.clock.set(new Date('2026-11-24T09:00:00-03:00'));
    await s.say(conn, '5511922220002', 'bom dia');
    expect(await s.heard(id)).toEqual([CLOSED, CLOSED, CLOSED, MENU]);
    expect(await s.state(id)).toMatchObject({ isOutOfHour: false, isBot: true, amountUsedBotQueues: 1 });
    await s.say(conn, '5511922220002', '2');
    expect(await s.state(id)).toMatchObject({ status: 'pending', queueId: expect.any(Number), isBot: false });
  });

  it("connection: the connection's own rows decide; one without rows is always open", async () => {
    await s.setting('scheduleType', 'connection');
    const nights: ScheduleRow[] = defaultWeeklySchedule().map((r) => ({
      ...r,
      startTimeA: '19:00',
      endTimeA: '23:59',
      startTimeB: '',
      endTimeB: '',
    }));
    const night = await s.connection({
      name: 'Plantão',
      greetingMessage: 'Olá, {{firstName}}!',
      outOfHoursMessage: 'O plantão da {{connection}} abre às 19:00.',
      queueIds: conn.queues.map((q) => q.id),
      schedules: nights,
    });
    s.clock.set(monday('10:00'));
    const closed = await s.say(night, '5511922220004', 'oi');
    expect(await s.heard(closed)).toEqual([`${M}O plantão da Plantão abre às 19:00.`]);
    expect(await s.state(closed)).toMatchObject({ status: 'pending', isOutOfHour: true, queueId: null });

    // The other connection has no rows of its own: open at 10:00 as at any time.
    const open = await s.say(conn, '5511922220005', 'oi');
    expect(await s.heard(open)).toEqual([MENU]);

    s.clock.set(monday('19:30'));
    await s.say(night, '5511922220004', 'e agora?');
    expect(await s.heard(closed)).toEqual([`${M}O plantão da Plantão abre às 19:00.`, MENU]);
    expect(await s.state(closed)).toMatchObject({ isOutOfHour: false, isBot: true });
  });

  it('timeUseBotQueues paces the out-of-hours answer; an empty outOfHoursMessage keeps silent but still holds the menu', async () => {
    await s.setting('scheduleType', 'company');
    const paced = await s.connection({
      name: 'Pausada',
      greetingMessage: 'Olá, {{firstName}}!',
      outOfHoursMessage: 'Fechado.',
      queueIds: conn.queues.map((q) => q.id),
      maxUseBotQueues: 0,
      timeUseBotQueues: 10,
    });
    s.clock.set(monday('21:00'));
    const id = await s.say(paced, '5511922220006', 'oi');
    s.clock.set(monday('21:09'));
    await s.say(paced, '5511922220006', 'oi?');
    s.clock.set(monday('21:10'));
    s.clock.advance(1_000); // 21:10:01, just past the pause
    await s.say(paced, '5511922220006', 'oi??');
    expect(await s.heard(id)).toEqual([`${M}Fechado.`, `${M}Fechado.`]);

    const mute = await s.connection({
      name: 'Muda',
      greetingMessage: 'Olá!',
      queueIds: conn.queues.map((q) => q.id),
    });
    const quiet = await s.say(mute, '5511922220007', 'oi');
    expect(await s.heard(quiet)).toEqual([]);
    expect(await s.state(quiet)).toMatchObject({ status: 'pending', queueId: null, isOutOfHour: true });
  });

  it("queue: a queue chosen out of its hours keeps the ticket with the queue's own text and no tree; in hours, it waits there", async () => {
    await s.setting('scheduleType', 'queue');
    const { name, color } = await s.api<{ name: string; color: string }>(`/api/queue/${conn.queues[1]?.id}`);
    // Vendas works mornings only; Suporte keeps a new queue's default hours (08–12, 13–18) and has no text.
    const mornings = defaultWeeklySchedule().map((r) => ({ ...r, startTimeB: '', endTimeB: '' }));
    await s.api(`/api/queue/${conn.queues[1]?.id}`, {
      method: 'PUT',
      body: {
        name,
        color,
        schedules: mornings,
        outOfHoursMessage: 'Vendas atende das 08:00 às 12:00, {{firstName}}.',
        chatbots: [{ name: 'Orçamentos', greetingMessage: 'Mande a lista de itens.' }],
      },
    });
    const SALES_CLOSED = `${M}Vendas atende das 08:00 às 12:00, Maria.`;
    s.clock.set(monday('15:00'));
    const id = await s.say(conn, '5511922220008', 'oi');
    // No queue yet: the company is not closed, the menu answers.
    expect(await s.heard(id)).toEqual([MENU]);
    await s.say(conn, '5511922220008', '2');
    expect(await s.heard(id)).toEqual([MENU, SALES_CLOSED]);
    expect(await s.state(id)).toMatchObject({
      status: 'pending',
      queueId: conn.queues[1]?.id,
      isOutOfHour: true,
      amountUsedBotQueues: 1,
    });
    await s.say(conn, '5511922220008', 'ainda fechado?');
    expect(await s.heard(id)).toEqual([MENU, SALES_CLOSED, SALES_CLOSED]);

    // Next morning, in Vendas' hours: no out-of-hours text; the ticket waits in Vendas for an attendant.
    s.clock.set(new Date('2026-11-24T09:00:00-03:00'));
    await s.say(conn, '5511922220008', 'bom dia');
    expect(await s.heard(id)).toHaveLength(3);
    expect(await s.state(id)).toMatchObject({
      status: 'pending',
      queueId: conn.queues[1]?.id,
      isOutOfHour: false,
    });

    // Suporte at 23:00, outside its hours, with no out-of-hours text: the ticket waits there in silence.
    s.clock.set(monday('23:00'));
    const other = await s.say(conn, '5511922220009', 'oi');
    await s.say(conn, '5511922220009', '1');
    expect(await s.heard(other)).toEqual([MENU]);
    expect(await s.state(other)).toMatchObject({ queueId: conn.queues[0]?.id, isOutOfHour: true });
    await s.setting('scheduleType', 'disabled');
  });
});
