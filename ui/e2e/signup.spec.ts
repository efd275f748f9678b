import { expect, test } from '@playwright/test';
import { login, shot } from './helpers';

test('signup creates a company on a trial whose admin can then log in', async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('signup-link').click();
  await expect(page).toHaveURL(/\/signup$/);
  await page.getByTestId('signup-submit').click();
  await expect(page.getByText(/Required|Obrigatório|Requerido|Gerekli/i).first()).toBeVisible();
  await page.getByTestId('signup-name').fill('Joana Prado');
  // A look-alike name (a Cyrillic а among Latin letters) is refused with a translated message.
  await page.getByTestId('signup-company').fill('Floricultur\u0430 Prado');
  await page.getByTestId('signup-submit').click();
  await expect(page.getByText(/one alphabet|um só alfabeto|un solo alfabeto|tek bir alfabe/)).toBeVisible();
  await page.getByTestId('signup-company').fill('Floricultura Prado');
  await page.getByTestId('signup-email').fill('joana@prado.test');
  await page.getByTestId('signup-password').fill('flores123');
  await page.getByTestId('signup-phone').fill('5511988887777');
  const basic = page.getByTestId('signup-plan').locator('option', { hasText: 'Básico' });
  await page.getByTestId('signup-plan').selectOption((await basic.getAttribute('value')) ?? '');
  expect(await basic.textContent()).toContain('49,90');
  // Each field's message goes away once the field is edited.
  await expect(page.getByText(/^(Required|Too Short!)$/)).toHaveCount(0);
  await expect(page.getByTestId('signup-plan-details')).toContainText('5');
  await shot(page, 'signup-light-wide');
  await page.getByTestId('signup-submit').click();
  await expect(page).toHaveURL(/\/login$/);
  await login(page, { email: 'joana@prado.test', password: 'flores123' });
  await expect(page).toHaveURL(/\/tickets$/);
  await expect(page.getByTestId('greeting')).toContainText('Floricultura Prado');
  await expect(page.getByTestId('expiry-warning')).toBeVisible();
});
