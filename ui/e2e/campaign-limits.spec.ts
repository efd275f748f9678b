import { type Browser, expect, test } from '@playwright/test';
import { apiAuth } from './attendance';
import { login, shot, tick, USERS } from './helpers';

/** A web chat visitor who opened the chat and wrote once: a contact of company 1. */
async function visitor(browser: Browser, token: string, name: string) {
  const context = await browser.newContext({ locale: 'pt-BR' });
  const page = await context.newPage();
  await page.goto(`/webchat/${token}`);
  await page.getByTestId('webchat-name').fill(name);
  await page.getByTestId('webchat-start').click();
  await page.getByTestId('webchat-input').fill('Oi, quero ofertas');
  await page.keyboard.press('Enter');
  await expect(page.locator('.msg.me', { hasText: 'Oi, quero ofertas' })).toBeVisible();
  return context;
}

const settingsWith = (dailyLimitPerConnection: number) => ({
  settings: {
    messageInterval: 0,
    longerIntervalAfter: 0,
    greaterInterval: 0,
    dailyLimitPerConnection,
    variables: [],
  },
});

test('an admin caps campaign messages per connection a day and the report shows the campaign waiting', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const auth = await apiAuth(request);
  const connections = await (await request.get('/api/whatsapp', { headers: auth })).json();
  const webchat = connections.find((c: { channel: string }) => c.channel === 'webchat');
  await request.post('/api/campaign-settings', { headers: auth, data: settingsWith(0) });
  const suffix = Date.now().toString(36);
  const tag = await (
    await request.post('/api/tags', { headers: auth, data: { name: `Limite ${suffix}`, color: '#2d72d2' } })
  ).json();
  const names = [`Ana ${suffix}`, `Leo ${suffix}`];
  const contexts = [];
  for (const name of names) contexts.push(await visitor(browser, webchat.token, name));
  const pending = await (
    await request.get('/api/tickets?status=pending&showAll=true', { headers: auth })
  ).json();
  for (const name of names) {
    const ticket = pending.tickets.find((t: { contact: { name: string } }) => t.contact.name === name);
    await request.post('/api/tags/sync', {
      headers: auth,
      data: { contactId: ticket.contact.id, tags: [{ id: tag.id }] },
    });
  }

  try {
    await page.addInitScript(() => localStorage.setItem('cshow', '1'));
    await login(page, USERS.admin);
    await expect(page).toHaveURL(/\/tickets$/);
    await page.goto('/campaigns-config');
    const cap = page.getByTestId('campaigns-dailyLimitPerConnection');
    await expect(cap).toBeVisible({ timeout: 60_000 });
    // A value that is not a whole number stays in the field with its message; nothing is saved.
    await cap.fill('dez');
    await page.getByTestId('campaigns-settings-save').click();
    await expect(page.locator('.bp6-form-group.bp6-intent-danger .bp6-form-helper-text')).toBeVisible();
    await shot(page, 'campaigns-config-daily-limit-error');
    await cap.fill('1');
    await page.getByTestId('campaigns-settings-save').click();
    await expect(page.locator('.bp6-form-group.bp6-intent-danger')).toHaveCount(0);
    await expect
      .poll(
        async () =>
          (await (await request.get('/api/campaign-settings', { headers: auth })).json())
            .dailyLimitPerConnection,
      )
      .toBe(1);

    // A campaign to both visitors by the one web chat connection: at most one message today, then it waits.
    await page.goto('/campaigns');
    await expect(page.getByTestId('campaign-add')).toBeVisible({ timeout: 60_000 });
    await page.getByTestId('campaign-add').click();
    await page.getByTestId('campaign-name').fill(`Limite ${suffix}`);
    const now = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    await page
      .getByTestId('campaign-scheduled-at')
      .fill(
        `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}T${pad(now.getHours())}:${pad(now.getMinutes())}`,
      );
    await page.getByTestId('campaign-audience').selectOption(String(tag.id));
    await tick(page.getByTestId(`campaign-connection-${webchat.id}`));
    await expect(page.getByTestId('campaign-within-business-hours')).not.toBeChecked();
    await page.getByTestId('campaign-message1').fill('Olá {nome}, oferta do dia!');
    await page.getByTestId('campaign-save').click();

    const row = page.locator('[data-testid^="campaign-row-"]', { hasText: `Limite ${suffix}` });
    await row.getByTestId('campaign-report').click({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/campaign\/\d+\/report$/);
    await expect(page.getByTestId('report-paused')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('report-paused')).toContainText(/\d{2}:\d{2}/);
    const sent = Number(
      await page.getByTestId('report-count-sent').getByTestId('report-count-value').textContent(),
    );
    expect(sent).toBeLessThanOrEqual(1);
    await shot(page, 'campaigns-report-daily-limit');
  } finally {
    // Later specs run campaigns on the same server: no cap, and this campaign stopped.
    await request.post('/api/campaign-settings', { headers: auth, data: settingsWith(0) });
    const list = await (await request.get(`/api/campaigns?searchParam=${suffix}`, { headers: auth })).json();
    for (const c of list.records ?? [])
      await request.post(`/api/campaigns/${c.id}/cancel`, { headers: auth, data: {} });
    for (const context of contexts) await context.close();
  }
});
