import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { adminToken, createAttendant, signedIn } from './attendance';
import { setTheme, shot, USERS } from './helpers';
import { test } from './queues';

// Spec part 1 §5 "New ticket" from the contacts screen (queue required unless admin, a connection chosen) and §4 the
// ticket's integration flag, toggled on its own from the conversation header's menu.

const unique = () => `${Date.now() % 100_000}${Math.random().toString(36).slice(2, 5)}`;
const toast = (page: Page, text: string) => page.locator('.bp6-toast', { hasText: text }).last();

async function createContact(request: APIRequestContext, token: string, name: string) {
  const number = `55118${String(Date.now()).slice(-7)}${Math.floor(Math.random() * 10)}`;
  const res = await request.post('/api/contacts', {
    headers: { authorization: `Bearer ${token}` },
    data: { name, number },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()) as { id: number; name: string; channel: string };
}

/** The connection name the dialog should preselect for a user without one of their own: the default, by channel. */
async function expectedConnection(request: APIRequestContext, token: string, channel: string) {
  const res = await request.get('/api/whatsapp', { headers: { authorization: `Bearer ${token}` } });
  const all = (await res.json()) as { name: string; channel: string; isDefault: boolean }[];
  const sameChannel = all.filter((c) => c.channel === channel);
  const pool = sameChannel.length ? sameChannel : all;
  return (pool.find((c) => c.isDefault) ?? pool[0]).name;
}

async function openFromContacts(page: Page, name: string) {
  await page.getByTestId('menu-/contacts').click();
  await page.getByTestId('contacts-search').fill(name);
  await page.locator(`[data-name="${name}"]`).getByTestId('contact-open-ticket').click();
}

test("the contacts screen's open-ticket action asks in the new-ticket dialog: an attendant with several queues must pick one", async ({
  browser,
  request,
  createQueue,
}) => {
  test.setTimeout(90_000);
  const token = await adminToken(request);
  const tag = unique();
  const sales = await createQueue(`Vendas ${tag}`);
  const support = await createQueue(`Suporte ${tag}`);
  const bia = await createAttendant(request, token, {
    name: `Bia ${tag}`,
    language: 'pt-BR',
    queueIds: [sales.id, support.id],
  });
  const contact = await createContact(request, token, `Rafaela Dialogo ${tag}`);
  const { context, page } = await signedIn(browser, bia);

  await openFromContacts(page, contact.name);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Novo ticket');
  // The contact comes chosen, no queue is (two to choose from), the connection is the default one.
  await expect(page.getByTestId('new-ticket-contact-search')).toHaveValue(contact.name);
  await expect(page.getByTestId('new-ticket-queue')).toHaveValue('');
  const connection = page.getByTestId('new-ticket-connection');
  await expect(connection.locator('option:checked')).toHaveText(
    await expectedConnection(request, token, contact.channel),
  );

  // No queue: refused by the field, nothing opened.
  const queueError = dialog.locator('.bp6-form-helper-text', { hasText: 'Selecione uma fila' });
  await expect(queueError).toHaveCount(0);
  await page.getByTestId('new-ticket-submit').click();
  await expect(queueError).toBeVisible();
  await expect(page).toHaveURL(/\/contacts$/);
  await shot(page, 'new-ticket-from-contacts-light');

  await page.getByTestId('new-ticket-queue').selectOption({ label: support.name });
  await expect(queueError).toHaveCount(0);
  await page.getByTestId('new-ticket-submit').click();
  await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('conversation-name')).toContainText(contact.name);
  await expect(page.getByTestId('conversation-status')).toHaveText('Aberto');
  await expect(page.getByTestId('conversation-header')).toContainText(support.name);
  await context.close();
});

test('an attendant with one queue finds it preselected; Cancel opens nothing', async ({
  browser,
  request,
  createQueue,
}) => {
  const token = await adminToken(request);
  const tag = unique();
  const sales = await createQueue(`Vendas ${tag}`);
  const caio = await createAttendant(request, token, {
    name: `Caio ${tag}`,
    language: 'pt-BR',
    queueIds: [sales.id],
  });
  const contact = await createContact(request, token, `Otavio Dialogo ${tag}`);
  const { context, page } = await signedIn(browser, caio);

  await openFromContacts(page, contact.name);
  await expect(page.getByTestId('new-ticket-queue')).toHaveValue(String(sales.id));
  await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/contacts$/);

  // Asked again, the same contact comes chosen and the ticket opens in the one queue.
  await openFromContacts(page, contact.name);
  await expect(page.getByTestId('new-ticket-contact-search')).toHaveValue(contact.name);
  await page.getByTestId('new-ticket-submit').click();
  await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('conversation-header')).toContainText(sales.name);
  await context.close();
});

test("the integration switch in the conversation's menu toggles the flag, live for another viewer and kept across reloads", async ({
  browser,
  request,
  createQueue,
}) => {
  test.setTimeout(90_000);
  const token = await adminToken(request);
  const tag = unique();
  const sales = await createQueue(`Vendas ${tag}`);
  const davi = await createAttendant(request, token, {
    name: `Davi ${tag}`,
    language: 'pt-BR',
    queueIds: [sales.id],
  });
  const contact = await createContact(request, token, `Integra Dialogo ${tag}`);
  const { context, page } = await signedIn(browser, davi);
  await openFromContacts(page, contact.name);
  await page.getByTestId('new-ticket-submit').click();
  await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  const url = page.url();
  // The admin watches the same conversation.
  const admin = await signedIn(browser, USERS.admin);
  await admin.page.goto(url);
  await expect(admin.page.getByTestId('conversation-name')).toContainText(contact.name);

  const integration = async (p: Page) => {
    await p.getByTestId('header-more').click();
    return p.getByTestId('header-integration');
  };
  const closeMenu = (p: Page) => p.getByTestId('header-more').click();

  await expect(await integration(page)).not.toBeChecked();
  await page.getByText('Integração', { exact: true }).click();
  await expect(toast(page, 'Integração ativada')).toBeVisible();
  await expect(page.getByTestId('header-integration')).toBeChecked();
  await setTheme(page, 'dark');
  await page.getByTestId('header-more').click();
  await shot(page, 'conversation-menu-integration-dark');
  await setTheme(page, 'light');
  await expect(await integration(admin.page)).toBeChecked();
  await closeMenu(admin.page);

  await page.reload();
  await expect(page.getByTestId('conversation-name')).toContainText(contact.name);
  await expect(await integration(page)).toBeChecked();
  await page.getByText('Integração', { exact: true }).click();
  await expect(toast(page, 'Integração desativada')).toBeVisible();
  await expect(page.getByTestId('header-integration')).not.toBeChecked();
  await closeMenu(page);
  await page.reload();
  await expect(page.getByTestId('conversation-name')).toContainText(contact.name);
  await expect(await integration(page)).not.toBeChecked();
  await expect
    .poll(async () => {
      const res = await request.get(url.replace(/.*\/tickets\//, '/api/tickets/u/'), {
        headers: { authorization: `Bearer ${token}` },
      });
      return (await res.json()).useIntegration;
    })
    .toBe(false);
  await admin.context.close();
  await context.close();
});
