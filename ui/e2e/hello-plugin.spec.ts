import { expect, test } from '@playwright/test';
import {
  adminToken,
  createAttendant,
  createWebchat,
  headerMenu,
  openPending,
  signedIn,
  visitorSays,
} from './attendance';
import { login, setTheme, shot, USERS } from './helpers';

test('the example plugin: a greeting is stored, processed by its job and updated live', async ({ page }) => {
  await login(page, USERS.admin);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.getByTestId('menu-/hello').click();
  await expect(page).toHaveURL(/\/hello$/);
  await page.locator('#hello-message').fill('Bom dia, equipe!');
  await page.keyboard.press('Enter');
  const row = page.getByRole('row', { name: /Bom dia, equipe!/ });
  await expect(row).toBeVisible();
  await expect(row).toContainText(/Processed|Processada|Procesado|İşlendi/, { timeout: 15_000 });
  await shot(page, 'hello-light-wide');
});

test("a plugin fills the composer's '/' suggestions: picking one puts it in the text", async ({
  browser,
  request,
}) => {
  const token = await adminToken(request);
  const auth = { authorization: `Bearer ${token}` };
  const greeting = `Bom dia! Posso ajudar? ${Date.now() % 100_000}`;
  expect((await request.post('/api/hello', { headers: auth, data: { message: greeting } })).ok()).toBe(true);
  const channel = await createWebchat(request, token);
  await visitorSays(request, channel, { id: `slash-${Date.now()}`, name: 'Cliente Barra' }, 'Oi!');

  const { context, page } = await signedIn(browser, USERS.admin);
  await openPending(page);
  await page
    .locator('[data-status="pending"]', { hasText: 'Cliente Barra' })
    .getByTestId('ticket-accept')
    .click();
  const input = page.getByTestId('composer-input');
  await expect(input).toBeEnabled();
  await input.fill('/posso');
  const suggestions = page.getByTestId('hello-suggestions');
  await expect(suggestions).toContainText(greeting);
  await shot(page, 'composer-suggestions-light-wide');
  await suggestions.getByText(greeting).click();
  await expect(input).toHaveValue(greeting);
  await expect(page.getByTestId('composer-suggestions')).toHaveCount(0);
  await context.close();
});

test('a plugin fills the ticket header and the contact drawer of an open ticket', async ({
  browser,
  request,
}) => {
  const token = await adminToken(request);
  const channel = await createWebchat(request, token);
  const visitor = { id: `slots-${Date.now()}`, name: 'Cliente Slots' };
  await visitorSays(request, channel, visitor, 'Olá!');

  const { context, page } = await signedIn(browser, USERS.admin);
  await openPending(page);
  await page
    .locator('[data-status="pending"]', { hasText: visitor.name })
    .getByTestId('ticket-accept')
    .click();
  const action = page.getByTestId('conversation-header').getByTestId('hello-ticket-action');
  await expect(action).toBeVisible();
  await action.click();
  // The plugin records a greeting naming the ticket's contact, through the shell's API client.
  await expect
    .poll(async () => {
      const res = await request.get('/api/hello', { headers: { authorization: `Bearer ${token}` } });
      const body = (await res.json()) as { greetings: { message: string }[] };
      return body.greetings.some((g) => g.message.includes(visitor.name));
    })
    .toBe(true);

  const drawer = page.getByTestId('contact-drawer');
  if (!(await drawer.isVisible())) await headerMenu(page, 'header-contact');
  const section = drawer.getByTestId('hello-contact-section');
  await expect(section).toContainText(visitor.name);
  await shot(page, 'hello-slots-ticket-light-wide');
  await context.close();
});

test('a plugin adds a company settings tab (admins) and a top-bar popover', async ({ page }) => {
  await login(page, USERS.admin);
  await page.getByTestId('popover-button-hello').click();
  await expect(page.getByTestId('hello-popover')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByTestId('menu-/settings').click();
  await expect(page).toHaveURL(/\/settings$/);
  // The company's own options come first; the plugin's tab follows them.
  await expect(page.getByTestId('settings-options')).toBeVisible();
  await page.getByTestId('settings-tab-hello').click();
  await expect(page).toHaveURL(/\/settings\/hello$/);
  await expect(page.getByTestId('hello-settings')).toBeVisible();
  await shot(page, 'hello-settings-light-wide');
  await setTheme(page, 'dark');
  await page.setViewportSize({ width: 420, height: 860 });
  await expect(page.getByTestId('settings-tab-hello')).toBeVisible();
  await shot(page, 'hello-settings-dark-narrow');
  await page.getByTestId('popover-button-hello').click();
  await expect(page.getByTestId('hello-popover')).toBeVisible();
  await shot(page, 'hello-popover-dark-narrow');
});

test('an attendant gets the popover but neither the settings menu entry nor the page', async ({
  page,
  request,
}) => {
  const attendant = await createAttendant(request, await adminToken(request));
  await login(page, attendant);
  await expect(page.getByTestId('popover-button-hello')).toBeVisible();
  await expect(page.getByTestId('menu-/tickets')).toHaveCount(1);
  await expect(page.getByTestId('menu-/settings')).toHaveCount(0);
  await page.goto('/settings');
  await expect(page.getByTestId('no-permission')).toBeVisible();
});
