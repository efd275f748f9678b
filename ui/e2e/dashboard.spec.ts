import { type APIRequestContext, expect, test } from '@playwright/test';
import {
  adminToken,
  browserAdmin,
  createAttendant,
  createWebchat,
  findTicket,
  signedIn,
  uniqueTag,
  visitorSays,
} from './attendance';
import { setTheme, shot, USERS } from './helpers';

/** Two of today's tickets through the API: one taken by the browser's admin and finished, one still waiting. */
async function seedTickets(request: APIRequestContext) {
  const token = await adminToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const channel = await createWebchat(request, token);
  const tag = uniqueTag();
  const taken = `Cliente Painel ${tag}`;
  await visitorSays(request, channel, { id: `dash-a-${tag}`, name: taken }, 'Olá, quero comprar');
  await visitorSays(request, channel, { id: `dash-b-${tag}`, name: `Cliente Espera ${tag}` }, 'Oi!');
  const admin = await browserAdmin(request);
  const { id } = await findTicket(request, token, taken);
  for (const data of [{ status: 'open', userId: admin.id }, { status: 'closed' }]) {
    const res = await request.put(`/api/tickets/${id}`, { headers, data });
    expect(res.ok()).toBe(true);
  }
  return admin;
}

test("the dashboard's counters and charts render with data; the tabs show NPS and the attendants", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const admin = await seedTickets(request);
  const { context, page } = await signedIn(browser, USERS.admin);
  await page.getByTestId('menu-/').click();
  await expect(page).toHaveURL(/\/$/);

  // Indicadores: this month's figures, and tickets per day drawn as bars (the chart chunk loads on demand).
  await expect(page.getByRole('tab', { name: 'Indicadores' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('dashboard-counter-tickets')).toContainText(/\d+/);
  const tickets = Number(
    (await page.getByTestId('dashboard-counter-tickets').locator('strong').textContent()) ?? '0',
  );
  expect(tickets).toBeGreaterThanOrEqual(2);
  await expect(page.getByTestId('dashboard-counter-supportFinished')).toContainText('Finalizados');
  await expect(page.getByTestId('dashboard-counter-avgWaitTime')).toContainText(/\d+ (min|h)/);
  await expect(page.getByTestId('dashboard-chart-day').locator('svg.recharts-surface')).toBeVisible();
  await expect(
    page.getByTestId('dashboard-chart-day').locator('.recharts-bar-rectangle').first(),
  ).toBeVisible();
  await setTheme(page, 'light');
  await shot(page, 'dashboard-light-wide');
  await setTheme(page, 'dark');
  await shot(page, 'dashboard-dark-wide');

  await page.getByRole('tab', { name: 'NPS' }).click();
  await expect(page.getByTestId('dashboard-counter-npsScore')).toBeVisible();
  await expect(page.getByTestId('dashboard-counter-percRating')).toContainText('%');

  await page.getByRole('tab', { name: 'Atendentes' }).click();
  const users = page.getByTestId('dashboard-chart-users');
  await expect(users.locator('.recharts-bar-rectangle').first()).toBeVisible();
  const row = page.getByTestId(`dashboard-attendant-${admin.id}`);
  await expect(row).toContainText(admin.name);
  // Signed in, so online: the dot says so.
  await expect(row.getByRole('img', { name: 'Online' })).toBeVisible();
  await shot(page, 'dashboard-attendants-dark-wide');

  // A cleared date asks for the filter instead of querying.
  await page.getByTestId('dashboard-from').fill('');
  await expect(page.getByTestId('dashboard-parametrize')).toHaveText('Parametrize o filtro');
  await setTheme(page, 'light');
  await page.setViewportSize({ width: 420, height: 860 });
  await shot(page, 'dashboard-light-narrow');
  await context.close();
});

test('a plain user going to / lands on the tickets, without a dashboard entry', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const agent = await createAttendant(request, await adminToken(request));
  const { context, page } = await signedIn(browser, agent);
  await page.goto('/');
  // A full page load: the session is restored and the plugins listed first (slow on a busy machine).
  await expect(page).toHaveURL(/\/tickets$/, { timeout: 30_000 });
  await expect(page.getByTestId('tickets-screen')).toBeVisible();
  await expect(page.getByTestId('menu-/')).toHaveCount(0);
  await context.close();
});
