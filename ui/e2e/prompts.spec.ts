import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from '@playwright/test';
import { adminToken } from './attendance';
import { login, shot, USERS } from './helpers';
import { test } from './queues';

/** A local OpenAI-compatible model (chat.completions): it answers "Modelo: " and the contact's last message. */
async function startMockModel(): Promise<{ url: string; server: Server }> {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as {
      messages?: { role: string; content: string }[];
    };
    const last = [...(body.messages ?? [])].reverse().find((m) => m.role === 'user')?.content ?? '';
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: 'chatcmpl-e2e',
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: 'mock',
        choices: [
          { index: 0, finish_reason: 'stop', message: { role: 'assistant', content: `Modelo: ${last}` } },
        ],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, server };
}

test('an admin creates an AI prompt, a queue hands its conversations to it, a web chat visitor gets the answer', async ({
  page,
  browser,
  request,
  createQueue,
}) => {
  // Many steps through two pages and a visitor's conversation: more than the default 45 s on a busy machine.
  test.setTimeout(180_000);
  const model = await startMockModel();
  const auth = { authorization: `Bearer ${await adminToken(request)}` };
  const queue = await createQueue(`IA ${Date.now() % 100000}`);
  try {
    await login(page, USERS.admin);
    await expect(page).toHaveURL(/\/tickets$/);

    // The prompt: from the admin menu's page, with the mock as its base URL.
    // The shell is still loading its plugins' pages right after the login: on a busy machine that takes a while.
    await page.getByTestId('menu-/prompts').click({ timeout: 60_000 });
    await page.getByTestId('prompt-add').click({ timeout: 60_000 });
    await page.getByTestId('prompt-name').fill('Assistente da padaria');
    await page.getByTestId('prompt-prompt').fill('Você atende a Padaria Central. Responda sobre horários.');
    // Without a queue nothing is saved: the spec's 'Informe o setor' (en: 'Choose the queue').
    await page.getByTestId('prompt-save').click();
    await expect(page.getByText(/Informe o setor|Choose the queue/)).toBeVisible();
    await page.getByTestId('prompt-queue').selectOption({ label: queue.name });
    await page.getByTestId('prompt-api-key').fill('sk-e2e-secret');
    await page.getByTestId('prompt-base-url').fill(model.url);
    await page.getByTestId('prompt-save').click();
    const row = page.locator('[data-testid^="prompt-row-"]', { hasText: 'Assistente da padaria' });
    await expect(row).toContainText(queue.name);
    await expect(row).toContainText('100');
    await shot(page, 'prompts-list');

    // The queue hands its conversations to the OpenAI engine, with this prompt.
    await page.getByTestId('menu-/queues').click();
    await page
      .getByTestId(`queue-row-${queue.id}`)
      .getByRole('button', { name: /edit|editar|düzenle/i })
      .click();
    await page.getByTestId('queue-botEngine').selectOption('openai:prompt');
    await page.getByTestId('queue-promptId').selectOption({ label: 'Assistente da padaria' });
    await page.getByTestId('queue-save').click();
    await expect(page.getByTestId('queue-form')).toHaveCount(0);

    const site = await (
      await request.post('/api/whatsapp', {
        headers: auth,
        data: { name: `Site IA ${queue.id}`, channel: 'webchat', queueIds: [queue.id] },
      })
    ).json();

    const visitorContext = await browser.newContext({ locale: 'pt-BR' });
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/webchat/${site.token}`);
    await visitor.getByTestId('webchat-name').fill('Joana');
    await visitor.getByTestId('webchat-start').click();
    // The first message puts the ticket in the connection's one queue; the next one reaches the model.
    await visitor.getByTestId('webchat-input').fill('oi');
    await visitor.keyboard.press('Enter');
    await expect(visitor.getByText('oi', { exact: true })).toBeVisible();
    await visitor.getByTestId('webchat-input').fill('Que horas vocês abrem?');
    await visitor.keyboard.press('Enter');
    await expect(visitor.getByText('Modelo: Que horas vocês abrem?')).toBeVisible({ timeout: 20_000 });
    await shot(visitor, 'prompts-visitor');
    await visitorContext.close();

    const prompts = await (await request.get('/api/prompt', { headers: auth })).json();
    const made = prompts.prompts.find((p: { name: string }) => p.name === 'Assistente da padaria');
    expect(JSON.stringify(made)).not.toContain('sk-e2e-secret');
    await request.delete(`/api/prompt/${made.id}`, { headers: auth });
    await request.delete(`/api/whatsapp/${site.id}`, { headers: auth });
  } finally {
    model.server.close();
  }
});
