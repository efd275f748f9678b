import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from '@playwright/test';
import { adminToken, createAttendant } from './attendance';
import { login, shot } from './helpers';
import { test } from './queues';

const text = (t: string, marks: Record<string, boolean> = {}) => ({
  type: 'text',
  content: { type: 'richText', richText: [{ type: 'p', children: [{ text: t, ...marks }] }] },
});

/**
 * A stand-in for a Typebot server's chat API (v1): the bot greets by the name Balcão passes, offers two departments
 * and answers the choice. Listens on loopback (the e2e server's egress allows it).
 */
async function startTypebot(): Promise<{ url: string; server: Server }> {
  const read = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString() || '{}');
  };
  const server = createServer(async (req, res) => {
    const body = await read(req);
    const answer = (json: unknown, status = 200) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    if (req.url === '/api/v1/typebots/balcao-e2e/startChat')
      return answer({
        sessionId: 'sessao-1',
        messages: [
          {
            type: 'text',
            content: {
              type: 'richText',
              richText: [
                {
                  type: 'p',
                  children: [
                    { text: 'Olá, ' },
                    { text: String(body.prefilledVariables?.name), bold: true },
                    { text: '!' },
                  ],
                },
              ],
            },
          },
        ],
        input: { type: 'choice input', items: [{ content: 'Vendas' }, { content: 'Suporte' }] },
      });
    if (req.url === '/api/v1/sessions/sessao-1/continueChat') {
      const chosen = body.message?.text;
      if (chosen === 'Vendas' || chosen === 'Suporte')
        return answer({ messages: [text(`Você escolheu ${chosen}.`, { italic: true })] });
      return answer({ messages: [text('Invalid message. Please, try again.')] });
    }
    answer({ message: 'not found' }, 404);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

test('an admin creates a Typebot integration, attaches it to a queue, and a web chat visitor gets the bot’s answers', async ({
  page,
  browser,
  request,
  createQueue,
}) => {
  // A whole journey (two screens, a dialog, a visitor's conversation with the bot) on a shared 2-core machine.
  test.setTimeout(150_000);
  const typebot = await startTypebot();
  const tag = Date.now().toString(36);
  const token = await adminToken(request);
  const auth = { authorization: `Bearer ${token}` };
  const queue = await createQueue(`Robô ${tag}`);
  const admin = await createAttendant(request, token, {
    name: 'Íris Integra',
    profile: 'admin',
    language: 'pt-BR',
  });
  await login(page, admin);
  await expect(page).toHaveURL(/\/tickets$/);

  // The integrations page: add a Typebot (the dialog checks its fields first).
  await page.getByTestId('menu-/queue-integration').click();
  await expect(page).toHaveURL(/\/queue-integration$/);
  await page.getByTestId('queue-integrations-add').click();
  await page.getByTestId('qi-type').selectOption('typebot');
  await page.getByTestId('qi-name').fill(`Bot ${tag}`);
  await page.getByTestId('qi-save').click();
  await expect(page.getByTestId('queue-integration-dialog').getByText('Required')).toHaveCount(2);
  await page.getByTestId('qi-urlN8N').fill(typebot.url);
  await page.getByTestId('qi-typebotSlug').fill('balcao-e2e');
  await page.getByTestId('qi-typebotDelayMessage').fill('0');
  await page.getByTestId('qi-save').click();
  await expect(page.getByText('Integração adicionada com sucesso!')).toBeVisible();
  const row = page.getByTestId('queue-integrations-table').locator('tr', { hasText: `Bot ${tag}` });
  await expect(row.getByTestId('queue-integration-type-typebot')).toBeVisible();
  await page.getByTestId('queue-integrations-search').fill(tag);
  await expect(page.getByTestId('queue-integrations-table').locator('tbody tr')).toHaveCount(1);
  await shot(page, 'queue-integrations');

  // The queue answers with it: its bot engine and the integration, picked by name.
  await page.getByTestId('menu-/queues').click();
  await page
    .getByTestId('queues-table')
    .locator('tr', { hasText: queue.name })
    .getByRole('button', { name: 'Editar' })
    .click();
  await page.getByTestId('queue-botEngine').selectOption('queue-integrations:typebot');
  await page.getByTestId('queue-integrationId').selectOption({ label: `Bot ${tag} (typebot)` });
  await page.getByTestId('queue-save').click();
  await expect(page.getByText('Fila salva.')).toBeVisible();

  // A web chat whose only queue is that one: the visitor's conversation lands there and the Typebot answers.
  const created = await request.post('/api/whatsapp', {
    headers: auth,
    data: { name: `Site ${tag}`, channel: 'webchat', queueIds: [queue.id] },
  });
  expect(created.status()).toBe(201);
  const site = (await created.json()) as { id: number; token: string };
  const visitorContext = await browser.newContext({ locale: 'pt-BR' });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/webchat/${site.token}`);
  await visitor.getByTestId('webchat-name').fill('Marina');
  await visitor.getByTestId('webchat-start').click();
  await visitor.getByTestId('webchat-input').fill('oi');
  await visitor.keyboard.press('Enter');
  await expect(visitor.locator('.msg.me', { hasText: 'oi' })).toBeVisible();
  await visitor.getByTestId('webchat-input').fill('quero atendimento');
  await visitor.keyboard.press('Enter');
  await expect(visitor.locator('.msg strong', { hasText: 'Marina' })).toBeVisible({ timeout: 20_000 });
  await expect(visitor.getByText('1 - Vendas').first()).toBeVisible();
  await visitor.getByTestId('webchat-input').fill('1');
  await visitor.keyboard.press('Enter');
  await expect(visitor.locator('.msg em', { hasText: 'Você escolheu Vendas.' })).toBeVisible({
    timeout: 20_000,
  });
  await shot(visitor, 'queue-integration-visitor');

  await visitorContext.close();
  await request.delete(`/api/whatsapp/${site.id}`, { headers: auth });
  typebot.server.closeAllConnections();
  typebot.server.close();
});
