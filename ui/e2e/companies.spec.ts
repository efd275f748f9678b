import { advanceDueDate, companyToday } from '@balcao/sdk';
import { expect, test } from '@playwright/test';
import { login, shot, USERS } from './helpers';

/** A day `days` from today in the company's calendar, as the date input takes it (YYYY-MM-DD). */
const inDays = (days: number) => {
  const d = new Date(`${companyToday()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('/');

test('a super user creates a plan, a help video and a company on that plan; its admin signs in, watches the help, and may not open /companies', async ({
  page,
}) => {
  // One long journey across three screens and two sign-ins on a shared 2-core machine.
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const planName = `Plano ${tag}`;
  const companyName = `Empresa ${tag}`;
  const adminEmail = `dono.${tag}@empresa.test`;
  await login(page, USERS.admin);
  await expect(page).toHaveURL(/\/tickets$/);
  // The spec's own wording (pt-BR), whatever the browser's language.
  await page.getByTestId('language-menu').click();
  await page.getByTestId('lang-pt-BR').click();
  await expect(page.getByTestId('greeting')).toContainText('Olá');

  // Settings › Plans: a plan with its limits, value and a feature flag.
  await page.goto('/settings/plans');
  await page.getByTestId('plans-add').click();
  await page.getByTestId('plan-name').fill(planName);
  await page.getByTestId('plan-users').fill('3');
  await page.getByTestId('plan-connections').fill('2');
  await page.getByTestId('plan-amount').fill('1234,5');
  await page.getByTestId('plan-flag-useKanban').locator('xpath=..').click();
  await page.getByTestId('plan-save').click();
  await expect(page.getByText('Operação realizada com sucesso!').first()).toBeVisible();
  const planRow = page.getByTestId('plans-table').locator('tr', { hasText: planName });
  await expect(planRow).toContainText('R$\u00a01.234,50');

  // Settings › Helps: a video, given by its link.
  await page.getByTestId('settings-tab-helps').click();
  await page.getByTestId('helps-add').click();
  await page.getByTestId('help-title').fill(`Primeiros passos ${tag}`);
  await page.getByTestId('help-description').fill('Como atender o primeiro ticket');
  await page.getByTestId('help-video').fill('não é vídeo');
  await page.getByTestId('help-save').click();
  await expect(page.getByText('Informe o código de um vídeo do YouTube ou o link dele.')).toBeVisible();
  await page.getByTestId('help-video').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await page.getByTestId('help-save').click();
  await expect(page.getByTestId('helps-table')).toContainText('dQw4w9WgXcQ');

  // /companies: the form's rules and defaults, then a company on the new plan due in 3 days.
  await page.getByTestId('menu-/companies').click();
  await expect(page.getByTestId('companies-table')).toBeVisible();
  await page.getByTestId('companies-add').click();
  await expect(page.getByTestId('company-numberAttendants')).toHaveValue('1');
  await expect(page.getByTestId('company-numberConections')).toHaveValue('1');
  // New companies start active (issue 24).
  await expect(page.getByTestId('company-status')).toBeChecked();
  await page.getByTestId('company-save').click();
  await expect(page.getByText('Nome é obrigatório')).toBeVisible();
  await expect(page.getByText('E-mail é obrigatório')).toBeVisible();
  await expect(page.getByText('Obrigatório', { exact: true })).toBeVisible();
  await page.getByTestId('company-email').fill('dono');
  await page.getByTestId('company-save').click();
  await expect(page.getByText('Email é inválido')).toBeVisible();

  const due = inDays(3);
  await page.getByTestId('company-name').fill(companyName);
  await page.getByTestId('company-email').fill(adminEmail);
  await page.getByTestId('company-plan').selectOption({ label: planName });
  await page.getByTestId('company-due-date').fill(due);
  await page.getByTestId('company-password').fill('dono-pass');
  await shot(page, 'company-dialog-light-wide');
  await page.getByTestId('company-save').click();
  await expect(page.getByText('Operação realizada com sucesso!').first()).toBeVisible();
  const row = page.getByTestId('companies-table').locator('tr', { hasText: companyName });
  await expect(row).toContainText(adminEmail);
  await expect(row).toContainText(planName);
  await expect(row).toContainText('R$\u00a01.234,50');
  await expect(row).toContainText('Sim');
  await expect(row.getByTestId('company-due')).toContainText(`${ddmmyyyy(due)}Mensal`);
  // Due in 3 days: yellow.
  await expect(row).toHaveAttribute('data-tone', 'warning');
  await shot(page, 'companies-light-wide');

  // The advance button moves the due date one recurrence period on; the row is no longer yellow.
  await row.getByRole('button', { name: 'Avançar o vencimento pela recorrência' }).click();
  await expect(row.getByTestId('company-due')).toContainText(ddmmyyyy(advanceDueDate(due, 'MENSAL', due)));
  await expect(row).toHaveAttribute('data-tone', 'none');

  // The company's admin signs in.
  await page.getByTestId('avatar-menu').click();
  await page.getByTestId('logout-item').click();
  await expect(page).toHaveURL(/\/login$/);
  await login(page, { email: adminEmail, password: 'dono-pass' });
  await expect(page).toHaveURL(/\/tickets$/);
  await expect(page.getByTestId('greeting')).toContainText(companyName);

  // /helps: the card, its video in a modal, Escape closes it.
  await page.getByTestId('menu-/helps').click();
  await expect(page).toHaveURL(/\/helps$/);
  const card = page.locator('[data-testid^="help-card-"]', { hasText: `Primeiros passos ${tag}` });
  await expect(card).toContainText('Como atender o primeiro ticket');
  // The test machine cannot reach YouTube: the card shows a placeholder instead of a broken image.
  await expect(card.getByTestId('help-thumbnail-placeholder')).toBeVisible();
  await card.click();
  const frame = page.getByTestId('help-video-frame');
  await expect(frame).toHaveAttribute('src', /youtube-nocookie\.com\/embed\/dQw4w9WgXcQ/);
  await page.keyboard.press('Escape');
  await expect(frame).toHaveCount(0);

  // A company admin who is not a super user is sent away from /companies with the message.
  // A full load restores the session first (slow on a busy machine).
  await page.goto('/companies');
  await expect(page.getByTestId('no-permission')).toBeVisible({ timeout: 30_000 });
  await expect(
    page.getByText(/not allowed to access this page|não tem permissão para acessar/),
  ).toBeVisible();
  // Spec part 2 §2: redirected to / (the dashboard, for this company's admin).
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('dashboard-screen')).toBeVisible();
  await expect(page.getByTestId('companies-table')).toHaveCount(0);
});
