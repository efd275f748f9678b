import { expect, test } from '@playwright/test';
import { apiAuth } from './attendance';
import { login, shot, tick, USERS } from './helpers';

/** The datetime-local value `days` from now at 09:00, in the browser's zone. */
function daysAhead(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T09:00`;
}

test('an admin sets a campaign to repeat weekly on two days for three runs, and its report shows run and next run', async ({
  page,
  request,
}) => {
  // The plugin's UI loads lazily; a busy shared machine makes the first paint slow.
  test.setTimeout(120_000);
  const auth = await apiAuth(request);
  const connections = await (await request.get('/api/whatsapp', { headers: auth })).json();
  const webchat = connections.find((c: { channel: string }) => c.channel === 'webchat');
  const suffix = Date.now().toString(36);
  const tag = await (
    await request.post('/api/tags', { headers: auth, data: { name: `Semanal ${suffix}`, color: '#2d72d2' } })
  ).json();

  await page.addInitScript(() => localStorage.setItem('cshow', '1'));
  await login(page, USERS.admin);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.getByRole('menuitem', { name: /^(Campaigns|Campanhas|Campañas|Kampanyalar)$/ }).click();
  await expect(page.getByTestId('campaign-add')).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('campaign-add').click();
  const form = page.getByTestId('campaign-form');
  await page.getByTestId('campaign-name').fill(`Semanal ${suffix}`);
  await page.getByTestId('campaign-scheduled-at').fill(daysAhead(2));
  await page.getByTestId('campaign-audience').selectOption(String(tag.id));
  await tick(page.getByTestId(`campaign-connection-${webchat.id}`));
  await page.getByTestId('campaign-message1').fill('Novidades da semana, {nome}!');

  // Weekly without a day, and no number of runs: the server's field messages, in the user's language.
  await page.getByTestId('campaign-recurrence').selectOption('weekly');
  await page.getByTestId('campaign-save').click();
  await expect(
    form.getByText(
      /^(Choose at least one day|Escolha pelo menos um dia|Elige al menos un día|En az bir gün seçin)$/,
    ),
  ).toBeVisible();

  await tick(page.getByTestId('campaign-weekday-1'));
  await tick(page.getByTestId('campaign-weekday-4'));
  await tick(page.getByTestId('campaign-ends-runs'));
  await page.getByTestId('campaign-recurrence-runs').fill('3');
  await shot(page, 'campaign-recurrence-dialog');
  await page.getByTestId('campaign-save').click();
  await expect(form).toBeHidden();

  await expect(
    page.locator('[data-testid^="campaign-row-"]', { hasText: `Semanal ${suffix}` }),
  ).toBeVisible();

  // Saved as chosen: weekly on Monday and Thursday, three runs, the first at the chosen date.
  const list = await (
    await request.get(`/api/campaigns?searchParam=${encodeURIComponent(`Semanal ${suffix}`)}`, {
      headers: auth,
    })
  ).json();
  const id: number = list.records[0].id;
  const saved = await (await request.get(`/api/campaigns/${id}`, { headers: auth })).json();
  expect(saved).toMatchObject({
    status: 'PROGRAMADA',
    recurrence: 'weekly',
    recurrenceWeekdays: [1, 4],
    recurrenceRuns: 3,
    runNumber: 1,
    nextRunAt: saved.scheduledAt,
  });
  // Its report (reached by address: a campaign before its first run has no report button) names the run and the next.
  await page.goto(`/campaign/${id}/report`);
  await expect(page.getByTestId('report-run')).toHaveText(/^(Run 1|Envio 1|Envío 1|1\. gönderim) · /, {
    timeout: 40_000,
  });
  await shot(page, 'campaign-recurrence-report');
  // Leave nothing scheduled behind for the specs that follow.
  await request.delete(`/api/campaigns/${id}`, { headers: auth });
});
