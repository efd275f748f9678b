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
  await page.getByTestId('webchat-input').fill('Oi, quero novidades');
  await page.keyboard.press('Enter');
  await expect(page.locator('.msg.me', { hasText: 'Oi, quero novidades' })).toBeVisible();
  return { context, page };
}

/** A 1×1 PNG: the campaign's image. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test('an admin runs a campaign to web chat visitors and watches its report reach Finalizada', async ({
  page,
  browser,
  request,
}) => {
  // Two visitors, a campaign and its report: several pages on a shared 2-core machine.
  test.setTimeout(120_000);
  const auth = await apiAuth(request);
  const connections = await (await request.get('/api/whatsapp', { headers: auth })).json();
  const webchat = connections.find((c: { channel: string }) => c.channel === 'webchat');
  // No pauses, so the journey takes seconds (the settings page's "no pause" options).
  await request.post('/api/campaign-settings', {
    headers: auth,
    data: { settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, variables: [] } },
  });
  const suffix = Date.now().toString(36);
  const tag = await (
    await request.post('/api/tags', {
      headers: auth,
      data: { name: `Campanha ${suffix}`, color: '#2d72d2' },
    })
  ).json();
  const names = [`Lia ${suffix}`, `Rui ${suffix}`];
  const visitors = [];
  for (const name of names) visitors.push(await visitor(browser, webchat.token, name));
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

  // The campaign routes exist only while the browser holds `cshow` (spec part 2 §2).
  await page.addInitScript(() => localStorage.setItem('cshow', '1'));
  await login(page, USERS.admin);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.getByRole('menuitem', { name: /^(Campaigns|Campanhas|Campañas|Kampanyalar)$/ }).click();
  // The plugin's UI loads lazily: on a busy machine its first paint takes a while.
  await expect(page.getByTestId('campaign-add')).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('campaign-add').click();
  await page.getByTestId('campaign-name').fill(`Oferta ${suffix}`);
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  await page
    .getByTestId('campaign-scheduled-at')
    .fill(
      `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}T${pad(now.getHours())}:${pad(now.getMinutes())}`,
    );
  await page.getByTestId('campaign-audience').selectOption(String(tag.id));
  // Blueprint draws its own box over the input: the input itself is what holds the state.
  await tick(page.getByTestId(`campaign-connection-${webchat.id}`));
  await page.getByTestId('campaign-message1').fill('Olá {nome}, temos uma oferta para você!');
  // The campaign's image goes with each message (uploaded on save through POST /campaigns/{id}/media-upload).
  await page
    .locator('#campaign-media-file')
    .setInputFiles({ name: 'oferta.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('campaign-media')).toHaveText('oferta.png');
  await shot(page, 'campaigns-dialog');
  await page.getByTestId('campaign-save').click();

  const row = page.locator('[data-testid^="campaign-row-"]', { hasText: `Oferta ${suffix}` });
  await row.getByTestId('campaign-report').click({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/campaign\/\d+\/report$/);
  await expect(page.getByTestId('report-status')).toHaveText(/Finalizada|Finished|Finalizada|Tamamlandı/, {
    timeout: 30_000,
  });
  await expect(page.getByTestId('report-count-sent').getByTestId('report-count-value')).toHaveText('2');
  await expect(page.getByTestId('report-row')).toHaveCount(2);
  await shot(page, 'campaigns-report');

  // Finished, so its modal opens read-only (spec part 2 §4): texts unchangeable, and its button only closes it.
  await page.getByRole('menuitem', { name: /^(Campaigns|Campanhas|Campañas|Kampanyalar)$/ }).click();
  await row.getByRole('button', { name: /^(Edit|Editar|Düzenle)$/ }).click();
  await expect(page.getByTestId('campaign-name')).toHaveAttribute('readonly', '');
  await expect(page.getByTestId('campaign-message1')).toHaveAttribute('readonly', '');
  await expect(page.getByTestId('campaign-save')).toHaveText(/^(Close|Fechar|Cerrar|Kapat)$/);
  await page.getByTestId('campaign-save').click();
  await expect(page.getByTestId('campaign-message1')).toHaveCount(0);

  for (const [i, { page: v, context }] of visitors.entries()) {
    const text = `Olá ${names[i]}, temos uma oferta para você!`;
    await expect(v.locator('.msg', { hasText: text })).toHaveCount(1);
    await expect(v.locator('.msg', { hasText: text }).getByTestId('webchat-image')).toHaveCount(1);
    await v.reload();
    await expect(v.locator('.msg', { hasText: text })).toHaveCount(1);
    await context.close();
  }
});
