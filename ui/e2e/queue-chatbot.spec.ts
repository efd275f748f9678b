import { expect } from '@playwright/test';
import { adminToken, createAttendant, openVisitorPage, signedIn } from './attendance';
import { setTheme, shot, tick, USERS } from './helpers';
import { test } from './queues';

// Spec part 2 §2 Queues: chatbot options are nested trees inside the queue modal; the service-hours tab shows only
// when the company keeps hours per queue (scheduleType queue). §5: a level needs a message. §8: 'Bot saved successfully'.

test('an admin builds a queue with a two-level chatbot tree, saves it and finds it again; hours per queue get their tab', async ({
  browser,
  request,
  createQueue,
}) => {
  test.setTimeout(180_000); // a long form filled by hand, reopened, in two themes and widths
  const token = await adminToken(request);
  const auth = { authorization: `Bearer ${token}` };
  const tag = `${Date.now() % 100_000}${Math.random().toString(36).slice(2, 4)}`;
  const scheduleType = (value: string) =>
    request.put('/api/settings/scheduleType', { headers: auth, data: { value } });
  expect((await scheduleType('queue')).ok()).toBe(true);
  const finance = await createQueue(`Financeiro ${tag}`);
  const ana = await createAttendant(request, token, { name: `Ana ${tag}` });
  const name = `Atendimento ${tag}`;
  try {
    const { context, page } = await signedIn(browser, USERS.admin, 1400);
    await page.goto('/queues');
    await page.getByTestId('queues-add').click();
    await page.getByTestId('queue-name').fill(name);
    await tick(page.getByTestId('queue-rotation'));
    await page.getByTestId('queue-rotation-time').selectOption('15');
    // Prompts are the openai plugin's records: a new queue picks none.
    await expect(page.getByTestId('queue-promptId').locator('option:checked')).toHaveText('Nenhuma');

    // The tree: "Boletos" with "Segunda via" under it, an option to the finance queue and one to Ana.
    await page.getByTestId('queue-tab-chatbot').click();
    await expect(page.getByText('Nenhuma opção ainda')).toBeVisible();
    await page.getByTestId('chatbot-add').click();
    await page.getByTestId('chatbot-0-name').fill('Boletos');
    await page.getByTestId('chatbot-0-add').click();
    await page.getByTestId('chatbot-0-0-name').fill('Segunda via');
    await page.getByTestId('chatbot-0-0-message').fill('Enviamos a segunda via por aqui.');
    await page.getByTestId('chatbot-add').click();
    await page.getByTestId('chatbot-1-name').fill('Falar com Ana');
    // Integration hands the conversation to a bot engine the admin selects; a file option sends a file list.
    await expect(page.getByTestId('chatbot-1-type').locator('option')).toHaveText([
      'Texto',
      'Atendente',
      'Fila',
      'Integração',
      'Lista de arquivos',
    ]);
    await page.getByTestId('chatbot-1-type').selectOption('attendent');
    await page.getByTestId('chatbot-1-target').selectOption(String(ana.id));
    await page.getByTestId('chatbot-add').click();
    await page.getByTestId('chatbot-2-name').fill('Fin');
    await page.getByTestId('chatbot-2-type').selectOption('queue');
    await page.getByTestId('chatbot-2-target').selectOption(String(finance.id));
    await page.getByTestId('queue-save').click();
    // Refused where it stands: a level without a message, a name under 4 characters.
    await expect(page.getByTestId('chatbot-0')).toContainText(
      'A mensagem é obrigatória para seguir ao próximo nível',
    );
    await expect(page.getByTestId('chatbot-2')).toContainText('Muito curto!');
    await page.getByTestId('chatbot-0-message').fill('Qual boleto?');
    await page.getByTestId('chatbot-2-name').fill('Falar com o financeiro');
    // Reordered: the finance option goes above Ana's.
    await page.getByTestId('chatbot-2-up').click();
    await expect(page.getByTestId('chatbot-1-name')).toHaveValue('Falar com o financeiro');
    await shot(page, 'queue-chatbot-tree-light-wide');

    // Hours per queue: Monday morning ends at 11:30.
    await page.getByTestId('queue-tab-schedules').click();
    await page.getByTestId('queue-schedules-monday-endTimeA').fill('11:30');
    await page.getByTestId('queue-out-of-hours').fill('Estamos fora do horário.');
    await page.getByTestId('queue-save').click();
    await expect(page.getByText('Bot salvo com sucesso')).toBeVisible();
    const row = page.getByTestId('queues-table').locator('tr', { hasText: name });
    await expect(row).toBeVisible();

    // Opened again (in the dark theme, to look at): the tree, in its order, with its targets; rotation and hours.
    await setTheme(page, 'dark');
    await row.getByRole('button', { name: 'Editar' }).click();
    await expect(page.getByTestId('queue-rotation-time')).toHaveValue('15');
    await page.getByTestId('queue-tab-chatbot').click();
    await expect(page.getByTestId('chatbot-0-name')).toHaveValue('Boletos');
    await expect(page.getByTestId('chatbot-0-message')).toHaveValue('Qual boleto?');
    await expect(page.getByTestId('chatbot-0-0-name')).toHaveValue('Segunda via');
    await expect(page.getByTestId('chatbot-1-target')).toHaveValue(String(finance.id));
    await expect(page.getByTestId('chatbot-2-name')).toHaveValue('Falar com Ana');
    await expect(page.getByTestId('chatbot-2-target')).toHaveValue(String(ana.id));
    await page.getByTestId('queue-tab-schedules').click();
    await expect(page.getByTestId('queue-schedules-monday-endTimeA')).toHaveValue('11:30');
    await page.getByTestId('queue-tab-chatbot').click();
    await shot(page, 'queue-chatbot-tree-dark-wide');
    await page.setViewportSize({ width: 420, height: 860 });
    await shot(page, 'queue-chatbot-tree-dark-narrow');
    await page.setViewportSize({ width: 1400, height: 860 });
    await page.getByTestId('queue-save').click();
    // Toasts last 3000 ms here (spec part 2 §9): the first save's may still show.
    await expect(page.getByText('Bot salvo com sucesso').last()).toBeVisible();
    await setTheme(page, 'light');

    // What the server keeps: the tree, in order, with parents and positions.
    const queues = (await (await request.get('/api/queue', { headers: auth })).json()) as {
      id: number;
      name: string;
    }[];
    const id = queues.find((q) => q.name === name)?.id;
    const saved = await (await request.get(`/api/queue/${id}`, { headers: auth })).json();
    expect(saved).toMatchObject({
      ativarRoteador: true,
      tempoRoteador: 15,
      outOfHoursMessage: 'Estamos fora do horário.',
    });
    expect(saved.schedules[0]).toMatchObject({ weekdayEn: 'monday', endTimeA: '11:30' });
    expect(
      saved.chatbots.map(
        (n: { name: string; position: number; options: { name: string; parentId: number }[] }) => [
          n.name,
          n.position,
          n.options.map((c) => c.name),
        ],
      ),
    ).toEqual([
      ['Boletos', 0, ['Segunda via']],
      ['Falar com o financeiro', 1, []],
      ['Falar com Ana', 2, []],
    ]);
    expect(saved.chatbots[0].options[0].parentId).toBe(saved.chatbots[0].id);

    // Without hours per queue the tab is gone.
    expect((await scheduleType('disabled')).ok()).toBe(true);
    await expect
      .poll(async () => {
        await row.getByRole('button', { name: 'Editar' }).click();
        await expect(page.getByTestId('queue-tab-chatbot')).toBeVisible();
        const tabs = await page.getByTestId('queue-tab-schedules').count();
        await page.getByRole('button', { name: 'Cancelar' }).click();
        return tabs;
      })
      .toBe(0);
    await context.close();
    expect((await request.delete(`/api/queue/${id}`, { headers: auth })).status()).toBe(204);
  } finally {
    expect((await scheduleType('disabled')).ok()).toBe(true);
  }
});

// Spec part 2 "File lists": a chatbot option of type file sends a list (its message and attachments) to the contact.
// A 1×1 PNG: a real image, as the media store checks what it keeps.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('an admin picks a file list for a chatbot option; a web chat visitor choosing it receives the files', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await adminToken(request);
  const auth = { authorization: `Bearer ${token}` };
  const tag = `${Date.now() % 100_000}${Math.random().toString(36).slice(2, 4)}`;
  // The list, through the file-lists plugin's API (its own page has its own spec): a message and a photo.
  const made = await request.post('/api/files', {
    headers: auth,
    data: {
      name: `Cardápio ${tag}`,
      message: `Segue o cardápio ${tag}`,
      options: [{ name: 'Foto do prato' }],
    },
  });
  expect(made.status()).toBe(201);
  const list = (await made.json()) as { id: number; name: string; options: { id: number }[] };
  const uploaded = await request.post(`/api/files/${list.id}/options/${list.options[0]?.id}/file`, {
    headers: { ...auth, 'content-type': 'application/octet-stream' },
    params: { fileName: 'prato.png', mimeType: 'image/png' },
    data: PNG,
  });
  expect(uploaded.ok()).toBe(true);
  const name = `Cardápios ${tag}`;
  let queueId: number | undefined;
  let connectionId: number | undefined;
  try {
    const { context, page } = await signedIn(browser, USERS.admin, 1400);
    await page.goto('/queues');
    await page.getByTestId('queues-add').click();
    await page.getByTestId('queue-name').fill(name);
    await page.getByTestId('queue-greeting').fill('O que deseja?');
    await page.getByTestId('queue-tab-chatbot').click();
    await page.getByTestId('chatbot-add').click();
    await page.getByTestId('chatbot-0-name').fill('Ver o cardápio');
    await page.getByTestId('chatbot-0-type').selectOption('file');
    // The company's file lists, by name.
    await page.getByTestId('chatbot-0-fileList').selectOption({ label: list.name });
    await page.getByTestId('chatbot-0-message').fill('Enviando o cardápio.');
    // It also ends the conversation: the files still go first.
    await tick(page.getByTestId('chatbot-0-close'));
    await page.getByTestId('chatbot-add').click();
    await page.getByTestId('chatbot-1-name').fill('Falar conosco');
    await shot(page, 'queue-chatbot-file-option');
    await page.getByTestId('queue-save').click();
    await expect(page.getByText('Bot salvo com sucesso')).toBeVisible();
    const row = page.getByTestId('queues-table').locator('tr', { hasText: name });
    await row.getByRole('button', { name: 'Editar' }).click();
    await page.getByTestId('queue-tab-chatbot').click();
    await expect(page.getByTestId('chatbot-0-fileList')).toHaveValue(String(list.id));
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await context.close();

    const queues = (await (await request.get('/api/queue', { headers: auth })).json()) as {
      id: number;
      name: string;
    }[];
    queueId = queues.find((q) => q.name === name)?.id;
    expect(queueId).toBeDefined();
    const site = await request.post('/api/whatsapp', {
      headers: auth,
      data: { name: `Site cardápio ${tag}`, channel: 'webchat', queueIds: [queueId] },
    });
    expect(site.ok()).toBe(true);
    const connection = (await site.json()) as { id: number; token: string };
    connectionId = connection.id;

    // The visitor: one queue, so its options come at once; "1" sends the option's text, the list and its photo.
    const visitor = await openVisitorPage(browser, connection.token, `Visitante ${tag}`);
    const send = async (body: string) => {
      await visitor.page.getByTestId('webchat-input').fill(body);
      await visitor.page.keyboard.press('Enter');
      await expect(visitor.page.locator('.msg.me .text').last()).toHaveText(body);
    };
    await send('oi');
    await expect(visitor.page.locator('.msg', { hasText: 'Ver o cardápio' })).toBeVisible({
      timeout: 15_000,
    });
    await send('1');
    await expect(visitor.page.getByText('Enviando o cardápio.')).toBeVisible({ timeout: 15_000 });
    await expect(visitor.page.getByText(`Segue o cardápio ${tag}`)).toBeVisible();
    const photo = visitor.page.getByTestId('webchat-image');
    await expect(photo).toHaveAttribute('alt', 'Foto do prato');
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(1);
    await shot(visitor.page, 'webchat-file-list-received');
    await visitor.context.close();
  } finally {
    if (connectionId)
      expect((await request.delete(`/api/whatsapp/${connectionId}`, { headers: auth })).ok()).toBe(true);
    if (queueId)
      expect((await request.delete(`/api/queue/${queueId}`, { headers: auth })).status()).toBe(204);
    expect((await request.delete(`/api/files/${list.id}`, { headers: auth })).ok()).toBe(true);
  }
});
