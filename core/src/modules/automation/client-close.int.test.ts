import type { ChatbotDto, ConnectionDto } from '@balcao/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../testing/attendance-fixtures.js';
import { type ConversationScript, startConversationScript } from '../../testing/conversation-script.js';

/**
 * "sair" (docs/automation.md "Sair"): while the queue menu or a queue's chatbot tree talks to the contact, the word
 * alone closes the ticket after the connection's complationMessage. Scripted on the fake WhatsApp at a manual clock.
 */

const M = '\u200e';
const SAIR = '*[ Sair ]* - Encerrar atendimento';
const BACK = '*[ # ]* - Voltar para o menu principal';
let s: ConversationScript;
let suporte: number;
let financeiro: number;
let multi: ConnectionDto;
const MENU = `${M}Olá!\n\n*[ 1 ]* - Suporte\n*[ 2 ]* - Financeiro\n\n${SAIR}`;
const ROOT = `${M}Financeiro:\n\n*[ 1 ]* - Boletos\n*[ 2 ]* - Notas\n${BACK}\n${SAIR}`;
const BOLETOS = `${M}Qual boleto?\n\n*[ 1 ]* - Segunda via\n*[ 2 ]* - Vencido\n${BACK}\n${SAIR}`;
const BYE = (id: number) => `${M}Atendimento ${id} encerrado. Até logo, Maria!`;

/** What closing left on the ticket: its tree position, the attendance's end, and the log (type and bot). */
async function closedFacts(id: number) {
  const [row] = await sql<{ chatbot: boolean; chatbot_option_id: number | null; finished: boolean }>(
    s.host,
    'select chatbot, chatbot_option_id, finished_at is not null as finished from tickets where id = $1',
    [id],
  );
  const logs = await s.api<{ type: string; bot?: string | null }[]>(`/api/tickets-log/${id}`);
  return { ...row, logs: logs.map((l) => [l.type, l.bot ?? null]) };
}

beforeAll(async () => {
  // Monday 23 Nov 2026, 10:00 in São Paulo.
  s = await startConversationScript('2026-11-23T13:00:00Z');
  suporte = await s.queue('Suporte', 1);
  financeiro = await s.queue('Financeiro', 2, 'Financeiro:');
  const { name, color } = await s.api<{ name: string; color: string }>(`/api/queue/${financeiro}`);
  await s.api<{ chatbots: ChatbotDto[] }>(`/api/queue/${financeiro}`, {
    method: 'PUT',
    body: {
      name,
      color,
      chatbots: [
        {
          name: 'Boletos',
          greetingMessage: 'Qual boleto?',
          options: [
            { name: 'Segunda via', greetingMessage: 'Segue a segunda via.' },
            { name: 'Vencido', greetingMessage: 'Pague até 30 dias.' },
          ],
        },
        { name: 'Notas', greetingMessage: 'As notas chegam por e-mail.' },
      ],
    },
  });
  multi = await s.connection({
    name: 'Loja Sair',
    greetingMessage: 'Olá!',
    complationMessage: 'Atendimento {{ticket_id}} encerrado. Até logo, {{firstName}}!',
    queueIds: [suporte, financeiro],
  });
});
afterAll(() => s?.host.stop());

describe('"sair"', () => {
  it('in the menu (any case, spaces around it) closes with the completion message; a new message opens a new ticket', async () => {
    const n = '5511944440001';
    const id = await s.say(multi, n, 'oi');
    expect(await s.heard(id)).toEqual([MENU]);
    await s.say(multi, n, '  SaIr ');
    expect(await s.heard(id)).toEqual([MENU, BYE(id)]);
    expect(await s.state(id)).toMatchObject({
      status: 'closed',
      queueId: null,
      userId: null,
      isBot: false,
      amountUsedBotQueues: 0,
    });
    expect(await closedFacts(id)).toEqual({
      chatbot: false,
      chatbot_option_id: null,
      finished: true,
      logs: [
        ['create', null],
        ['chatBot', 'automation:queue-menu'],
        ['clientClosed', 'automation:queue-menu'],
      ],
    });

    const next = await s.say(multi, n, 'oi de novo');
    expect(next).not.toBe(id);
    expect(await s.heard(next)).toEqual([MENU]);
  });

  it('in a tree level closes the ticket and leaves the tree', async () => {
    const n = '5511944440002';
    const id = await s.say(multi, n, 'oi');
    await s.say(multi, n, '2');
    await s.say(multi, n, '1');
    await s.say(multi, n, 'Sair');
    expect(await s.heard(id)).toEqual([MENU, ROOT, BOLETOS, BYE(id)]);
    expect(await s.state(id)).toMatchObject({
      status: 'closed',
      queueId: financeiro,
      userId: null,
      isBot: false,
      amountUsedBotQueues: 0,
    });
    const facts = await closedFacts(id);
    expect(facts).toMatchObject({ chatbot: false, chatbot_option_id: null, finished: true });
    expect(facts.logs.at(-1)).toEqual(['clientClosed', 'automation:queue-menu']);
  });

  it('inside a longer sentence is not a command: the menu, then the level, are sent again', async () => {
    const n = '5511944440003';
    const id = await s.say(multi, n, 'oi');
    await s.say(multi, n, 'quero sair');
    expect(await s.heard(id)).toEqual([MENU, MENU]);
    await s.say(multi, n, '2');
    await s.say(multi, n, 'posso sair agora?');
    expect(await s.heard(id)).toEqual([MENU, MENU, ROOT, ROOT]);
    expect(await s.state(id)).toMatchObject({ status: 'pending', queueId: financeiro, isBot: true });
  });

  it('is not a command before the menu was sent, nor once the ticket waits in a queue for an attendant', async () => {
    const first = await s.say(multi, '5511944440004', 'sair');
    expect(await s.heard(first)).toEqual([MENU]);
    expect(await s.state(first)).toMatchObject({ status: 'pending', isBot: true });

    await s.say(multi, '5511944440004', '1'); // Suporte: no tree, the ticket waits
    await s.say(multi, '5511944440004', 'sair');
    expect(await s.heard(first)).toEqual([MENU]);
    expect(await s.state(first)).toMatchObject({ status: 'pending', queueId: suporte, isBot: false });
  });

  it('on a one-queue tree without a completion message closes in silence', async () => {
    const one = await s.connection({ name: 'Só financeiro', queueIds: [financeiro] });
    const n = '5511944440005';
    const id = await s.say(one, n, 'oi');
    const root = `${M}Financeiro:\n\n*[ 1 ]* - Boletos\n*[ 2 ]* - Notas\n${SAIR}`;
    expect(await s.heard(id)).toEqual([root]);
    await s.say(one, n, 'sair');
    expect(await s.heard(id)).toEqual([root]);
    expect(await s.state(id)).toMatchObject({ status: 'closed', queueId: financeiro, isBot: false });
  });
});
