import type { ConnectionDto, TicketLogDto } from '@balcao/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../testing/attendance-fixtures.js';
import { type ConversationScript, startConversationScript } from '../../testing/conversation-script.js';

/**
 * What happens when the menu (or a one-queue connection) puts a ticket in a queue without a chatbot tree
 * (docs/automation.md "Assignment"): the contact's place in the queue (sendQueuePosition) or a random attendant of the
 * queue (userRandom). Scripted on the fake WhatsApp at a manual clock: Monday 23 Nov 2026, 10:00 in São Paulo.
 */

const M = '\u200e';
let s: ConversationScript;
let seq = 0;

beforeAll(async () => {
  s = await startConversationScript('2026-11-23T13:00:00Z');
  // userRandom is on by default: these tests choose.
  await s.setting('userRandom', 'disabled');
});
afterAll(() => s?.host.stop());

/** A connection with a greeting and `n` fresh queues (the first with a greeting of its own). */
async function menu(n: number): Promise<{ conn: ConnectionDto; queues: number[]; names: string[] }> {
  seq += 1;
  const queues: number[] = [];
  for (let i = 0; i < n; i++)
    queues.push(
      await s.queue(`Fila ${seq}.${i + 1}`, i + 1, i === 0 ? 'Aguarde, {{firstName}}.' : undefined),
    );
  const conn = await s.connection({ name: `Entrada ${seq}`, greetingMessage: 'Escolha:', queueIds: queues });
  return { conn, queues, names: queues.map((_, i) => `Fila ${seq}.${i + 1}`) };
}

/** A user of the company in `queueIds`; signed in (online) unless told otherwise. */
async function attendant(
  name: string,
  queueIds: number[],
  extra: { profile?: string; online?: boolean; startWork?: string; endWork?: string } = {},
): Promise<number> {
  seq += 1;
  const email = `entry-${seq}@assign.test`;
  const { online = true, ...fields } = extra;
  const user = await s.api<{ id: number }>('/api/users', {
    body: { name, email, password: 'agent-pass', profile: 'user', queueIds, ...fields },
  });
  // Signing in outside one's hours is refused: a user still online from the evening before is marked so directly.
  if (online && fields.startWork)
    await sql(s.host, 'update users set online = true where id = $1', [user.id]);
  else if (online) await s.host.login(email, 'agent-pass');
  return user.id;
}

const logs = async (id: number) =>
  (await s.api<TicketLogDto[]>(`/api/tickets-log/${id}`)).map((l) => [
    l.type,
    l.user?.id ?? null,
    l.bot ?? null,
  ]);

describe('sendQueuePosition', () => {
  it('tells each contact their place among the queue’s waiting tickets, after the queue greeting', async () => {
    await s.setting('sendQueuePosition', 'enabled');
    const { conn, queues } = await menu(2);
    const [vendas] = queues as [number];
    const a = await s.say(conn, '5511933330001', 'Oi');
    await s.say(conn, '5511933330001', '1');
    expect(await s.heard(a)).toEqual([
      `${M}Escolha:\n\n*[ 1 ]* - Fila ${seq}.1\n*[ 2 ]* - Fila ${seq}.2\n\n*[ Sair ]* - Encerrar atendimento`,
      `${M}Aguarde, Maria.`,
      `${M}Sua posição na fila é: *1*`,
    ]);
    expect(await s.state(a)).toMatchObject({
      status: 'pending',
      queueId: vendas,
      userId: null,
      isBot: false,
    });

    const b = await s.say(conn, '5511933330002', 'Oi');
    await s.say(conn, '5511933330002', '1');
    expect((await s.heard(b)).slice(1)).toEqual([`${M}Aguarde, Maria.`, `${M}Sua posição na fila é: *2*`]);

    // A ticket an attendant took no longer waits; the company's own text goes before the number.
    await s.api(`/api/tickets/${a}`, { method: 'PUT', body: { status: 'open', userId: s.userId } });
    await s.setting('sendQueuePositionMessage', 'Você é o número');
    const c = await s.say(conn, '5511933330003', 'Oi');
    await s.say(conn, '5511933330003', '1');
    expect((await s.heard(c)).slice(1)).toEqual([`${M}Aguarde, Maria.`, `${M}Você é o número *2*`]);

    // The other queue is empty: first place; it has no greeting, so the position alone.
    const d = await s.say(conn, '5511933330004', 'Oi');
    await s.say(conn, '5511933330004', '2');
    expect((await s.heard(d)).slice(1)).toEqual([`${M}Você é o número *1*`]);
    await s.setting('sendQueuePositionMessage', 'Sua posição na fila é:');
  });

  it('on a one-queue connection, after the connection greeting; nothing when off', async () => {
    await s.setting('sendQueuePosition', 'enabled');
    const { conn } = await menu(1);
    const a = await s.say(conn, '5511933330011', 'Bom dia');
    expect(await s.heard(a)).toEqual([`${M}Escolha:`, `${M}Sua posição na fila é: *1*`]);

    await s.setting('sendQueuePosition', 'disabled');
    const b = await s.say(conn, '5511933330012', 'Bom dia');
    expect(await s.heard(b)).toEqual([`${M}Escolha:`]);
    expect(await s.state(b)).toMatchObject({ status: 'pending', userId: null });
  });
});

describe('userRandom', () => {
  it('gives the ticket, open, to an online attendant (profile user) of the chosen queue, in working hours', async () => {
    await s.setting('userRandom', 'enabled');
    await s.setting('sendQueuePosition', 'enabled');
    // An attendant's transfer tells the contact; the automation's assignment is no transfer of theirs.
    await s.setting('sendMsgTransfTicket', 'enabled');
    const { conn, queues, names } = await menu(2);
    const [vendas, suporte] = queues as [number, number];
    // Not picked: signed out, out of their hours (10:00 now), an admin, another queue's.
    await attendant('Bia Offline', [vendas], { online: false });
    await attendant('Caio Tarde', [vendas], { startWork: '14:00', endWork: '22:00' });
    await attendant('Dora Admin', [vendas], { profile: 'admin' });
    await attendant('Edu Suporte', [suporte]);
    const ana = await attendant('Ana Vendas', [vendas]);

    const id = await s.say(conn, '5511933330021', 'Oi');
    await s.say(conn, '5511933330021', '1');
    // The queue greets; no position: the ticket does not wait.
    expect((await s.heard(id)).slice(1)).toEqual([`${M}Aguarde, Maria.`]);
    expect(await s.state(id)).toMatchObject({ status: 'open', queueId: vendas, userId: ana, isBot: false });
    expect((await logs(id)).slice(-2)).toEqual([
      ['queue', null, 'automation:queue-menu'],
      ['receivedTransfer', ana, 'automation:user-random'],
    ]);
    // The contact's next message is the attendant's: the menu stays quiet.
    await s.say(conn, '5511933330021', 'Olá?');
    expect(await s.heard(id)).toHaveLength(2);
    const [row] = await sql<{ user_id: number }>(
      s.host,
      'select user_id from automation_assignments where ticket_id = $1',
      [id],
    );
    expect(row?.user_id).toBe(ana);

    // The attendants' own transfer to another queue does (sendMsgTransfTicket): exactly the notice, nobody picked.
    await s.api(`/api/tickets/${id}`, {
      method: 'PUT',
      body: { status: 'pending', userId: null, queueId: suporte, isTransfered: true },
    });
    expect((await s.heard(id)).slice(2)).toEqual([
      `${M} *Maria*, seu atendimento foi transferido para o setor *${names[1]}*. Aguarde um momento, por favor.`,
    ]);
    expect(await s.state(id)).toMatchObject({ status: 'pending', queueId: suporte, userId: null });
    await s.setting('sendMsgTransfTicket', 'disabled');
  });

  it('with nobody available the ticket waits (and hears its place); off, nobody is picked', async () => {
    await s.setting('userRandom', 'enabled');
    await s.setting('sendQueuePosition', 'enabled');
    const { conn, queues } = await menu(1);
    await attendant('Gil Offline', queues, { online: false });
    const a = await s.say(conn, '5511933330031', 'Oi');
    expect(await s.heard(a)).toEqual([`${M}Escolha:`, `${M}Sua posição na fila é: *1*`]);
    expect(await s.state(a)).toMatchObject({ status: 'pending', userId: null });

    await s.setting('userRandom', 'disabled');
    await s.setting('sendQueuePosition', 'disabled');
    await attendant('Hugo Online', queues);
    const b = await s.say(conn, '5511933330032', 'Oi');
    expect(await s.state(b)).toMatchObject({ status: 'pending', userId: null });
  });
});

describe("a chatbot option's queue without a tree", () => {
  it('runs the same rules after the option’s text: a random attendant, or else the place in the queue', async () => {
    await s.setting('userRandom', 'enabled');
    await s.setting('sendQueuePosition', 'enabled');
    seq += 1;
    const plantao = await s.queue(`Plantão ${seq}`, 2);
    const espera = await s.queue(`Espera ${seq}`, 3);
    const triagem = await s.queue(`Triagem ${seq}`, 1, 'Triagem:');
    const { name, color } = await s.api<{ name: string; color: string }>(`/api/queue/${triagem}`);
    await s.api(`/api/queue/${triagem}`, {
      method: 'PUT',
      body: {
        name,
        color,
        chatbots: [
          {
            name: 'Plantão',
            queueType: 'queue',
            optQueueId: plantao,
            greetingMessage: 'Chamando o plantão.',
          },
          { name: 'Espera', queueType: 'queue', optQueueId: espera, greetingMessage: 'Aguarde na fila.' },
        ],
      },
    });
    const bia = await attendant('Bia Plantão', [plantao]);
    // One queue, Triagem: its tree greets; Plantão and Espera are reached only through its options.
    const conn = await s.connection({ name: `Triagem ${seq}`, queueIds: [triagem] });
    const root = `${M}Triagem:\n\n*[ 1 ]* - Plantão\n*[ 2 ]* - Espera\n*[ Sair ]* - Encerrar atendimento`;

    const a = await s.say(conn, '5511933330041', 'Oi');
    await s.say(conn, '5511933330041', '1');
    expect(await s.heard(a)).toEqual([root, `${M}Chamando o plantão.`]);
    expect(await s.state(a)).toMatchObject({ status: 'open', queueId: plantao, userId: bia, isBot: false });
    expect((await logs(a)).slice(-2)).toEqual([
      ['queue', null, 'automation:queue-menu'],
      ['receivedTransfer', bia, 'automation:user-random'],
    ]);

    const b = await s.say(conn, '5511933330042', 'Oi');
    await s.say(conn, '5511933330042', '2'); // nobody in Espera: the contact hears their place
    expect(await s.heard(b)).toEqual([root, `${M}Aguarde na fila.`, `${M}Sua posição na fila é: *1*`]);
    expect(await s.state(b)).toMatchObject({
      status: 'pending',
      queueId: espera,
      userId: null,
      isBot: false,
    });

    await s.setting('userRandom', 'disabled');
    await s.setting('sendQueuePosition', 'disabled');
  });
});
