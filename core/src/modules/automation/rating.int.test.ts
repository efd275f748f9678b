import type { ConnectionDto, DashboardDto, TicketDto } from '@balcao/sdk';
import { eventually } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../testing/attendance-fixtures.js';
import { type ConversationScript, startConversationScript } from '../../testing/conversation-script.js';

/**
 * The closing rating, scripted conversations on the fake WhatsApp with a manual clock: an attendant closes, the
 * contact is asked, and each answer is followed by exactly what the contact hears and where the ticket stands.
 */

const M = '\u200e';
const FOOTER = '\n\n*Envie uma nota de 0 a 10*\n\nEnvie *!* para voltar ao atendimento.';
const REQUEST = `${M}Como foi o atendimento, Maria?${FOOTER}`;
const AGAIN = `${M}Opção inválida, tente novamente.\n\nComo foi o atendimento, Maria?${FOOTER}`;
const DONE = `${M}Obrigado, Maria! Protocolo encerrado.`;
const REOPENED = `${M}Atendimento reaberto. Pode escrever sua mensagem.`;

let s: ConversationScript;
let shop: ConnectionDto;
let timed: ConnectionDto;
let phone = 5511933330000;

/** The ticket's rating state: the ticket row and its ticket_ratings row. */
async function rating(id: number) {
  const [row] = await sql<{
    status: string;
    user_id: number | null;
    user_rating: number | null;
    requests: number;
    waiting: boolean;
    unread_messages: number;
    rate: number | null;
    asked: boolean | null;
  }>(
    s.host,
    `select t.status, t.user_id, t.user_rating, t.amount_used_bot_queues_nps as requests,
            t.rating_asked_at is not null as waiting, t.unread_messages, r.rate, r.asked_at is not null as asked
       from tickets t left join ticket_ratings r on r.ticket_id = t.id where t.id = $1`,
    [id],
  );
  return row;
}

/** The ticket's log, oldest first: type and who (a user id, or the bot behind it). */
async function logOf(id: number) {
  return sql<{ type: string; user_id: number | null; bot: string | null }>(
    s.host,
    'select type, user_id, bot from ticket_logs where ticket_id = $1 and type <> $2 order by id',
    [id, 'access'],
  );
}

/** A new contact writes on `conn` and the admin takes the ticket. */
async function attended(conn: ConnectionDto = shop): Promise<{ id: number; number: string }> {
  phone += 1;
  const number = String(phone);
  const id = await s.say(conn, number, 'oi, preciso de ajuda');
  await s.api(`/api/tickets/${id}`, { method: 'PUT', body: { status: 'open', userId: s.userId } });
  return { id, number };
}

const close = (id: number, sendFarewellMessage = true) =>
  s.api<TicketDto>(`/api/tickets/${id}`, { method: 'PUT', body: { status: 'closed', sendFarewellMessage } });

const list = async (status: string) =>
  (await s.api<{ tickets: TicketDto[] }>(`/api/tickets?status=${status}&showAll=true`)).tickets;

/** Agenda's clock is the machine's: the due timers are made due now, as if the minutes the test clock moved passed. */
async function timersPass(): Promise<void> {
  await sql(
    s.host,
    `update agenda_jobs set next_run_at = now() where name = 'automation:rating-expiry' and next_run_at is not null`,
  );
}

beforeAll(async () => {
  // Monday 23 Nov 2026, 10:00 in São Paulo.
  s = await startConversationScript('2026-11-23T13:00:00Z');
  await s.setting('userRating', 'enabled');
  await s.setting('sendGreetingAccepted', 'disabled');
  const texts = {
    ratingMessage: 'Como foi o atendimento, {{firstName}}?',
    complationMessage: 'Obrigado, {{firstName}}! Protocolo encerrado.',
  };
  shop = await s.connection({ name: 'Loja Avaliada', ...texts });
  timed = await s.connection({ name: 'Loja Cronometrada', ...texts, expiresTicketNps: 5 });
});
afterAll(() => s?.host.stop());

describe('closing rating', () => {
  it('asks instead of closing, records a 0–10 answer, thanks and closes; the row and the dashboard show it', async () => {
    const { id, number } = await attended();
    await s.say(shop, number, 'obrigada, era isso'); // to the attendant: never read as a rating

    const waiting = await close(id);
    expect(waiting.status).toBe('nps');
    expect(await s.heard(id)).toEqual([REQUEST]);
    expect(await rating(id)).toMatchObject({
      status: 'nps',
      user_id: s.userId,
      requests: 1,
      waiting: true,
      unread_messages: 0,
      asked: true,
      rate: null,
    });
    // Waiting for the contact, not for an attendant: in no Open sub-tab, but under Resolvidos (issue 24), also in the
    // attendant's own view.
    for (const tab of ['open', 'pending', 'group'])
      expect((await list(tab)).map((t) => t.id)).not.toContain(id);
    expect((await list('closed')).find((t) => t.id === id)?.status).toBe('nps');
    const own = await s.api<{ tickets: TicketDto[] }>('/api/tickets?status=closed');
    expect(own.tickets.find((t) => t.id === id)?.status).toBe('nps');
    expect((await list('nps')).map((t) => t.id)).toContain(id);

    await s.say(shop, number, ' 9 ');
    expect(await s.heard(id)).toEqual([REQUEST, DONE]);
    expect(await rating(id)).toMatchObject({
      status: 'closed',
      user_id: s.userId,
      user_rating: 5,
      requests: 0,
      waiting: false,
      unread_messages: 0,
      rate: 9,
    });
    expect((await list('closed')).find((t) => t.id === id)?.rating).toBe(5);
    expect((await logOf(id)).slice(-2)).toEqual([
      { type: 'nps', user_id: s.userId, bot: null },
      { type: 'closed', user_id: null, bot: 'automation:rating' },
    ]);
    const { counters } = await s.api<DashboardDto>('/api/dashboard');
    expect(counters).toMatchObject({
      withRating: 1,
      waitRating: 0,
      npsPromotersPerc: 100,
      npsDetractorsPerc: 0,
      npsScore: 100,
    });
  });

  it('asks again after an answer that is no rating, maxUseBotQueuesNPS requests in all, then closes unrated', async () => {
    const { id, number } = await attended();
    await close(id);
    await s.say(shop, number, 'foi ótimo');
    expect(await s.heard(id)).toEqual([REQUEST, AGAIN]);
    expect(await rating(id)).toMatchObject({ status: 'nps', requests: 2 });

    await s.say(shop, number, '11'); // out of the scale
    expect(await s.heard(id)).toEqual([REQUEST, AGAIN, AGAIN]);
    expect(await rating(id)).toMatchObject({ status: 'nps', requests: 3 });

    await s.say(shop, number, 'dez');
    expect(await s.heard(id)).toEqual([REQUEST, AGAIN, AGAIN, DONE]);
    // Closed without a rating: no longer waiting on the dashboard either.
    expect(await rating(id)).toMatchObject({
      status: 'closed',
      user_rating: null,
      requests: 0,
      waiting: false,
      rate: null,
      asked: false,
    });
  });

  it('"!" gives the ticket back to its attendant, open, and a later close asks again', async () => {
    const { id, number } = await attended();
    await close(id);
    await s.say(shop, number, '!');
    expect(await s.heard(id)).toEqual([REQUEST, REOPENED]);
    expect(await rating(id)).toMatchObject({
      status: 'open',
      user_id: s.userId,
      requests: 0,
      waiting: false,
      asked: false,
    });
    expect((await list('open')).map((t) => t.id)).toContain(id);

    await s.say(shop, number, 'esqueci de perguntar uma coisa');
    expect(await s.heard(id)).toEqual([REQUEST, REOPENED]);
    await close(id);
    await s.say(shop, number, '0');
    expect(await s.heard(id)).toEqual([REQUEST, REOPENED, REQUEST, DONE]);
    expect(await rating(id)).toMatchObject({ status: 'closed', user_rating: 1, rate: 0 });
  });

  it('is not asked on a close without farewell, with userRating off, or without a ratingMessage', async () => {
    const quiet = await attended();
    expect((await close(quiet.id, false)).status).toBe('closed');
    expect(await s.heard(quiet.id)).toEqual([]);

    await s.setting('userRating', 'disabled');
    const off = await attended();
    expect((await close(off.id)).status).toBe('closed');
    expect(await s.heard(off.id)).toEqual([`${M} Obrigado, Maria! Protocolo encerrado.`]);
    await s.setting('userRating', 'enabled');

    const plain = await s.connection({ name: 'Loja Sem Avaliação', complationMessage: 'Até mais!' });
    const unasked = await attended(plain);
    expect((await close(unasked.id)).status).toBe('closed');
    expect(await s.heard(unasked.id)).toEqual([`${M} Até mais!`]);
    expect(await rating(unasked.id)).toMatchObject({ asked: false, user_rating: null });
  });

  it('an attendant may close a waiting ticket at once: no second request, the rating dropped', async () => {
    const { id, number } = await attended();
    await close(id);
    expect((await close(id, false)).status).toBe('closed');
    expect(await s.heard(id)).toEqual([REQUEST]);
    expect(await rating(id)).toMatchObject({ status: 'closed', requests: 0, waiting: false, asked: false });
    // The contact's next message opens a new ticket: the closed one is not read as answered.
    const next = await s.say(shop, number, '10');
    expect(next).not.toBe(id);
    expect(await rating(id)).toMatchObject({ rate: null });
  });

  it('expiresTicketNPS minutes after the ask, the timer thanks and closes a ticket still waiting', async () => {
    const { id } = await attended(timed);
    await close(id);
    expect(await rating(id)).toMatchObject({ status: 'nps' });

    // Four minutes on, the timer is early by the kernel clock: it waits again.
    s.clock.advance(4 * 60_000);
    await timersPass();
    await eventually(async () => {
      const [row] = await sql<{ ran: number }>(
        s.host,
        `select count(*)::int as ran from agenda_jobs
          where name = 'automation:rating-expiry' and last_finished_at is not null`,
      );
      return row && row.ran >= 1 ? true : undefined;
    }, 20_000);
    expect(await rating(id)).toMatchObject({ status: 'nps', waiting: true });
    expect(await s.heard(id)).toEqual([REQUEST]);

    s.clock.advance(60_000);
    await timersPass();
    await eventually(async () => ((await rating(id))?.status === 'closed' ? true : undefined), 20_000);
    expect(await s.heard(id)).toEqual([REQUEST, DONE]);
    expect(await rating(id)).toMatchObject({ user_rating: null, waiting: false, asked: false });
    expect((await logOf(id)).slice(-1)).toEqual([
      { type: 'autoClose', user_id: null, bot: 'automation:rating' },
    ]);
  });

  it('a connection that sets no wait stops waiting after 10 minutes (the default), not never', async () => {
    expect(shop.expiresTicketNps).toBe(10);
    const { id } = await attended();
    await close(id);
    const [job] = await sql<{ due_at: string; asked_at: string }>(
      s.host,
      `select data->>'dueAt' as due_at, data->>'askedAt' as asked_at from agenda_jobs
        where name = 'automation:rating-expiry' and (data->>'ticketId')::int = $1`,
      [id],
    );
    expect(Date.parse(job.due_at) - Date.parse(job.asked_at)).toBe(10 * 60_000);
    s.clock.advance(10 * 60_000);
    await timersPass();
    await eventually(async () => ((await rating(id))?.status === 'closed' ? true : undefined), 20_000);
    expect(await s.heard(id)).toEqual([REQUEST, DONE]);
  });

  it('a rating message that states its own scale gets no "0 a 10" line, and answers are read on its scale', async () => {
    const stars = await s.connection({
      name: 'Loja Estrelas',
      ratingMessage: 'Dê uma nota de 1 a 5, {{firstName}}',
      complationMessage: 'Obrigado, {{firstName}}! Protocolo encerrado.',
    });
    const { id, number } = await attended(stars);
    await close(id);
    const ask = `${M}Dê uma nota de 1 a 5, Maria\n\nEnvie *!* para voltar ao atendimento.`;
    expect(await s.heard(id)).toEqual([ask]);
    await s.say(stars, number, '6'); // out of its scale
    expect(await s.heard(id)).toEqual([
      ask,
      `${M}Opção inválida, tente novamente.\n\nDê uma nota de 1 a 5, Maria\n\nEnvie *!* para voltar ao atendimento.`,
    ]);
    await s.say(stars, number, '5');
    // The top of its scale: 10 for the dashboard's NPS, 5 on the row.
    expect(await rating(id)).toMatchObject({ status: 'closed', user_rating: 5, rate: 10 });
  });

  it('a timer whose ticket was answered meanwhile does nothing', async () => {
    const { id, number } = await attended(timed);
    await close(id);
    await s.say(timed, number, '7');
    expect(await s.heard(id)).toEqual([REQUEST, DONE]);
    s.clock.advance(10 * 60_000);
    await timersPass();
    await eventually(async () => {
      const [row] = await sql<{ due: number }>(
        s.host,
        `select count(*)::int as due from agenda_jobs
          where name = 'automation:rating-expiry' and next_run_at is not null`,
      );
      return row?.due === 0 ? true : undefined;
    }, 20_000);
    expect(await s.heard(id)).toEqual([REQUEST, DONE]);
    expect(await rating(id)).toMatchObject({ status: 'closed', user_rating: 4, rate: 7 });
    expect((await logOf(id)).filter((l) => l.type === 'autoClose')).toEqual([]);
  });
});
