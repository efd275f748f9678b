import { expect, type Page, test } from '@playwright/test';
import {
  adminToken,
  createAttendant,
  findTicket,
  openPending,
  rowIn,
  signedIn,
  uniqueTag,
} from './attendance';
import { setTheme, shot, USERS } from './helpers';

/** The row of the connection named `name` on the connections screen. */
const rowNamed = (page: Page, name: string) =>
  page.locator(`[data-testid^="connection-row-"][data-name="${name}"]`);

test('an admin creates a web chat connection, embeds it, chats through it, renames and deletes it', async ({
  browser,
  request,
}) => {
  // The product's longest journey (two browsers, the embed page, a chat, a rename and a delete): 42 s on a loaded
  // 2-core machine, against the 45 s default.
  test.slow();
  const token = await adminToken(request);
  const name = `Site ${uniqueTag()}`;
  const { context, page } = await signedIn(browser, USERS.admin, 1400, {
    prepare: (ctx) => ctx.grantPermissions(['clipboard-read', 'clipboard-write']),
  });
  // Another admin's screen follows the changes live, without reloading (a second login of the same account
  // would sign the first one out).
  const colleague = await createAttendant(request, token, { name: 'Carla Supervisora', profile: 'admin' });
  const watcher = await signedIn(browser, colleague);
  await watcher.page.goto('/connections');
  await expect(watcher.page.getByTestId('connections-table')).toBeVisible();

  // The e2e server's fake WhatsApp connection waits for its QR code to be scanned: the menu warns about it.
  await expect(page.getByTestId('menu-/connections').locator('[data-icon="warning-sign"]')).toBeVisible();
  await page.getByTestId('menu-/connections').click();
  await expect(page).toHaveURL(/\/connections$/);
  const count = page.getByTestId('connections-count');
  await expect(page.getByTestId('connections-table')).toBeVisible();
  const before = Number(await count.textContent());

  // A channel is offered when one of the tenant's plugins contributes it (the plan has every flag): web chat, the
  // e2e server's fake WhatsApp, and Facebook and Instagram (plugins/meta; meta-connection.spec.ts opens their dialog).
  await page.getByTestId('new-connection').click();
  await expect(page.getByTestId('new-connection-facebook')).not.toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByTestId('new-connection-facebook')).not.toHaveAttribute('data-block', /.+/);
  await expect(page.getByTestId('new-connection-whatsapp')).not.toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByTestId('new-connection-whatsapp')).not.toHaveAttribute('data-block', /.+/);
  // The entries stack as menu items do (each sits in its tooltip's wrapper; inline, they stood in one row).
  // (Measured once the menu's opening transition has settled: boxes read mid-animation overlap.)
  await expect
    .poll(async () => {
      const webchatBox = await page.getByTestId('new-connection-webchat').boundingBox();
      const whatsappBox = await page.getByTestId('new-connection-whatsapp').boundingBox();
      return (whatsappBox?.y ?? 0) - ((webchatBox?.y ?? 0) + (webchatBox?.height ?? 0));
    })
    .toBeGreaterThan(-1);
  await page.getByTestId('new-connection-webchat').click();
  // The integrations tab holds the bot engine pick and the queue integration (none yet); prompts cannot be created yet.
  await expect(page.getByTestId('connection-tab-general')).toBeVisible();
  await page.getByTestId('connection-tab-integrations').click();
  await expect(page.getByTestId('connection-botEngine').locator('option:checked')).toHaveText(
    'Nenhum (só robôs voluntários)',
  );
  await expect(page.getByTestId('connection-integrationId').locator('option:checked')).toHaveText('Nenhuma');
  await page.getByTestId('connection-tab-general').click();
  await page.getByTestId('connection-save').click();
  await expect(page.getByTestId('connection-form').getByText('Obrigatório', { exact: true })).toBeVisible();
  await page.getByTestId('connection-name-input').fill(name);
  await page.getByTestId('connection-save').click();
  await expect(page.getByText('Conexão salva com sucesso!')).toBeVisible();
  await expect(rowNamed(page, name)).toBeVisible();
  await expect(rowNamed(page, name).getByTestId('connection-status')).toHaveText('Conectado');
  await expect(count).toHaveText(String(before + 1));
  await expect(rowNamed(watcher.page, name)).toBeVisible();

  const list = await (
    await request.get('/api/whatsapp', { headers: { authorization: `Bearer ${token}` } })
  ).json();
  const created = (list as { name: string; token: string }[]).find((c) => c.name === name);
  expect(created).toBeDefined();
  const channelToken = (created as { token: string }).token;

  // The web chat section: the snippet to embed, copied to the clipboard.
  await rowNamed(page, name).getByTestId('connection-edit').click();
  await page.getByRole('tab', { name: 'Chat do site' }).click();
  const snippet = page.getByTestId('webchat-snippet');
  await expect(snippet).toHaveValue(
    `<script src="http://localhost:${new URL(page.url()).port}/webchat/${channelToken}/embed.js"></script>`,
  );
  await page.getByTestId('webchat-copy').click();
  await expect(page.getByText('Código copiado para a área de transferência.')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain(channelToken);
  expect(copied).toBe(await snippet.inputValue());
  await shot(page, 'connections-dialog-webchat');

  // The public page opens in a new tab; a visitor writes there and the ticket waits in Pending.
  const [visitor] = await Promise.all([
    context.waitForEvent('page'),
    page.getByTestId('webchat-page-link').click(),
  ]);
  await expect(visitor).toHaveURL(new RegExp(`/webchat/${channelToken}$`));
  const visitorName = `Visitante ${uniqueTag()}`;
  await visitor.getByTestId('webchat-name').fill(visitorName);
  await visitor.getByTestId('webchat-start').click();
  await visitor.getByTestId('webchat-input').fill('Olá, vim pelo site');
  await visitor.keyboard.press('Enter');
  await expect(visitor.getByText('Olá, vim pelo site')).toBeVisible();
  await visitor.close();

  await page.getByRole('button', { name: 'Cancelar' }).click();
  await page.getByTestId('menu-/tickets').click();
  await openPending(page);
  const ticket = await findTicket(request, token, visitorName);
  await expect(rowIn(page, 'pending', ticket.id)).toBeVisible();

  // Rename it.
  await page.getByTestId('menu-/connections').click();
  await rowNamed(page, name).getByTestId('connection-edit').click();
  const renamed = `${name} novo`;
  await page.getByTestId('connection-name-input').fill(renamed);
  await page.getByTestId('connection-save').click();
  // The toast of the creation may still be up (toasts stay 2 s): the rename's is the newest.
  await expect(page.getByText('Conexão salva com sucesso!').last()).toBeVisible();
  await expect(rowNamed(page, renamed)).toBeVisible();
  await expect(rowNamed(watcher.page, renamed)).toBeVisible();
  await shot(page, 'connections-list');
  await setTheme(watcher.page, 'dark');
  await shot(watcher.page, 'connections-list-dark');
  await watcher.page.setViewportSize({ width: 420, height: 860 });
  await shot(watcher.page, 'connections-list-narrow');

  // Delete it, after the confirmation.
  await rowNamed(page, renamed).getByTestId('connection-delete').click();
  await expect(page.getByTestId('connection-delete-text')).toHaveText(
    'Deseja realmente excluir esse registro?',
  );
  await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(rowNamed(page, renamed)).toHaveCount(0);
  await expect(count).toHaveText(String(before));
  await expect(rowNamed(watcher.page, renamed)).toHaveCount(0);

  await watcher.context.close();
  await context.close();
});

test('an admin links a WhatsApp number by its QR code, disconnects it, asks for a new code and deletes it', async ({
  browser,
  request,
}) => {
  const token = await adminToken(request);
  const auth = { authorization: `Bearer ${token}` };
  const name = `Celular ${uniqueTag()}`;
  const { context, page } = await signedIn(browser, USERS.admin, 1400);
  await page.goto('/connections');
  await expect(page.getByTestId('connections-support')).toHaveAttribute(
    'href',
    'https://wa.me/5511900000000',
  );
  await expect(page.getByTestId('connections-support')).toHaveAttribute('target', '_blank');

  // A new WhatsApp connection starts linking at once: its QR code shows in the modal, live.
  await page.getByTestId('new-connection').click();
  await page.getByTestId('new-connection-whatsapp').click();
  await page.getByTestId('connection-name-input').fill(name);
  await page.getByTestId('connection-save').click();
  const dialog = page.getByRole('dialog', { name: `Conectar ${name}` });
  await expect(dialog).toBeVisible();
  const code = dialog.getByTestId('qr-code-image');
  await expect(code).toHaveAttribute('data-value', /^2@fake-qr-/);
  const row = rowNamed(page, name);
  await expect(row.getByTestId('connection-status')).toHaveText('Aguardando QR code');
  await shot(page, 'connections-qr-code');

  // The phone scans it: the modal closes by itself and the row shows the number, connected.
  const list = (await (await request.get('/api/whatsapp', { headers: auth })).json()) as {
    id: number;
    name: string;
    token: string;
  }[];
  const created = list.find((c) => c.name === name);
  expect(created).toBeDefined();
  const phone = created as { id: number; token: string };
  expect(
    (await request.post(`/test-channel/${phone.token}/scan`, { data: { number: '5511977776666' } })).status(),
  ).toBe(204);
  await expect(page.getByText(`${name} está conectado.`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(row.getByTestId('connection-status')).toHaveText('Conectado');
  await expect(row).toContainText('5511977776666');

  // Disconnect: the session is logged out; try again and a new QR code are offered.
  await row.getByTestId('session-disconnect').click();
  await expect(row.getByTestId('connection-status')).toHaveText('Desconectado');
  await expect(row.getByTestId('session-retry')).toBeVisible();
  await expect(row).not.toContainText('5511977776666');

  // A new QR code: the modal opens on it, and a closed modal can be opened again from the row.
  await row.getByTestId('session-newQr').click();
  await expect(dialog.getByTestId('qr-code-image')).toHaveAttribute('data-value', /^2@fake-qr-/);
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  await expect(dialog).toHaveCount(0);
  await row.getByTestId('session-qrcode').click();
  await expect(dialog.getByTestId('qr-code-image')).toBeVisible();
  await dialog.getByRole('button', { name: 'Fechar' }).click();

  // Restart connections: every session of the company starts again (this one shows a QR code anew).
  await page.getByTestId('connections-restart').click();
  await expect(page.getByText('Reiniciando as conexões…')).toBeVisible();
  await expect(row.getByTestId('session-qrcode')).toBeVisible();

  await row.getByTestId('connection-delete').click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(row).toHaveCount(0);
  await context.close();
});

test('a linked phone imports its history: progress on the screen, then the imported tickets are closed on request', async ({
  browser,
  request,
}) => {
  const token = await adminToken(request);
  const auth = { authorization: `Bearer ${token}` };
  const tag = uniqueTag();
  const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
  const name = `Histórico ${tag}`;
  const created = await (
    await request.post('/api/whatsapp', {
      headers: auth,
      data: {
        name,
        channel: 'whatsapp',
        importOldMessages: daysAgo(10).toISOString().slice(0, 10),
        importRecentMessages: daysAgo(0).toISOString().slice(0, 10),
      },
    })
  ).json();
  const history = (data: object) => request.post(`/test-channel/${created.token}/history`, { data });
  try {
    const { context, page } = await signedIn(browser, USERS.admin, 1400);
    // The page's clock, so the 35-second preparing window can be passed without waiting it out.
    await page.clock.install();
    await page.goto('/connections');
    const row = rowNamed(page, name);
    await expect(row.getByTestId('session-qrcode')).toBeVisible();
    expect((await request.post(`/test-channel/${created.token}/scan`, { data: {} })).status()).toBe(204);
    await expect(row.getByTestId('connection-status')).toHaveText('Conectado');

    // WhatsApp gathers the history: the card says so and, for 35 seconds from the start, the row shows a disabled
    // "preparing" button with a spinner (spec part 1 §4); then it gives way by itself, the card staying.
    expect((await history({ stage: 'prepare' })).status()).toBe(204);
    await expect(page.getByTestId(`import-progress-${created.id}`)).toContainText('preparando a importação');
    const preparing = row.getByTestId('session-preparing');
    await expect(preparing).toBeDisabled();
    await expect(preparing).toHaveText('Preparando');
    await expect(preparing.locator('.bp6-spinner')).toBeVisible();
    await shot(page, 'connections-import-progress');
    await page.clock.fastForward('00:20');
    await expect(preparing).toBeVisible();
    await page.clock.fastForward('00:16');
    await expect(preparing).toHaveCount(0);
    await expect(row.getByTestId('session-disconnect')).toBeVisible();
    await expect(page.getByTestId(`import-progress-${created.id}`)).toContainText('preparando a importação');

    // Two conversations inside the window, one older left out; then the import ends and offers to close them.
    const phone = (area: number) => `55${area}9${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const message = (id: string, number: string, body: string, days: number) => ({
      externalId: `hist-${tag}-${id}`,
      from: { id: number, name: `Cliente ${id}` },
      body,
      timestamp: daysAgo(days).toISOString(),
    });
    const imported = await history({
      stage: 'import',
      messages: [
        message('a', phone(11), 'Pedido antigo', 3),
        message('b', phone(21), 'Outra conversa', 2),
        message('c', phone(31), 'Fora da janela', 30),
      ],
    });
    expect(imported.status()).toBe(200);
    expect(await imported.json()).toMatchObject({ stored: 2 });
    await expect(page.getByTestId('import-progress')).toHaveCount(0);
    await row.getByTestId('session-closeImported').click();
    await expect(page.getByText('2 tickets importados fechados.')).toBeVisible();
    await expect(row.getByTestId('session-closeImported')).toHaveCount(0);
    await context.close();
  } finally {
    await request.delete(`/api/whatsapp/${created.id}`, { headers: auth });
  }
});

test('the dialog keeps the messages, chatbot and NPS settings, and the hours of a company that keeps them per connection', async ({
  browser,
  request,
}) => {
  // Every tab, a save, and the dialog opened again to read it all back: on a busy 2-core machine it neared 45 s.
  test.setTimeout(90_000);
  const token = await adminToken(request);
  const auth = { authorization: `Bearer ${token}` };
  const tag = uniqueTag();
  const scheduleType = (value: string) =>
    request.put('/api/settings/scheduleType', { headers: auth, data: { value } });
  expect((await scheduleType('connection')).ok()).toBe(true);
  const queue = await (
    await request.post('/api/queue', { headers: auth, data: { name: `Triagem ${tag}`, color: '#2965CC' } })
  ).json();
  const created = await (
    await request.post('/api/whatsapp', {
      headers: auth,
      // A prompt id set through the API (the prompts page comes later) shows on the integrations tab and is kept.
      data: { name: `Horários ${tag}`, channel: 'webchat', promptId: 4 },
    })
  ).json();
  try {
    const { context, page } = await signedIn(browser, USERS.admin, 1400);
    await page.goto('/connections');
    await rowNamed(page, `Horários ${tag}`).getByTestId('connection-edit').click();

    // Spec part 1: the modal's tabs, in order (schedules because the hours are kept per connection), then the
    // web chat plugin's own.
    await expect(page.getByTestId('connection-form').getByRole('tab')).toHaveText([
      'Geral',
      'Integrações',
      'Mensagens',
      'Chatbot',
      'NPS',
      'Horários de atendimento',
      'Chat do site',
    ]);
    await page.getByTestId('connection-tab-integrations').click();
    // No integration stored: the pick says none.
    await expect(page.getByTestId('connection-integrationId').locator('option:checked')).toHaveText(
      'Nenhuma',
    );
    await expect(page.getByTestId('connection-promptId').locator('option:checked')).toHaveText('#4');
    await shot(page, 'connections-dialog-integrations');

    await page.getByTestId('connection-tab-messages').click();
    await page.getByTestId('connection-inactiveMessage').fill('Ainda está aí?');
    await page.getByTestId('connection-timeInactiveMessage').fill('20');
    await page.getByTestId('connection-tab-chatbot').click();
    await page.getByTestId('connection-maxUseBotQueues').fill('5');
    // Spec part 1 §9: 0, 5, 10, 15, 20, 25, 30 and 60 minutes, 20 and 25 stored as 15.
    await expect(page.getByTestId('connection-timeSendQueue').locator('option')).toHaveCount(8);
    await page.getByTestId('connection-timeSendQueue').selectOption('20');
    await page.getByTestId('connection-sendIdQueue').selectOption(String(queue.id));
    await page.getByTestId('connection-tab-nps').click();
    await page.getByTestId('connection-expiresTicketNps').fill('60');

    // The hours: a period that ends before it starts is shown wrong at once; Sunday closed.
    await page.getByTestId('connection-tab-schedules').click();
    await page.getByTestId('connection-schedules-monday-endTimeA').fill('07:00');
    await expect(page.getByTestId('connection-schedules-monday-error')).toHaveText(
      'Termina antes de começar.',
    );
    await shot(page, 'connections-dialog-schedules');
    await page.getByTestId('connection-save').click();
    await expect(page.getByTestId('connection-tab-schedules')).toHaveAttribute('aria-selected', 'true');
    await page.getByTestId('connection-schedules-monday-endTimeA').fill('11:30');
    await expect(page.getByTestId('connection-schedules-monday-error')).toHaveCount(0);
    for (const field of ['startTimeA', 'endTimeA', 'startTimeB', 'endTimeB'])
      await page.getByTestId(`connection-schedules-sunday-${field}`).fill('');
    await page.getByTestId('connection-save').click();
    await expect(page.getByText('Conexão salva com sucesso!')).toBeVisible();

    const saved = await (await request.get(`/api/whatsapp/${created.id}`, { headers: auth })).json();
    expect(saved).toMatchObject({
      inactiveMessage: 'Ainda está aí?',
      timeInactiveMessage: 20,
      maxUseBotQueues: 5,
      timeSendQueue: 15,
      sendIdQueue: queue.id,
      expiresTicketNps: 60,
      integrationId: null,
      promptId: 4,
    });
    expect(saved.schedules[0]).toMatchObject({ weekdayEn: 'monday', startTimeA: '08:00', endTimeA: '11:30' });
    expect(saved.schedules[6]).toMatchObject({ weekdayEn: 'sunday', startTimeA: '', endTimeB: '' });

    // Opened again, the dialog shows what was kept.
    await rowNamed(page, `Horários ${tag}`).getByTestId('connection-edit').click();
    await page.getByTestId('connection-tab-chatbot').click();
    await expect(page.getByTestId('connection-maxUseBotQueues')).toHaveValue('5');
    await page.getByTestId('connection-tab-schedules').click();
    await expect(page.getByTestId('connection-schedules-monday-endTimeA')).toHaveValue('11:30');
    await context.close();
  } finally {
    expect((await scheduleType('disabled')).ok()).toBe(true);
    await request.delete(`/api/whatsapp/${created.id}`, { headers: auth });
    await request.delete(`/api/queue/${queue.id}`, { headers: auth });
  }
});

test('the dialog asks for a greeting when the connection serves more than one queue', async ({
  browser,
  request,
}) => {
  const token = await adminToken(request);
  const tag = uniqueTag();
  const auth = { authorization: `Bearer ${token}` };
  const queueIds: number[] = [];
  for (const i of [0, 1]) {
    const color = `#${Math.floor(Math.random() * 0xffffff)
      .toString(16)
      .padStart(6, '0')}`;
    const res = await request.post('/api/queue', {
      headers: auth,
      data: { name: `Fila ${tag} ${i}`, color },
    });
    expect(res.ok()).toBe(true);
    queueIds.push((await res.json()).id);
  }
  const { context, page } = await signedIn(browser, USERS.admin);
  await page.goto('/connections');
  await page.getByTestId('new-connection').click();
  await page.getByTestId('new-connection-webchat').click();
  await page.getByTestId('connection-name-input').fill(`Filas ${tag}`);
  // (The chatbot tab's redirect queue lists them too.)
  await page.getByTestId('connection-queues').getByText(`Fila ${tag} 0`).click();
  await page.getByTestId('connection-queues').getByText(`Fila ${tag} 1`).click();
  await page.getByTestId('connection-save').click();
  await expect(
    page.getByText('A mensagem de saudação é obrigatória quando há mais de uma fila.'),
  ).toBeVisible();
  await expect(rowNamed(page, `Filas ${tag}`)).toHaveCount(0);
  await context.close();
  // Company 1's plan counts queues too: leave none behind.
  for (const id of queueIds)
    expect((await request.delete(`/api/queue/${id}`, { headers: auth })).ok()).toBe(true);
});

test("on a 390 px phone the connections table keeps every row's actions in view", async ({ browser }) => {
  const { context, page } = await signedIn(browser, USERS.admin, 390);
  await page.goto('/connections');
  const rows = page.locator('[data-testid^="connection-row-"]');
  await expect(rows.first()).toBeVisible();
  for (const button of ['connection-edit', 'connection-delete']) {
    const box = await rows.first().getByTestId(button).boundingBox();
    expect(box, button).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0), button).toBeLessThanOrEqual(390);
  }
  await shot(page, 'connections-light-390');
  await rows.first().getByTestId('connection-edit').click();
  await expect(page.getByTestId('connection-form')).toBeVisible();
  await context.close();
});

test('an attendant cannot reach /connections', async ({ browser, request }) => {
  const agent = await createAttendant(request, await adminToken(request));
  const { context, page } = await signedIn(browser, agent);
  await expect(page.getByTestId('menu-/connections')).toHaveCount(0);
  await page.goto('/connections');
  await expect(page.getByTestId('no-permission')).toBeVisible();
  await expect(page.getByTestId('connections-screen')).toHaveCount(0);
  await expect(page).toHaveURL(/\/tickets$/);
  await context.close();
});
