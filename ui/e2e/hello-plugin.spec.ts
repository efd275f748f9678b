import { expect, test } from '@playwright/test';
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
