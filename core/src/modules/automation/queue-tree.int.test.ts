import type { ChatbotDto, ConnectionDto } from '@balcao/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../testing/attendance-fixtures.js';
import { type ConversationScript, startConversationScript } from '../../testing/conversation-script.js';

/**
 * The queue chatbot option trees, scripted conversations on the fake WhatsApp with a manual clock: what the contact
 * hears after each message, and where the ticket stands (its queue, status, user, and place in the tree).
 */

const M = '\u200e';
/** After a leaf that hands nothing over (issue 24). */
const WILL_ANSWER = '\n\nObrigado! Um atendente vai responder em breve.';
let s: ConversationScript;
let suporte: number;
let financeiro: number;
let cobranca: number;
let boletos: number;
let tecnico: number;
let multi: ConnectionDto;
const SAIR = '*[ Sair ]* - Encerrar atendimento';
const BACK = '*[ # ]* - Voltar para o menu principal';
const MENU = `${M}Olá!\n\n*[ 1 ]* - Suporte\n*[ 2 ]* - Financeiro\n\n${SAIR}`;
const OPTIONS =
  '*[ 1 ]* - Boletos\n*[ 2 ]* - Cobrança\n*[ 3 ]* - Falar com Ana\n*[ 4 ]* - Arquivos\n' +
  '*[ 5 ]* - Suporte técnico';
const ROOT = `${M}Financeiro, Maria. Escolha:\n\n${OPTIONS}\n${BACK}\n${SAIR}`;
const BOLETOS = `${M}Qual boleto?\n\n*[ 1 ]* - Segunda via\n*[ 2 ]* - Encerrar conversa\n${BACK}\n${SAIR}`;
/** The tree of Técnico, a queue the connection's menu does not list, reached through Financeiro's option 5. */
const TECNICO = `${M}Técnico, Maria. O que houve?\n\n*[ 1 ]* - Sem internet\n*[ 2 ]* - Lentidão\n${BACK}\n${SAIR}`;

/** Where the ticket stands in the tree. */
async function tree(id: number) {
  const [row] = await sql<{ chatbot: boolean; chatbot_option_id: number | null }>(
    s.host,
    'select chatbot, chatbot_option_id from tickets where id = $1',
    [id],
  );
  return row;
}

beforeAll(async () => {
  // Monday 23 Nov 2026, 10:00 in São Paulo.
  s = await startConversationScript('2026-11-23T13:00:00Z');
  suporte = await s.queue('Suporte', 1);
  financeiro = await s.queue('Financeiro', 2, 'Financeiro, {{firstName}}. Escolha:');
  cobranca = await s.queue('Cobrança', 3);
  tecnico = await s.queue('Técnico', 4, 'Técnico, {{firstName}}. O que houve?');
  const tec = await s.api<{ name: string; color: string }>(`/api/queue/${tecnico}`);
  await s.api(`/api/queue/${tecnico}`, {
    method: 'PUT',
    body: {
      name: tec.name,
      color: tec.color,
      chatbots: [
        { name: 'Sem internet', greetingMessage: 'Reinicie o roteador, por favor.' },
        { name: 'Lentidão', greetingMessage: 'Vamos medir a velocidade.' },
      ],
    },
  });
  const { name, color } = await s.api<{ name: string; color: string }>(`/api/queue/${financeiro}`);
  const saved = await s.api<{ chatbots: ChatbotDto[] }>(`/api/queue/${financeiro}`, {
    method: 'PUT',
    body: {
      name,
      color,
      chatbots: [
        {
          name: 'Boletos',
          greetingMessage: 'Qual boleto?',
          options: [
            { name: 'Segunda via', greetingMessage: 'Segue a segunda via do ticket {{ticket_id}}.' },
            { name: 'Encerrar conversa', greetingMessage: 'Até logo!', closeTicket: true },
          ],
        },
        {
          name: 'Cobrança',
          queueType: 'queue',
          optQueueId: cobranca,
          greetingMessage: 'Vou passar para a cobrança.',
        },
        {
          name: 'Falar com Ana',
          queueType: 'attendent',
          optUserId: s.userId,
          greetingMessage: 'Chamando a Ana.',
        },
        { name: 'Arquivos', queueType: 'file', greetingMessage: 'Os arquivos chegam em breve.' },
        {
          name: 'Suporte técnico',
          queueType: 'queue',
          optQueueId: tecnico,
          greetingMessage: 'Vou passar para o técnico.',
        },
      ],
    },
  });
  boletos = saved.chatbots[0]?.id ?? 0;
  multi = await s.connection({
    name: 'Loja Árvore',
    greetingMessage: 'Olá!',
    complationMessage: 'Atendimento {{ticket_id}} encerrado. Até logo, {{firstName}}!',
    queueIds: [suporte, financeiro],
  });
});
afterAll(() => s?.host.stop());

describe('queue chatbot trees', () => {
  it('walks two levels: the queue lists its options, a text option its own, a leaf answers, "#" goes back', async () => {
    const n = '5511922220001';
    const id = await s.say(multi, n, 'oi');
    await s.say(multi, n, '2');
    expect(await s.heard(id)).toEqual([MENU, ROOT]);
    expect(await s.state(id)).toMatchObject({
      status: 'pending',
      queueId: financeiro,
      userId: null,
      isBot: true,
    });
    expect(await tree(id)).toEqual({ chatbot: true, chatbot_option_id: null });

    await s.say(multi, n, '9'); // no option 9: the level again
    expect(await s.heard(id)).toEqual([MENU, ROOT, ROOT]);

    await s.say(multi, n, ' 1 ');
    expect(await s.heard(id)).toEqual([MENU, ROOT, ROOT, BOLETOS]);
    expect(await tree(id)).toEqual({ chatbot: true, chatbot_option_id: boletos });

    await s.say(multi, n, '1'); // a leaf: its text and that an attendant will answer; the ticket stays on the level
    const leaf = `${M}Segue a segunda via do ticket ${id}.${WILL_ANSWER}`;
    expect(await s.heard(id)).toEqual([MENU, ROOT, ROOT, BOLETOS, leaf]);
    expect(await tree(id)).toEqual({ chatbot: true, chatbot_option_id: boletos });
    expect(await s.state(id)).toMatchObject({ status: 'pending', queueId: financeiro, isBot: true });

    await s.say(multi, n, 'e agora?');
    expect(await s.heard(id)).toEqual([MENU, ROOT, ROOT, BOLETOS, leaf, BOLETOS]);

    await s.say(multi, n, '#');
    expect(await s.heard(id)).toEqual([MENU, ROOT, ROOT, BOLETOS, leaf, BOLETOS, MENU]);
    expect(await s.state(id)).toMatchObject({
      status: 'pending',
      queueId: null,
      isBot: true,
      amountUsedBotQueues: 1,
    });
    expect(await tree(id)).toEqual({ chatbot: false, chatbot_option_id: null });

    await s.say(multi, n, '1'); // Suporte has no tree: the ticket waits there
    expect(await s.heard(id)).toHaveLength(7);
    expect(await s.state(id)).toMatchObject({ status: 'pending', queueId: suporte, isBot: false });
  });

  it('a leaf with closeTicket answers and closes the ticket', async () => {
    const n = '5511922220002';
    const id = await s.say(multi, n, 'oi');
    await s.say(multi, n, '2');
    await s.say(multi, n, '1');
    await s.say(multi, n, '2');
    // Without farewell: the connection's complationMessage is not sent.
    expect(await s.heard(id)).toEqual([MENU, ROOT, BOLETOS, `${M}Até logo!`]);
    expect(await s.state(id)).toMatchObject({
      status: 'closed',
      queueId: financeiro,
      userId: null,
      isBot: false,
    });
    expect(await tree(id)).toEqual({ chatbot: false, chatbot_option_id: null });
  });

  it('a queue option moves the ticket to that queue, where it waits', async () => {
    const n = '5511922220003';
    const id = await s.say(multi, n, 'oi');
    await s.say(multi, n, '2');
    await s.say(multi, n, '2');
    expect(await s.heard(id)).toEqual([MENU, ROOT, `${M}Vou passar para a cobrança.`]);
    expect(await s.state(id)).toMatchObject({
      status: 'pending',
      queueId: cobranca,
      userId: null,
      isBot: false,
    });
    expect(await tree(id)).toEqual({ chatbot: false, chatbot_option_id: null });
    await s.say(multi, n, 'obrigada');
    expect(await s.heard(id)).toHaveLength(3);
  });

  it("a queue option to a queue with a tree starts that queue's tree, as the menu would; '#' still goes back", async () => {
    const n = '5511922220009';
    const id = await s.say(multi, n, 'oi');
    await s.say(multi, n, '2');
    await s.say(multi, n, '5');
    expect(await s.heard(id)).toEqual([MENU, ROOT, `${M}Vou passar para o técnico.`, TECNICO]);
    expect(await s.state(id)).toMatchObject({
      status: 'pending',
      queueId: tecnico,
      userId: null,
      isBot: true,
      amountUsedBotQueues: 1,
    });
    expect(await tree(id)).toEqual({ chatbot: true, chatbot_option_id: null });

    // Técnico is not on the connection's menu: its tree answers all the same, within the same limits.
    await s.say(multi, n, 'não sei');
    await s.say(multi, n, '2');
    expect(await s.heard(id)).toEqual([
      MENU,
      ROOT,
      `${M}Vou passar para o técnico.`,
      TECNICO,
      TECNICO,
      `${M}Vamos medir a velocidade.${WILL_ANSWER}`,
    ]);
    expect(await s.state(id)).toMatchObject({ queueId: tecnico, isBot: true, amountUsedBotQueues: 2 });
    const logs = await s.api<{ type: string; bot?: string | null }[]>(`/api/tickets-log/${id}`);
    // Each queue entered, then its tree taking the contact (as after the menu's choice).
    expect(logs.map((l) => l.type)).toEqual(['create', 'chatBot', 'queue', 'chatBot', 'queue', 'chatBot']);

    await s.say(multi, n, '#');
    expect(await s.heard(id)).toHaveLength(7);
    expect((await s.heard(id))[6]).toBe(MENU);
    expect(await s.state(id)).toMatchObject({ queueId: null, isBot: true });
    expect(await tree(id)).toEqual({ chatbot: false, chatbot_option_id: null });
  });

  it('an attendant option gives the ticket to that user', async () => {
    const n = '5511922220004';
    const id = await s.say(multi, n, 'oi');
    await s.say(multi, n, '2');
    await s.say(multi, n, '3');
    expect(await s.heard(id)).toEqual([MENU, ROOT, `${M}Chamando a Ana.`]);
    expect(await s.state(id)).toMatchObject({
      status: 'open',
      queueId: financeiro,
      userId: s.userId,
      isBot: false,
    });
    expect(await tree(id)).toEqual({ chatbot: false, chatbot_option_id: null });
  });

  it('a file option without a list (or without the file-lists plugin) answers and leaves the ticket waiting in the queue', async () => {
    const n = '5511922220005';
    const id = await s.say(multi, n, 'oi');
    await s.say(multi, n, '2');
    await s.say(multi, n, '4');
    expect(await s.heard(id)).toEqual([MENU, ROOT, `${M}Os arquivos chegam em breve.`]);
    expect(await s.state(id)).toMatchObject({
      status: 'pending',
      queueId: financeiro,
      userId: null,
      isBot: false,
    });
    expect(await tree(id)).toEqual({ chatbot: false, chatbot_option_id: null });
  });

  it('wrong answers repeat the level up to maxUseBotQueues; then silence, and a number still picks', async () => {
    const n = '5511922220006';
    const id = await s.say(multi, n, 'oi');
    await s.say(multi, n, '2');
    await s.say(multi, n, 'hã?');
    await s.say(multi, n, 'como?');
    expect(await s.heard(id)).toEqual([MENU, ROOT, ROOT, ROOT]);
    expect(await s.state(id)).toMatchObject({ amountUsedBotQueues: 3 });
    await s.say(multi, n, 'alô?'); // maxUseBotQueues (3) reached
    expect(await s.heard(id)).toHaveLength(4);
    await s.say(multi, n, '1');
    expect(await s.heard(id)).toEqual([MENU, ROOT, ROOT, ROOT, BOLETOS]);
    expect(await s.state(id)).toMatchObject({ amountUsedBotQueues: 1 });
  });

  it('one queue: the connection greets, the tree lists its options without "#" (no menu to go back to)', async () => {
    const one = await s.connection({
      name: 'Só financeiro',
      greetingMessage: 'Bem-vinda!',
      queueIds: [financeiro],
    });
    const root = `${M}Financeiro, Maria. Escolha:\n\n${OPTIONS}\n${SAIR}`;
    const n = '5511922220007';
    const id = await s.say(one, n, 'oi');
    expect(await s.heard(id)).toEqual([`${M}Bem-vinda!`, root]);
    expect(await s.state(id)).toMatchObject({ queueId: financeiro, isBot: true });
    await s.say(one, n, '#');
    expect(await s.heard(id)).toEqual([`${M}Bem-vinda!`, root, root]);
    expect(await s.state(id)).toMatchObject({ queueId: financeiro });
  });

  it('a contact with the bot disabled hears no tree', async () => {
    const contact = await s.api<{ id: number }>('/api/contacts', {
      body: { name: 'Sem robô', number: '5511922220008' },
    });
    await s.api(`/api/contacts/toggleDisableBot/${contact.id}`, { method: 'PUT' });
    const one = await s.connection({
      name: 'Só financeiro 2',
      greetingMessage: 'Oi',
      queueIds: [financeiro],
    });
    const id = await s.say(one, '5511922220008', 'oi');
    expect(await s.heard(id)).toEqual([]);
    expect(await s.state(id)).toMatchObject({ queueId: financeiro, isBot: false });
    expect(await tree(id)).toEqual({ chatbot: false, chatbot_option_id: null });
  });
});
