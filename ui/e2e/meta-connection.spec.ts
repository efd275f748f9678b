import { expect, test } from '@playwright/test';
import { signedIn } from './attendance';
import { setTheme, shot, tick, USERS } from './helpers';

// Facebook and Instagram come from plugins/meta. The spec never submits a valid form: that would call the real Graph
// API (the server tests link pages against a mock Graph instead).

test('an admin opens the Facebook and Instagram dialogs: where to get the token, the Instagram switch, field errors', async ({
  browser,
}) => {
  const { context, page } = await signedIn(browser, USERS.admin, 1400);
  await page.goto('/connections');
  await expect(page.getByTestId('connections-table')).toBeVisible();

  await page.getByTestId('new-connection').click();
  await page.getByTestId('new-connection-facebook').click();
  const form = page.getByTestId('meta-link-form');
  await expect(form).toBeVisible();
  await expect(form.getByText('Graph API Explorer', { exact: false })).toBeVisible();
  await expect(form.getByText('pages_messaging', { exact: false })).toBeVisible();
  await expect(page.getByTestId('meta-add-instagram')).not.toBeChecked();
  await shot(page, 'meta-link-dialog-light');
  await page.getByTestId('meta-link-submit').click();
  await expect(form.getByText('Obrigatório', { exact: true })).toHaveCount(2);
  await page.getByTestId('meta-user-id').fill('ana.souza');
  await page.getByTestId('meta-link-submit').click();
  await expect(form.getByText('Valor inválido', { exact: true })).toBeVisible();
  // Turning Instagram on asks for its permissions too.
  await tick(page.getByTestId('meta-add-instagram'));
  await expect(form.getByText('instagram_manage_messages', { exact: false })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();

  // The theme toggle sits under the dialog's overlay: switched before the Instagram dialog opens.
  await setTheme(page, 'dark');
  await page.getByTestId('new-connection').click();
  await page.getByTestId('new-connection-instagram').click();
  await expect(page.getByTestId('meta-add-instagram')).toBeChecked();
  await shot(page, 'meta-link-dialog-dark');
  // Cancel, not Escape: a key pressed before the dialog has taken the focus reaches the page, not the dialog.
  await page.getByTestId('meta-link-form').getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByTestId('meta-link-form')).toBeHidden();
  await setTheme(page, 'light');
  await context.close();
});

test('a plan without useFacebook and useInstagram shows both entries disabled, saying why', async ({
  browser,
}) => {
  const { context, page } = await signedIn(browser, USERS.basic, 1400);
  await page.goto('/connections');
  await page.getByTestId('new-connection').click();
  for (const channel of ['facebook', 'instagram']) {
    await expect(page.getByTestId(`new-connection-${channel}`)).toHaveAttribute('data-block', 'plan');
    await expect(page.getByTestId(`new-connection-${channel}`)).toHaveAttribute('aria-disabled', 'true');
  }
  await context.close();
});
