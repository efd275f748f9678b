import { expect, test } from '@playwright/test';
import {
  adminToken,
  createAttendant,
  createWebchat,
  openPending,
  openVisitorPage,
  signedIn,
  visitorSays,
} from './attendance';
import { contrastProblems, setTheme, shot, USERS } from './helpers';

test('the web chat visitor writes; Pending live for two attendants; accept, reply, private note, close with farewell', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000); // three browsers and five screenshots
  const token = await adminToken(request);
  const farewell = 'Obrigado pelo contato! Até a próxima.';
  const channel = await createWebchat(request, token, { complationMessage: farewell });
  const bruna = await createAttendant(request, token);
  const name = `Visitante ${Date.now() % 100_000}`;

  const admin = await signedIn(browser, USERS.admin);
  const other = await signedIn(browser, bruna);
  await openPending(admin.page);
  await openPending(other.page);
  await expect(admin.page.getByTestId('welcome-panel')).toBeVisible();

  // The visitor writes on the public page: both attendants see the ticket appear in Pending without reloading.
  const visitor = await openVisitorPage(browser, channel, name);
  await visitor.say('Olá, preciso de ajuda com meu pedido');
  const row = admin.page.locator('[data-status="pending"]', { hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('ticket-row-unread')).toHaveText('1');
  await expect(other.page.locator('.ticket-row', { hasText: name })).toBeVisible();
  await setTheme(admin.page, 'light');
  await shot(admin.page, 'tickets-pending-light-wide');

  // Pending rows do not open the conversation; Accept does.
  await row.getByTestId('ticket-row-name').click();
  await expect(admin.page).toHaveURL(/\/tickets$/);
  await row.getByTestId('ticket-accept').click();
  await expect(admin.page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  await expect(admin.page.getByTestId('composer-input')).toBeEnabled();
  await expect(admin.page.getByTestId('message-list')).toContainText('preciso de ajuda');
  // The other attendant's Pending list drops it live.
  await expect(other.page.locator('.ticket-row', { hasText: name })).toHaveCount(0);

  // Blank text is never sent; Enter sends, Shift+Enter breaks the line.
  const input = admin.page.getByTestId('composer-input');
  // Text areas read in the page's font, like the fields beside them (browsers default them to monospace).
  const font = (l: typeof input) => l.evaluate((e) => getComputedStyle(e).fontFamily);
  expect(await font(input)).toBe(await font(admin.page.locator('.ticket-panel__top input').first()));
  await input.fill('   ');
  await input.press('Enter');
  // Only the automatic greeting of the accept (sendGreetingAccepted is on by default) is ours so far.
  await expect(admin.page.locator('.message--me')).toHaveCount(1);
  await expect(admin.page.locator('.message--me')).toContainText('agora vou prosseguir com seu atendimento');
  await expect(visitor.page.getByText('agora vou prosseguir com seu atendimento')).toBeVisible();
  await input.fill('Olá! Vou verificar');
  await input.press('Shift+Enter');
  await input.pressSequentially('seu pedido agora.');
  await input.press('Enter');
  await expect(admin.page.locator('.message--me').last()).toContainText('seu pedido agora.');
  await expect(input).toHaveValue('');
  // The visitor sees the reply live, and the attendant sees that it was read (the page's read receipt).
  await expect(visitor.page.getByText('seu pedido agora.')).toBeVisible();
  await expect(admin.page.locator('.message--me').last().getByTestId('message-ack')).toHaveAttribute(
    'data-ack',
    'read',
  );

  // A private note, styled apart, never reaches the visitor.
  await admin.page.getByTestId('composer-private').click();
  await input.fill('Cliente pediu prioridade');
  await input.press('Enter');
  const note = admin.page.locator('[data-private="true"]').last();
  await expect(note).toContainText('Cliente pediu prioridade');
  await admin.page.getByTestId('composer-private').click();

  // The visitor answers: the message arrives live in the open conversation.
  await visitor.say('Obrigado, aguardo!');
  await expect(admin.page.getByTestId('message-list')).toContainText('Obrigado, aguardo!');
  await expect(visitor.page.getByText('Cliente pediu prioridade')).toHaveCount(0);
  await shot(admin.page, 'ticket-conversation-light-wide');
  // Every text of the conversation, the private note's small label included, reads at WCAG AA in both themes.
  expect(await contrastProblems(admin.page)).toEqual([]);
  await setTheme(admin.page, 'dark');
  await shot(admin.page, 'ticket-conversation-dark-wide');
  expect(await contrastProblems(admin.page)).toEqual([]);
  await setTheme(admin.page, 'light');

  // Close with farewell: the visitor receives it; back to /tickets; the ticket is in Closed.
  await admin.page.getByTestId('header-resolve').click();
  await admin.page.getByTestId('resolve-with').click();
  await expect(admin.page).toHaveURL(/\/tickets$/);
  await expect(visitor.page.getByText(farewell)).toBeVisible();
  await admin.page.getByTestId('tab-closed').click();
  await expect(admin.page.locator('[data-status="closed"]', { hasText: name })).toBeVisible();
  // After a reload the visitor still never sees the private note.
  await visitor.page.reload();
  await expect(visitor.page.getByText(farewell)).toBeVisible();
  await expect(visitor.page.getByText('Cliente pediu prioridade')).toHaveCount(0);

  await visitor.context.close();
  await admin.context.close();
  await other.context.close();
});

test('a link to no ticket says so once and shows the list, whether it is a uuid or not', async ({
  browser,
}) => {
  const admin = await signedIn(browser, USERS.admin);
  for (const link of ['/tickets/0b7c7f0e-8f8e-4d1c-9a55-1d2b3c4d5e6f', '/tickets/99999']) {
    await admin.page.goto(link);
    await expect(admin.page).toHaveURL(/\/tickets$/);
    const toast = admin.page.locator('.bp6-toast', { hasText: 'Nenhum atendimento encontrado com este ID.' });
    await expect(toast).toHaveCount(1);
    // The socket connects after the page loads: that does not ask (and tell) again.
    await expect(admin.page.getByTestId('realtime-status')).toHaveAttribute('data-realtime', 'ready');
    await expect(admin.page.getByTestId('welcome-panel')).toBeVisible();
    await expect(toast).toHaveCount(1);
    await toast.getByRole('button').click();
  }
  await admin.context.close();
});

test('narrow screens switch between the list and the conversation with two tabs', async ({
  browser,
  request,
}) => {
  const token = await adminToken(request);
  const channel = await createWebchat(request, token);
  await visitorSays(
    request,
    channel,
    { id: `narrow-${Date.now()}`, name: 'Visitante Celular' },
    'Oi pelo celular',
  );
  const { context, page } = await signedIn(browser, USERS.admin, 375);
  await expect(page.getByTestId('narrow-tab-list')).toBeVisible();
  await openPending(page);
  const row = page.locator('[data-status="pending"]', { hasText: 'Oi pelo celular' });
  await shot(page, 'tickets-list-light-narrow');
  await row.getByTestId('ticket-accept').click();
  await expect(page.getByTestId('conversation')).toBeVisible();
  await expect(page.getByTestId('ticket-list-panel')).toBeHidden();
  await expect(page.getByTestId('message-list')).toContainText('Oi pelo celular');
  await setTheme(page, 'dark');
  await shot(page, 'ticket-conversation-dark-narrow');
  await setTheme(page, 'light');
  await page.getByTestId('narrow-tab-list').click();
  await expect(page.getByTestId('ticket-list-panel')).toBeVisible();
  await context.close();
});

test('New ticket: a contact found with 3 characters gets an open ticket; asking again opens the same one', async ({
  browser,
  request,
}) => {
  const token = await adminToken(request);
  const name = `Novo Atendimento ${Date.now() % 100_000}`;
  const created = await request.post('/api/contacts', {
    headers: { authorization: `Bearer ${token}` },
    data: { name, number: `55119${Date.now() % 100_000_000}`.padEnd(13, '0') },
  });
  expect(created.ok()).toBe(true);
  const { context, page } = await signedIn(browser, USERS.admin);
  const newTicket = async () => {
    await page.getByTestId('ticket-speed-dial').click();
    await page.getByTestId('menu-new-ticket').click();
    await page.getByTestId('new-ticket-contact-search').fill(name.slice(0, 16));
    await page.getByTestId('new-ticket-contact-option').filter({ hasText: name }).click();
    await page.getByTestId('new-ticket-submit').click();
  };
  // Nothing chosen: the contact is required.
  await page.getByTestId('ticket-speed-dial').click();
  await page.getByTestId('menu-new-ticket').click();
  await page.getByTestId('new-ticket-submit').click();
  await expect(page.getByRole('dialog')).toContainText(/obrigatório|required/i);
  // Escape closes it. Pressed again if the first press came before focus was inside the dialog (a loaded run once
  // kept it open, and the next click found its backdrop in the way).
  await expect(async () => {
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0, { timeout: 1_000 });
  }).toPass();

  await newTicket();
  await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  const url = page.url();
  await expect(page.getByTestId('conversation')).toContainText(name);
  await expect(page.getByTestId('composer-input')).toBeEnabled();
  // The contact has an open ticket of mine now: asking again goes to it.
  await page.goto('/tickets');
  await newTicket();
  await expect(page).toHaveURL(url);
  await context.close();
});
