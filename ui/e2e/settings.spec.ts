import { expect, test } from '@playwright/test';
import { adminToken, createAttendant, signedIn } from './attendance';
import { shot, USERS } from './helpers';

test('an admin changes settings and another session follows them; company service hours have their tab', async ({
  browser,
  request,
}) => {
  const token = await adminToken(request);
  const auth = { authorization: `Bearer ${token}` };
  const set = (key: string, value: string) =>
    request.put(`/api/settings/${key}`, { headers: auth, data: { value } });
  const colleague = await createAttendant(request, token, { name: 'Rita Gerente', profile: 'admin' });
  const { context, page } = await signedIn(browser, USERS.admin, 1400);
  const watcher = await signedIn(browser, colleague);
  try {
    await page.goto('/settings');
    await watcher.page.goto('/settings');
    await expect(page.getByTestId('settings-options')).toBeVisible();
    await expect(page.getByTestId('setting-sendQueuePosition')).toHaveValue('disabled');
    // The watcher's page was loaded anew: its socket must be live again before the change, or the frame has no one
    // to reach (CI with two workers lost it once).
    await expect(watcher.page.getByTestId('setting-sendQueuePosition')).toHaveValue('disabled');
    await expect(watcher.page.getByTestId('realtime-status')).toHaveAttribute('data-realtime', 'ready');

    // Saved at once, and the other admin's page follows without a reload.
    await page.getByTestId('setting-sendQueuePosition').selectOption('enabled');
    await expect(page.getByText('Configurações salvas')).toBeVisible();
    await expect(watcher.page.getByTestId('setting-sendQueuePosition')).toHaveValue('enabled');

    // A link must be a web address: refused at the field, kept once valid.
    const link = page.getByTestId('setting-lgpdLink');
    await link.fill('javascript:alert(1)');
    await link.blur();
    await expect(page.getByText('Use um endereço que comece com https://.')).toBeVisible();
    await link.fill('https://loja.example/privacidade');
    await link.blur();
    await expect(page.getByText('Use um endereço que comece com https://.')).toHaveCount(0);
    await expect(watcher.page.getByTestId('setting-lgpdLink')).toHaveValue(
      'https://loja.example/privacidade',
    );
    await shot(page, 'settings-options');
    // Several settings changed in a row: one toast.
    await page.getByTestId('setting-sendQueuePosition').selectOption('disabled');
    await page.getByTestId('setting-sendQueuePosition').selectOption('enabled');
    await expect(watcher.page.getByTestId('setting-sendQueuePosition')).toHaveValue('enabled');
    await expect(page.getByText('Configurações salvas')).toHaveCount(1);

    // Service hours per company: their tab appears (for the other admin too), starting from the default week.
    await expect(page.getByTestId('settings-tab-schedules')).toHaveCount(0);
    await page.getByTestId('setting-scheduleType').selectOption('company');
    await expect(watcher.page.getByTestId('settings-tab-schedules')).toBeVisible();
    await page.getByTestId('settings-tab-schedules').click();
    await expect(page).toHaveURL(/\/settings\/schedules$/);
    await expect(page.getByTestId('company-schedules-saturday-endTimeB')).toHaveValue('18:00');
    await page.getByTestId('company-schedules-saturday-startTimeB').fill('');
    await page.getByTestId('company-schedules-saturday-endTimeB').fill('');
    await page.getByTestId('company-schedules-save').click();
    await expect(page.getByText('Horários atualizados com sucesso.')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('company-schedules-saturday-endTimeB')).toHaveValue('');
    await expect(page.getByTestId('company-schedules-friday-endTimeB')).toHaveValue('18:00');
    await shot(page, 'settings-schedules');
  } finally {
    for (const [key, value] of [
      ['sendQueuePosition', 'disabled'],
      ['lgpdLink', ''],
      ['scheduleType', 'disabled'],
    ] as const)
      expect((await set(key, value)).ok()).toBe(true);
    await watcher.context.close();
    await context.close();
  }
});
