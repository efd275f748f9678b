import type { ConnectionDto } from '@balcao/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConversationScript, startConversationScript } from '../../testing/conversation-script.js';

/**
 * Issue 24: the texts Balcão writes to contacts by itself follow the company's `language` setting (customer-texts.ts),
 * scripted on the fake WhatsApp: a company in English, then the same company in Spanish.
 */

const M = '\u200e';
let s: ConversationScript;
let menu: ConnectionDto;
let plain: ConnectionDto;
let phone = 5511933330000;
const next = () => {
  phone += 1;
  return String(phone);
};

beforeAll(async () => {
  // Monday 23 Nov 2026, 10:00 in São Paulo: {{ms}} is the morning's greeting.
  s = await startConversationScript('2026-11-23T13:00:00Z');
  const sales = await s.queue('Sales', 1, 'Sales:');
  const support = await s.queue('Support', 2);
  const { name, color } = await s.api<{ name: string; color: string }>(`/api/queue/${sales}`);
  await s.api(`/api/queue/${sales}`, {
    method: 'PUT',
    body: { name, color, chatbots: [{ name: 'Prices', greetingMessage: 'See our prices.' }] },
  });
  menu = await s.connection({ name: 'Menu', greetingMessage: 'Hello!', queueIds: [sales, support] });
  plain = await s.connection({ name: 'Plain', ratingMessage: 'How was it?' });
  await s.setting('userRating', 'enabled');
  await s.setting('sendGreetingAccepted', 'enabled');
});
afterAll(() => s?.host.stop());

describe('a company in English', () => {
  beforeAll(() => s.setting('language', 'en'));

  it('the queue menu, a chatbot level and its leaf speak English; "exit" ends the conversation', async () => {
    const n = next();
    const id = await s.say(menu, n, 'hi');
    await s.say(menu, n, '1');
    await s.say(menu, n, '1');
    expect(await s.heard(id)).toEqual([
      `${M}Hello!\n\n*[ 1 ]* - Sales\n*[ 2 ]* - Support\n\n*[ Exit ]* - End the conversation`,
      `${M}Sales:\n\n*[ 1 ]* - Prices\n*[ # ]* - Back to the main menu\n*[ Exit ]* - End the conversation`,
      `${M}See our prices.\n\nThank you! An attendant will answer you shortly.`,
    ]);

    const m = next();
    const other = await s.say(menu, m, 'hi');
    await s.say(menu, m, ' EXIT ');
    expect((await s.state(other)).status).toBe('closed');
  });

  it('the accept greeting, the rating footer and the invalid-rating line speak English', async () => {
    const n = next();
    const id = await s.say(plain, n, 'I need help');
    await s.api(`/api/tickets/${id}`, { method: 'PUT', body: { status: 'open', userId: s.userId } });
    await s.api(`/api/tickets/${id}`, {
      method: 'PUT',
      body: { status: 'closed', sendFarewellMessage: true },
    });
    await s.say(plain, n, 'great');
    const heard = await s.heard(id);
    // The accept greeting reads the machine's hour (not the script's clock): any English greeting of the day.
    expect(heard[0]).toMatch(
      /^\u200e(Hello|Good morning|Good afternoon|Good evening) \*.+\*, my name is \*.+\* and I will take it from here!$/,
    );
    const footer = '\n\n*Send a score from 0 to 10*\n\nSend *!* to go back to the conversation.';
    expect(heard.slice(1)).toEqual([
      `${M}How was it?${footer}`,
      `${M}Invalid option, please try again.\n\nHow was it?${footer}`,
    ]);
  });
});

describe('a company in Spanish', () => {
  beforeAll(() => s.setting('language', 'es'));

  it('the menu, the leaf and the way out speak Spanish; "salir" and "sair" both end the conversation', async () => {
    const n = next();
    const id = await s.say(menu, n, 'hola');
    await s.say(menu, n, '1');
    await s.say(menu, n, '1');
    expect(await s.heard(id)).toEqual([
      `${M}Hello!\n\n*[ 1 ]* - Sales\n*[ 2 ]* - Support\n\n*[ Salir ]* - Terminar la conversación`,
      `${M}Sales:\n\n*[ 1 ]* - Prices\n*[ # ]* - Volver al menú principal\n*[ Salir ]* - Terminar la conversación`,
      `${M}See our prices.\n\n¡Gracias! Un agente te responderá en breve.`,
    ]);
    for (const word of ['Salir', 'sair']) {
      const m = next();
      const other = await s.say(menu, m, 'hola');
      await s.say(menu, m, word);
      expect((await s.state(other)).status).toBe('closed');
    }
  });

  it('the setting refuses a language the texts do not have', async () => {
    const res = await s.host.request('/api/settings/language', {
      method: 'PUT',
      token: s.token,
      body: { value: 'fr' },
    });
    expect(res.status).toBe(400);
  });
});
