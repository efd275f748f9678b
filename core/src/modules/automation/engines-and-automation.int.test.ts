import { type BotEngine, type ConnectionDto, definePlugin, type MessagesPort } from '@balcao/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConversationScript, startConversationScript } from '../../testing/conversation-script.js';

/**
 * Where the automation stands beside the bot engines (docs/automation.md): working hours before any engine, the
 * queue menu only when no engine took the message.
 */

const M = '\u200e';
type Deps = { messages: MessagesPort };
const engine = (name: string, number: string, rest: Pick<BotEngine<Deps>, 'handle'>): BotEngine<Deps> => ({
  name,
  wants: (_ticket, contact) => contact.number === number,
  ...rest,
});
const testBots = definePlugin({
  name: 'test-bots',
  requires: ['messages'],
  contributes: {
    botEngines: [
      engine('echo', '5511933330001', {
        async handle({ message, ticket, deps }) {
          await deps.messages.send({ ticketId: ticket.id, body: `eco: ${message.body}` });
          return { type: 'reply-sent' };
        },
      }),
      engine('passer', '5511933330002', {
        async handle() {
          return { type: 'pass' };
        },
      }),
    ],
  },
});

let s: ConversationScript;
let conn: ConnectionDto;
const MENU = `${M}Olá!\n\n*[ 1 ]* - Suporte\n*[ 2 ]* - Vendas\n\n*[ Sair ]* - Encerrar atendimento`;

beforeAll(async () => {
  s = await startConversationScript('2026-11-23T13:00:00Z', [testBots]); // Monday 10:00 in São Paulo
  const queueIds = [await s.queue('Suporte', 1), await s.queue('Vendas', 2)];
  conn = await s.connection({
    name: 'Loja',
    greetingMessage: 'Olá!',
    outOfHoursMessage: 'Fechado.',
    queueIds,
  });
});
afterAll(() => s?.host.stop());

describe('the automation beside the bot engines', () => {
  it('an engine that takes the message answers it alone: no menu', async () => {
    const id = await s.say(conn, '5511933330001', 'oi');
    expect(await s.heard(id)).toEqual(['eco: oi']);
    expect(await s.state(id)).toMatchObject({ queueId: null, isBot: true, amountUsedBotQueues: 0 });
  });

  it('an engine that passes gives the message to the default routing: the menu', async () => {
    const id = await s.say(conn, '5511933330002', 'oi');
    expect(await s.heard(id)).toEqual([MENU]);
    await s.say(conn, '5511933330002', '2');
    expect(await s.state(id)).toMatchObject({ queueId: expect.any(Number), isBot: false });
  });

  it('out of hours the engine never sees the message: the contact hears the out-of-hours text', async () => {
    const closed = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map(
      (weekdayEn) => ({
        weekday: weekdayEn,
        weekdayEn,
        startTimeA: '',
        endTimeA: '',
        startTimeB: '',
        endTimeB: '',
      }),
    );
    await s.api(`/api/companies/${s.companyId}/schedules`, { method: 'PUT', body: { schedules: closed } });
    await s.setting('scheduleType', 'company');
    const id = await s.say(conn, '5511933330001', 'tem alguém?');
    // The echo engine holds this contact's ticket (first test); out of hours it is not asked.
    expect(await s.heard(id)).toEqual(['eco: oi', `${M}Fechado.`]);
    expect(await s.state(id)).toMatchObject({ isOutOfHour: true, amountUsedBotQueues: 1 });
  });
});
