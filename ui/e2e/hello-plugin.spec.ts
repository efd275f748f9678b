import { expect, test } from '@playwright/test';
import { adminToken, createWebchat, openPending, signedIn, visitorSays } from './attendance';
import { login, shot, USERS } from './helpers';

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
