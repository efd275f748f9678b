import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type BrowserContext, expect, type Page } from '@playwright/test';
import { adminToken, createAttendant } from './attendance';
import { login, shot } from './helpers';
import { randomColor, test } from './queues';

// Issue 28's browser journey: an admin creates a Typebot integration and an AI prompt, attaches them to the options of
// a queue's chatbot, and web chat visitors get each engine's answers. Typebot and the model are local stand-ins.

const read = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString() || '{}');
};

/** Typebot's chat API (v1): greets by the name Balcão passes, offers two choices and answers the one taken. */
async function startTypebot(): Promise<Server> {
  const server = createServer(async (req, res) => {
    const body = await read(req);
    const answer = (json: unknown, status = 200) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    const text = (t: string) => ({
      type: 'text',
      content: { type: 'richText', richText: [{ type: 'p', children: [{ text: t }] }] },
    });
    if (req.url === '/api/v1/typebots/jornada-e2e/startChat')
      return answer({
        sessionId: 'jornada-1',
        messages: [text(`Typebot aqui, ${body.prefilledVariables?.name}.`)],
        input: { type: 'choice input', items: [{ content: 'Pedidos' }, { content: 'Trocas' }] },
      });
    if (req.url === '/api/v1/sessions/jornada-1/continueChat')
      return answer({ messages: [text(`Typebot: você escolheu ${body.message?.text}.`)] });
    answer({ message: 'not found' }, 404);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/** An OpenAI-compatible model: answers "IA: " and the contact's last message. */
async function startModel(): Promise<Server> {
  const server = createServer(async (req, res) => {
    const body = (await read(req)) as { messages?: { role: string; content: string }[] };
    const last = [...(body.messages ?? [])].reverse().find((m) => m.role === 'user')?.content ?? '';
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        id: 'chatcmpl-jornada',
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: 'mock',
        choices: [
          { index: 0, finish_reason: 'stop', message: { role: 'assistant', content: `IA: ${last}` } },
        ],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

const urlOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

/** A chatbot option that hands the conversation to an engine (and, for Typebot, its record). */
async function engineOption(page: Page, index: number, name: string, engine: string, record?: string) {
  await page.getByTestId('chatbot-add').click();
  await page.getByTestId(`chatbot-${index}-name`).fill(name);
  await page.getByTestId(`chatbot-${index}-message`).fill(`Um momento: ${name}.`);
  await page.getByTestId(`chatbot-${index}-type`).selectOption('integration');
  await page.getByTestId(`chatbot-${index}-engine`).selectOption(engine);
  if (record) await page.getByTestId(`chatbot-${index}-integration`).selectOption({ label: record });
}

test('an admin creates a Typebot integration and a prompt, attaches them to a queue’s chatbot options, and web chat visitors get each engine’s answers', async ({
  page,
  browser,
  request,
}) => {
  // Three admin screens, two dialogs and two visitors' conversations on a shared 2-core machine.
  test.setTimeout(240_000);
  const typebot = await startTypebot();
  const model = await startModel();
  const tag = Date.now().toString(36);
  const auth = { authorization: `Bearer ${await adminToken(request)}` };
  const queueRes = await request.post('/api/queue', {
    headers: auth,
    data: { name: `Jornada ${tag}`, color: randomColor(), greetingMessage: 'Com quem quer falar?' },
  });
  expect(queueRes.status()).toBe(201);
  const queue = (await queueRes.json()) as { id: number; name: string };
  const admin = await createAttendant(request, await adminToken(request), {
    name: 'Otto Jornada',
    profile: 'admin',
    language: 'pt-BR',
  });
  // One browser context per visitor: a context keeps its visitor's id, as a browser does.
  const contexts: BrowserContext[] = [];
  let siteId: number | undefined;
  try {
    await login(page, admin);
    await expect(page).toHaveURL(/\/tickets$/);

    // The Typebot record.
    await page.getByTestId('menu-/queue-integration').click({ timeout: 60_000 });
    await page.getByTestId('queue-integrations-add').click();
    await page.getByTestId('qi-type').selectOption('typebot');
    await page.getByTestId('qi-name').fill(`Jornada ${tag}`);
    await page.getByTestId('qi-urlN8N').fill(urlOf(typebot));
    await page.getByTestId('qi-typebotSlug').fill('jornada-e2e');
    await page.getByTestId('qi-typebotDelayMessage').fill('0');
    await page.getByTestId('qi-save').click();
    await expect(page.getByText('Integração adicionada com sucesso!')).toBeVisible();

    // The prompt, for the queue, with the stand-in model as its OpenAI-compatible base URL.
    await page.getByTestId('menu-/prompts').click({ timeout: 60_000 });
    await page.getByTestId('prompt-add').click({ timeout: 60_000 });
    await page.getByTestId('prompt-name').fill(`Assistente ${tag}`);
    await page.getByTestId('prompt-prompt').fill('Você atende a loja. Responda sobre pedidos.');
    await page.getByTestId('prompt-queue').selectOption({ label: queue.name });
    await page.getByTestId('prompt-api-key').fill('sk-jornada');
    await page.getByTestId('prompt-base-url').fill(`${urlOf(model)}/v1`);
    await page.getByTestId('prompt-save').click();
    await expect(
      page.locator('[data-testid^="prompt-row-"]', { hasText: `Assistente ${tag}` }),
    ).toBeVisible();

    // The queue's chatbot: option 1 hands the conversation to the Typebot, option 2 to the AI.
    await page.getByTestId('menu-/queues').click();
    await page
      .getByTestId(`queue-row-${queue.id}`)
      .getByRole('button', { name: /editar/i })
      .click();
    await page.getByTestId('queue-tab-chatbot').click();
    await engineOption(page, 0, 'Robô de pedidos', 'queue-integrations:typebot', `Jornada ${tag} (typebot)`);
    await engineOption(page, 1, 'Assistente virtual', 'openai:prompt');
    await page.getByTestId('queue-save').click();
    await expect(page.getByTestId('queue-form')).toHaveCount(0);
    await shot(page, 'integrations-journey-queues');

    const created = await request.post('/api/whatsapp', {
      headers: auth,
      data: { name: `Site jornada ${tag}`, channel: 'webchat', queueIds: [queue.id] },
    });
    expect(created.status()).toBe(201);
    const site = (await created.json()) as { id: number; token: string };
    siteId = site.id;

    const visitor = async (name: string) => {
      const context = await browser.newContext({ locale: 'pt-BR' });
      contexts.push(context);
      const tab = await context.newPage();
      await tab.goto(`/webchat/${site.token}`);
      await tab.getByTestId('webchat-name').fill(name);
      await tab.getByTestId('webchat-start').click();
      const say = async (text: string) => {
        await tab.getByTestId('webchat-input').fill(text);
        await tab.keyboard.press('Enter');
        await expect(tab.locator('.msg.me', { hasText: text }).last()).toBeVisible();
      };
      await say('oi');
      await expect(tab.getByText('Com quem quer falar?')).toBeVisible({ timeout: 20_000 });
      await expect(tab.getByText('- Assistente virtual')).toBeVisible();
      return { tab, say };
    };

    // Option 1: the Typebot takes the conversation, with the visitor's name and a numbered choice.
    const marta = await visitor('Marta');
    await marta.say('1');
    await expect(marta.tab.getByText('Um momento: Robô de pedidos.')).toBeVisible({ timeout: 20_000 });
    await marta.say('quero ver meu pedido');
    await expect(marta.tab.getByText('Typebot aqui, Marta.')).toBeVisible({ timeout: 20_000 });
    await expect(marta.tab.getByText('2 - Trocas')).toBeVisible();
    await marta.say('2');
    await expect(marta.tab.getByText('Typebot: você escolheu Trocas.')).toBeVisible({ timeout: 20_000 });
    await shot(marta.tab, 'integrations-journey-typebot');

    // Option 2: the AI answers with the queue's prompt.
    const nuno = await visitor('Nuno');
    await nuno.say('2');
    await expect(nuno.tab.getByText('Um momento: Assistente virtual.')).toBeVisible({ timeout: 20_000 });
    await nuno.say('Meu pedido já saiu?');
    await expect(nuno.tab.getByText('IA: Meu pedido já saiu?')).toBeVisible({ timeout: 20_000 });
    await shot(nuno.tab, 'integrations-journey-ai');
  } finally {
    for (const context of contexts) await context.close();
    if (siteId) await request.delete(`/api/whatsapp/${siteId}`, { headers: auth });
    await request.delete(`/api/queue/${queue.id}`, { headers: auth });
    typebot.closeAllConnections();
    typebot.close();
    model.closeAllConnections();
    model.close();
  }
});
