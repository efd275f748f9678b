import { type APIRequestContext, expect, type Page } from '@playwright/test';
import {
  adminToken,
  browserAdmin,
  createAttendant,
  emptyWaitingRoom,
  openPending,
  seededWebchat,
  signedIn,
  visitorSays,
} from './attendance';
import { setTheme, shot, USERS } from './helpers';
import { randomColor, test } from './queues';

// Spec part 1 §4, ticket transitions: accept with and without a queue, transfer to a queue only, transfer to a user.

const unique = () => `${Date.now() % 100_000}${Math.random().toString(36).slice(2, 5)}`;

/** The ticket as the server has it (admin's view), for asserting what the dialogs changed. */
async function ticketState(request: APIRequestContext, token: string, id: number) {
  const res = await request.get(`/api/tickets/${id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  const t = await res.json();
  return {
    status: t.status as string,
    userId: t.userId as number | null,
    queueId: t.queueId as number | null,
  };
}

const rowIn = (page: Page, list: 'open' | 'pending', ticketId: number) =>
  page.getByTestId(`ticket-list-${list}`).getByTestId(`ticket-row-${ticketId}`);

async function openTransfer(page: Page) {
  await page.getByTestId('header-more').click();
  await page.getByTestId('header-transfer').click();
  await expect(page.getByTestId('transfer-confirm')).toBeVisible();
}

test('accept without a queue asks for one; transfer to a queue only puts it back in Pending; transfer to a user reaches them live', async ({
  browser,
  request,
  createQueue,
}) => {
  test.setTimeout(90_000); // two attendants' browsers and a dozen round trips
  const token = await adminToken(request);
  await emptyWaitingRoom(request, token);
  const tag = unique();
  const sales = await createQueue(`Vendas ${tag}`);
  const support = await createQueue(`Suporte ${tag}`);
  // Bruna serves both queues (so accepting a queue-less ticket must ask which); Carla serves only Support.
  const bruna = await createAttendant(request, token, {
    name: `Bruna ${tag}`,
    queueIds: [sales.id, support.id],
  });
  const carla = await createAttendant(request, token, { name: `Carla ${tag}`, queueIds: [support.id] });
  const channel = await seededWebchat(request, token);

  const b = await signedIn(browser, bruna);
  const c = await signedIn(browser, carla);
  await openPending(b.page);
  await openPending(c.page);

  // The visitor writes: a ticket without a queue, pending, visible to both (no queue yet, so anyone may take it).
  const name = `Visitante ${tag}`;
  await visitorSays(request, channel, { id: `queues-${tag}`, name }, 'Quero saber do meu pedido');
  const found = await request.get('/api/tickets', {
    headers: { authorization: `Bearer ${token}` },
    params: { status: 'pending', searchParam: name },
  });
  const [created] = (await found.json()).tickets as { id: number; queueId: number | null }[];
  expect(created.queueId).toBeNull();
  const pendingRow = rowIn(b.page, 'pending', created.id);
  await expect(pendingRow).toContainText('Sem fila');
  await expect(rowIn(c.page, 'pending', created.id)).toBeVisible();

  // Accept: the ticket has no queue and Bruna has two, so the dialog asks; confirming without one is refused.
  await pendingRow.getByTestId('ticket-accept').click();
  const acceptQueue = b.page.getByTestId('accept-queue');
  await expect(acceptQueue).toHaveValue('');
  // Her two queues to choose from, after the placeholder.
  await expect(acceptQueue.locator('option')).toHaveCount(3);
  await expect(acceptQueue.locator('option').first()).toHaveText('Selecione uma fila');
  await expect(acceptQueue).toContainText(sales.name);
  await expect(acceptQueue).toContainText(support.name);
  await b.page.getByTestId('accept-confirm').click();
  await expect(b.page.getByRole('dialog')).toContainText('Selecione uma fila');
  expect(await ticketState(request, token, created.id)).toEqual({
    status: 'pending',
    userId: null,
    queueId: null,
  });
  await acceptQueue.selectOption({ label: sales.name });
  await b.page.getByTestId('accept-confirm').click();

  // Accepted into Sales: the conversation opens, the Assigned tab shows the row with its queue; Carla's Pending drops it.
  await expect(b.page.getByRole('dialog')).toBeHidden();
  await expect(b.page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  await expect(b.page.getByTestId('subtab-open')).toHaveAttribute('aria-selected', 'true');
  await expect(rowIn(b.page, 'open', created.id)).toContainText(sales.name);
  await expect(b.page.getByTestId('conversation-status')).toHaveText('Aberto');
  await expect(b.page.getByTestId('conversation-header')).toContainText(sales.name);
  await expect(rowIn(c.page, 'pending', created.id)).toHaveCount(0);
  expect(await ticketState(request, token, created.id)).toEqual({
    status: 'open',
    userId: bruna.id,
    queueId: sales.id,
  });

  // Transfer to a queue only (no user): nobody's, pending in Support; it leaves Bruna's Assigned list.
  await openTransfer(b.page);
  const transferQueue = b.page.getByTestId('transfer-queue');
  await expect(transferQueue).toHaveValue(String(sales.id));
  await transferQueue.selectOption({ label: support.name });
  await b.page.getByTestId('transfer-confirm').click();
  await expect(b.page).toHaveURL(/\/tickets$/);
  await expect(rowIn(b.page, 'open', created.id)).toHaveCount(0);
  await expect
    .poll(() => ticketState(request, token, created.id))
    .toEqual({ status: 'pending', userId: null, queueId: support.id });
  // Both serve Support: the ticket is back in their Pending, in Support, live.
  await openPending(b.page);
  await expect(rowIn(b.page, 'pending', created.id)).toContainText(support.name);
  const carlaRow = rowIn(c.page, 'pending', created.id);
  await expect(carlaRow).toContainText(support.name);

  // Carla accepts: the ticket has a queue now, so no dialog; it opens at once, hers, still in Support.
  await carlaRow.getByTestId('ticket-accept').click();
  await expect(c.page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  await expect(c.page.getByTestId('conversation-status')).toHaveText('Aberto');
  expect(await ticketState(request, token, created.id)).toEqual({
    status: 'open',
    userId: carla.id,
    queueId: support.id,
  });
  await expect(rowIn(b.page, 'pending', created.id)).toHaveCount(0);

  // Transfer to a user: Carla finds Bruna by name (3 characters at least) and hands it over; Bruna sees it live.
  await openTransfer(c.page);
  await c.page.getByTestId('transfer-user').fill(`Bruna ${tag}`.slice(0, 2));
  const transfer = c.page.getByRole('dialog');
  await expect(transfer.getByRole('menuitem')).toHaveCount(0);
  await c.page.getByTestId('transfer-user').fill(`Bruna ${tag}`);
  await transfer.getByRole('menuitem', { name: `Bruna ${tag}` }).click();
  await expect(c.page.getByTestId('transfer-user')).toHaveValue(`Bruna ${tag}`);
  await c.page.getByTestId('transfer-confirm').click();
  await expect(c.page).toHaveURL(/\/tickets$/);
  await expect(rowIn(c.page, 'open', created.id)).toHaveCount(0);
  await expect
    .poll(() => ticketState(request, token, created.id))
    .toEqual({ status: 'open', userId: bruna.id, queueId: support.id });
  await b.page.getByTestId('subtab-open').click();
  await expect(rowIn(b.page, 'open', created.id)).toContainText(support.name);

  await b.context.close();
  await c.context.close();
});

test('an admin who accepts a ticket without a queue before the company queues have loaded still chooses one', async ({
  browser,
  request,
  createQueue,
}) => {
  const token = await adminToken(request);
  const queue = await createQueue(`Balcão ${unique()}`);
  const channel = await seededWebchat(request, token);
  const name = `Sem Fila ${unique()}`;
  await visitorSays(request, channel, { id: `admin-accept-${unique()}`, name }, 'Bom dia');
  // The admin picks among the company's queues; their list is held back until after the click.
  let release = () => {};
  const answered = new Promise<void>((resolve) => {
    release = resolve;
  });
  const admin = await signedIn(browser, USERS.admin, 1400, {
    prepare: async (context) => {
      await context.route(/\/api\/queue$/, async (route) => {
        const response = await route.fetch();
        await answered;
        await route.fulfill({ response });
      });
    },
  });
  await openPending(admin.page);
  const row = admin.page.locator('[data-status="pending"]', { hasText: name });
  const ticketId = Number((await row.getAttribute('data-testid'))?.replace('ticket-row-', ''));
  await row.getByTestId('ticket-accept').click();
  // Not accepted on a queue list still on its way: once it is in, the dialog asks.
  expect(await ticketState(request, token, ticketId)).toEqual({
    status: 'pending',
    userId: null,
    queueId: null,
  });
  release();
  const acceptQueue = admin.page.getByTestId('accept-queue');
  await expect(acceptQueue).toContainText(queue.name);
  await acceptQueue.selectOption({ label: queue.name });
  await admin.page.getByTestId('accept-confirm').click();
  await expect(admin.page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  const me = await browserAdmin(request);
  expect(await ticketState(request, token, ticketId)).toEqual({
    status: 'open',
    userId: me.id,
    queueId: queue.id,
  });
  await admin.context.close();
});

// Close all turns requiredTag on: whatever happens to a test (a timeout closes its contexts before any `finally`
// request), the company is left with the setting off, its default, for the specs that follow.
test.afterEach(async ({ request }) => {
  const token = await adminToken(request);
  await request.put('/api/settings/requiredTag', {
    headers: { authorization: `Bearer ${token}` },
    data: { value: 'disabled' },
  });
});

test('Close all closes the tagged tickets of the chosen queue and says how many the tag rule left open; the log shows who opened one', async ({
  browser,
  request,
  createQueue,
}) => {
  test.setTimeout(90_000);
  const token = await adminToken(request);
  const auth = { authorization: `Bearer ${token}` };
  const me = await browserAdmin(request);
  const tag = unique();
  const queue = await createQueue(`Fechar ${tag}`);
  const channel = await seededWebchat(request, token);
  // Three open tickets of the admin in this queue; only the first contact has a tag.
  const names = ['Com Tag', 'Sem Tag A', 'Sem Tag B'].map((n) => `${n} ${tag}`);
  const tickets: { id: number; contactId: number }[] = [];
  for (const [i, name] of names.entries()) {
    await visitorSays(request, channel, { id: `close-all-${i}-${tag}`, name }, 'Olá');
    const found = await request.get('/api/tickets', {
      headers: auth,
      params: { status: 'pending', searchParam: name },
    });
    const [t] = (await found.json()).tickets as { id: number; contactId: number }[];
    const accepted = await request.put(`/api/tickets/${t.id}`, {
      headers: auth,
      data: { status: 'open', userId: me.id, queueId: queue.id },
    });
    expect(accepted.ok()).toBe(true);
    tickets.push(t);
  }
  const made = await request.post('/api/tags', {
    headers: auth,
    data: { name: `VIP ${tag}`, color: randomColor() },
  });
  const synced = await request.post('/api/tags/sync', {
    headers: auth,
    data: { contactId: tickets[0].contactId, tags: [{ id: (await made.json()).id }] },
  });
  expect(synced.ok()).toBe(true);
  const setRequiredTag = (value: string) =>
    request.put('/api/settings/requiredTag', { headers: auth, data: { value } });
  expect((await setRequiredTag('enabled')).ok()).toBe(true);

  try {
    // The list shows only this queue (its remembered choice), so Close all touches nothing of the other specs.
    const { context, page } = await signedIn(browser, USERS.admin, 1400, {
      prepare: async (ctx) => {
        await ctx.addInitScript(
          (id) => localStorage.setItem('selectedQueueIds', JSON.stringify([id])),
          queue.id,
        );
      },
    });
    for (const t of tickets) await expect(rowIn(page, 'open', t.id)).toBeVisible();
    await page.getByTestId('ticket-speed-dial').click();
    await page.getByTestId('menu-close-all').click();
    const confirm = page.getByRole('alertdialog').or(page.locator('.bp6-alert'));
    await expect(confirm).toContainText('Fechar todos os tickets com status "Aberto"');
    await confirm.getByRole('button', { name: 'Fechar todos' }).click();
    await expect(page.getByText('Tickets fechados: 1')).toBeVisible();
    await expect(page.getByText('Não fechados, o contato não tem tag (obrigatória): 2')).toBeVisible();
    await shot(page, 'close-all-result-light-wide');
    await expect(rowIn(page, 'open', tickets[0].id)).toHaveCount(0);
    await expect(rowIn(page, 'open', tickets[1].id)).toBeVisible();
    await expect(rowIn(page, 'open', tickets[2].id)).toBeVisible();
    expect((await ticketState(request, token, tickets[0].id)).status).toBe('closed');
    expect((await ticketState(request, token, tickets[1].id)).status).toBe('open');

    // Opening one of those left logs the access; the history shows it. The transfer dialog never offers oneself.
    await rowIn(page, 'open', tickets[1].id).click();
    await expect(page.getByTestId('conversation-status')).toHaveText('Aberto');
    await openTransfer(page);
    await page.getByTestId('transfer-user').fill(me.name);
    // Others whose names contain it may be offered; never the admin themself.
    await expect(page.getByRole('dialog').getByRole('menuitem', { name: me.name, exact: true })).toHaveCount(
      0,
    );
    // Cancel, not Escape: with other names listed, Escape only closes their list and the dialog stays over the page.
    await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await setTheme(page, 'dark');
    await page.getByTestId('header-more').click();
    await page.getByTestId('header-log').click();
    await expect(page.getByTestId('ticket-log')).toContainText(`Acessado por ${me.name}`);
    await shot(page, 'ticket-log-access-dark-wide');
    // Its close button, not Escape: Escape reaches the dialog only while focus is inside it, and a CI run once left
    // the dialog's backdrop over the theme toggle.
    await page.getByRole('dialog').locator('.bp6-dialog-close-button').click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await setTheme(page, 'light');
    await context.close();
  } finally {
    for (const t of tickets.slice(1))
      await request.put(`/api/tickets/${t.id}`, { headers: auth, data: { status: 'closed' } });
  }
});
