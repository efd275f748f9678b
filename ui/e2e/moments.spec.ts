import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { adminToken, signedIn } from './attendance';
import { setTheme, shot } from './helpers';

async function api(request: APIRequestContext) {
  const token = await adminToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const channel = await request.post('/api/whatsapp', {
    headers,
    data: { name: `Site Tempo Real ${Date.now()}`, channel: 'webchat' },
  });
  expect(channel.ok()).toBe(true);
  return { headers, channelToken: (await channel.json()).token as string };
}

/** A user of company 1 working in pt-BR; answers the login and its user id. */
async function newUser(
  request: APIRequestContext,
  headers: Record<string, string>,
  profile: 'admin' | 'user',
) {
  const who = { email: `${profile}.tr.${Date.now()}@e2e.test`, password: 'tempo-real' };
  const name = profile === 'admin' ? 'Rita Supervisora' : 'Otto Atendente';
  const res = await request.post('/api/users', {
    headers,
    data: { name, profile, language: 'pt-BR', ...who },
  });
  expect(res.ok()).toBe(true);
  return { who, id: (await res.json()).id as number, name };
}

test('Tempo Real: a visitor appears live in Pendentes; once accepted it moves to the attendant’s card', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const { headers, channelToken } = await api(request);
  const rita = await newUser(request, headers, 'admin');
  const visitor = { visitorId: `tr-${Date.now()}`, name: `Visitante TR ${Date.now() % 100_000}` };

  const panel = await signedIn(browser, rita.who);
  await panel.page.getByTestId('menu-/moments').click();
  await expect(panel.page).toHaveURL(/\/moments$/);
  await expect(panel.page.getByRole('heading', { name: 'Tempo Real' })).toBeVisible();
  const pending = panel.page.getByTestId('moments-pending');
  await expect(pending).toContainText('Pendentes');

  // The visitor writes: the Pendentes card shows the conversation without a reload.
  const sent = await request.post(`/api/webchat/${channelToken}/messages`, {
    data: { ...visitor, body: 'Olá, alguém pode me ajudar?', clientMessageId: randomUUID() },
  });
  expect(sent.status()).toBe(201);
  await expect(pending).toContainText(visitor.name);
  // The waiting time's tooltip is the moment itself, day/month/year and a 24-hour clock (spec part 1 §9).
  await expect(
    pending.locator('.moments-row', { hasText: visitor.name }).locator('.moments-row__time'),
  ).toHaveAttribute('title', /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  await setTheme(panel.page, 'light');
  await shot(panel.page, 'moments-light-wide');

  // Rita accepts it on the ticket screen (another tab): it leaves Pendentes for her card.
  const tickets = await panel.context.newPage();
  await tickets.goto('/tickets');
  await tickets.getByTestId('subtab-pending').click();
  await tickets
    .locator('[data-status="pending"]', { hasText: visitor.name })
    .getByTestId('ticket-accept')
    .click();
  await expect(tickets).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  await tickets.close();

  const card = panel.page.getByTestId(`moments-user-${rita.id}`);
  await expect(card).toContainText(rita.name);
  await expect(card).toContainText(visitor.name);
  await expect(pending).not.toContainText(visitor.name);
  // Each row links to its ticket.
  await expect(card.getByRole('link', { name: visitor.name })).toHaveAttribute(
    'href',
    /\/tickets\/[0-9a-f-]{36}$/,
  );

  await setTheme(panel.page, 'dark');
  await shot(panel.page, 'moments-dark-wide');
  await panel.page.setViewportSize({ width: 375, height: 760 });
  await expect(card).toBeVisible();
  await shot(panel.page, 'moments-dark-narrow');
  await setTheme(panel.page, 'light');
  await shot(panel.page, 'moments-light-narrow');
  await panel.context.close();
});

test('Tempo Real is for admins: an attendant is sent back with a message', async ({ browser, request }) => {
  const { headers } = await api(request);
  const otto = await newUser(request, headers, 'user');
  const { context, page } = await signedIn(browser, otto.who);
  // The menu does not offer it; an address typed or linked is turned away.
  await expect(page.getByTestId('menu-/tickets')).toBeVisible();
  await expect(page.getByTestId('menu-/moments')).toHaveCount(0);
  await page.goto('/moments');
  await expect(page.getByTestId('no-permission')).toBeVisible();
  await expect(page.getByText('Você não tem permissão').first()).toBeVisible();
  await expect(page).toHaveURL(/\/tickets$/);
  await expect(page.getByTestId('moments-screen')).toHaveCount(0);
  await context.close();
});
