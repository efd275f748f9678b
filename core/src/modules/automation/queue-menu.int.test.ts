import type { ConnectionDto } from '@balcao/sdk';
import { eventually } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../testing/attendance-fixtures.js';
import { type ConversationScript, startConversationScript } from '../../testing/conversation-script.js';

/**
 * The greeting and queue menu, scripted conversations on the fake WhatsApp with a manual clock: what the contact hears
 * after each message, and where the ticket stands.
 */

const M = '\u200e'; // every automatic text starts with the mark (peer conventions)
let s: ConversationScript;
let suporte: number;
let vendas: number;
let financeiro: number;
let multi: ConnectionDto;
const MENU =
  `${M}Bom dia, Maria! Bem-vinda à Loja Centro.\n\n` +
  '*[ 1 ]* - Suporte\n*[ 2 ]* - Vendas\n*[ 3 ]* - Financeiro\n\n' +
  '*[ Sair ]* - Encerrar atendimento';

beforeAll(async () => {
  // Monday 23 Nov 2026, 10:00 in São Paulo.
  s = await startConversationScript('2026-11-23T13:00:00Z');
  // Listed by orderQueue, not by creation.
  vendas = await s.queue('Vendas', 2, 'Você está na fila {{queue}}, {{firstName}}. Protocolo {{ticket_id}}.');
  suporte = await s.queue('Suporte', 1);
  financeiro = await s.queue('Financeiro', 3);
  multi = await s.connection({
    name: 'Loja Centro',
    greetingMessage: '{{ms}}, {{firstName}}! Bem-vinda à {{connection}}.',
    queueIds: [vendas, suporte, financeiro],
  });
});
afterAll(() => s?.host.stop());

describe('greeting and queue menu', () => {
  it('greets with the numbered queues, repeats on a wrong answer up to maxUseBotQueues, routes on a number', async () => {
    const id = await s.say(multi, '5511911110001', 'Olá');
    expect(await s.heard(id)).toEqual([MENU]);
    expect(await s.state(id)).toMatchObject({
      status: 'pending',
      queueId: null,
      isBot: true,
      amountUsedBotQueues: 1,
    });

    await s.say(multi, '5511911110001', '7'); // no queue 7
    await s.say(multi, '5511911110001', 'quero comprar'); // not a number
    expect(await s.heard(id)).toEqual([MENU, MENU, MENU]);
    expect(await s.state(id)).toMatchObject({ queueId: null, amountUsedBotQueues: 3 });

    // maxUseBotQueues (3 by default) reached: silence, but a number still routes.
    await s.say(multi, '5511911110001', 'alô?');
    expect(await s.heard(id)).toHaveLength(3);

    await s.say(multi, '5511911110001', ' 2 ');
    expect(await s.heard(id)).toEqual([
      MENU,
      MENU,
      MENU,
      `${M}Você está na fila Vendas, Maria. Protocolo ${id}.`,
    ]);
    expect(await s.state(id)).toEqual({
      status: 'pending',
      queueId: vendas,
      userId: null,
      isBot: false,
      amountUsedBotQueues: 0,
      isOutOfHour: false,
      // The menus did not read the contact's five messages: attendants still see them as new.
      unreadMessages: 5,
    });
    const logs = await s.api<{ type: string; bot?: string | null }[]>(`/api/tickets-log/${id}`);
    expect(logs.map((l) => [l.type, l.bot ?? null])).toEqual([
      ['create', null],
      ['chatBot', 'automation:queue-menu'],
      ['queue', 'automation:queue-menu'],
    ]);

    // Waiting in the queue: further messages get no answer.
    await s.say(multi, '5511911110001', 'obrigada');
    expect(await s.heard(id)).toHaveLength(4);
  });

  it('"#" takes a ticket the menu queued back to the menu; another number routes again', async () => {
    const id = await s.say(multi, '5511911110002', 'oi');
    await s.say(multi, '5511911110002', '1');
    expect(await s.state(id)).toMatchObject({ queueId: suporte, isBot: false });
    expect(await s.heard(id)).toEqual([MENU]); // Suporte has no greeting of its own

    await s.say(multi, '5511911110002', '#');
    expect(await s.heard(id)).toEqual([MENU, MENU]);
    expect(await s.state(id)).toMatchObject({ queueId: null, isBot: true, amountUsedBotQueues: 1 });

    await s.say(multi, '5511911110002', '3');
    expect(await s.state(id)).toMatchObject({ queueId: financeiro, status: 'pending', isBot: false });
    expect(await s.heard(id)).toHaveLength(2);
  });

  it('a number before the menu was ever sent is not a choice: the contact gets the menu', async () => {
    const id = await s.say(multi, '5511911110003', '2');
    expect(await s.heard(id)).toEqual([MENU]);
    expect(await s.state(id)).toMatchObject({ queueId: null, isBot: true });
  });

  it('timeUseBotQueues keeps the menu quiet for that many minutes after it was sent', async () => {
    const paced = await s.connection({
      name: 'Pausada',
      greetingMessage: 'Escolha:',
      queueIds: [suporte, vendas],
      maxUseBotQueues: 0, // no limit: only the pause counts
      timeUseBotQueues: 5,
    });
    const menu = `${M}Escolha:\n\n*[ 1 ]* - Suporte\n*[ 2 ]* - Vendas\n\n*[ Sair ]* - Encerrar atendimento`;
    const id = await s.say(paced, '5511911110004', 'oi');
    s.clock.advance(4 * 60_000);
    await s.say(paced, '5511911110004', 'e aí?');
    expect(await s.heard(id)).toEqual([menu]);
    s.clock.advance(61_000);
    await s.say(paced, '5511911110004', 'e aí?');
    expect(await s.heard(id)).toEqual([menu, menu]);
    expect(await s.state(id)).toMatchObject({ amountUsedBotQueues: 2, queueId: null });
  });

  it('one queue: the ticket goes straight to it, greeted only when sendGreetingMessageOneQueues is on', async () => {
    const one = await s.connection({
      name: 'Balcão único',
      greetingMessage: 'Olá {{name}}, já vamos atender.',
      queueIds: [vendas],
    });
    const greeted = await s.say(one, '5511911110005', 'oi');
    expect(await s.heard(greeted)).toEqual([`${M}Olá Maria Souza, já vamos atender.`]);
    expect(await s.state(greeted)).toMatchObject({ status: 'pending', queueId: vendas, isBot: false });

    await s.setting('sendGreetingMessageOneQueues', 'disabled');
    try {
      const quiet = await s.say(one, '5511911110006', 'oi');
      expect(await s.heard(quiet)).toEqual([]);
      expect(await s.state(quiet)).toMatchObject({ status: 'pending', queueId: vendas });
    } finally {
      await s.setting('sendGreetingMessageOneQueues', 'enabled');
    }
  });

  it('a contact with the bot disabled hears nothing; one queue still receives the ticket', async () => {
    const contact = await s.api<{ id: number }>('/api/contacts', {
      body: { name: 'Sem robô', number: '5511911110007' },
    });
    await s.api(`/api/contacts/toggleDisableBot/${contact.id}`, { method: 'PUT' });
    const id = await s.say(multi, '5511911110007', 'oi');
    await s.say(multi, '5511911110007', '1');
    expect(await s.heard(id)).toEqual([]);
    expect(await s.state(id)).toMatchObject({ status: 'pending', queueId: null, isBot: false });

    const one = await s.connection({ name: 'Outro único', greetingMessage: 'Olá!', queueIds: [suporte] });
    const single = await s.say(one, '5511911110007', 'oi');
    expect(await s.heard(single)).toEqual([]);
    expect(await s.state(single)).toMatchObject({ queueId: suporte });
  });

  it('a ticket an attendant has, a group, and a message sent from the phone get no menu', async () => {
    const id = await s.say(multi, '5511911110008', 'oi');
    await s.say(multi, '5511911110008', '2');
    await s.api(`/api/tickets/${id}`, { method: 'PUT', body: { status: 'open', userId: s.userId } });
    const before = await s.heard(id); // the menu, Vendas' greeting and the attendant's accept greeting
    expect(before).toHaveLength(3);
    await s.say(multi, '5511911110008', '#');
    await s.say(multi, '5511911110008', 'oi?');
    expect(await s.heard(id)).toEqual(before);
    expect(await s.state(id)).toMatchObject({ status: 'open', queueId: vendas, userId: s.userId });

    // Even a group the connection treats as a ticket (pending, like a private chat) gets no menu.
    const groups = await s.connection({
      name: 'Com grupos',
      greetingMessage: 'Olá!',
      queueIds: [suporte, vendas],
      allowGroup: true,
      groupAsTicket: 'enabled',
    });
    const group = await s.say(groups, '120363000000000001', 'bom dia grupo', { isGroup: true });
    expect(await s.heard(group)).toEqual([]);
    expect(await s.state(group)).toMatchObject({ status: 'pending', queueId: null, isBot: false });

    const fromPhone = await s.say(multi, '5511911110009', 'Oi, aqui é a loja', { fromMe: true });
    // Nothing is dealt with for a message of ours: give the turn a moment, then check nothing came.
    await new Promise((r) => setTimeout(r, 300));
    expect(await s.heard(fromPhone)).toEqual(['Oi, aqui é a loja']);
    expect(await s.state(fromPhone)).toMatchObject({ queueId: null, isBot: false });
  });

  it('the automatic messages leave through the outbox to the channel, as Balcão (no user)', async () => {
    const id = await s.say(multi, '5511911110010', 'oi');
    const [row] = await sql<{ id: string; user_id: number | null }>(
      s.host,
      'select id, user_id from messages where ticket_id = $1 and from_me',
      [id],
    );
    expect(row?.user_id).toBeNull();
    const sent = await eventually(async () => {
      const res = await s.host.request(`/test-channel/${multi.token}/outbox`);
      const { messages } = (await res.json()) as { messages: { messageId: number; body: string }[] };
      return messages.find((m) => m.messageId === Number(row?.id));
    });
    expect(sent.body).toBe(MENU);
  });
});
