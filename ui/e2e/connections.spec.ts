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

  // The e2e server's fake WhatsApp connection is DISCONNECTED: the menu warns about it.
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
  const webchatBox = await page.getByTestId('new-connection-webchat').boundingBox();
  const whatsappBox = await page.getByTestId('new-connection-whatsapp').boundingBox();
  expect(whatsappBox?.y ?? 0).toBeGreaterThan((webchatBox?.y ?? 0) + (webchatBox?.height ?? 0) - 1);
  await page.getByTestId('new-connection-webchat').click();
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
  await page.getByText(`Fila ${tag} 0`).click();
  await page.getByText(`Fila ${tag} 1`).click();
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
