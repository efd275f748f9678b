import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { desktopCalls, recordAlerts } from './alerts';
import { adminToken, signedIn } from './attendance';
import { FULL_BROWSER } from './chromium';
import { ADMIN_USER_ID, setTheme, shot, USERS } from './helpers';

// The bell's desktop notification needs the full browser (the headless shell denies notifications).
test.use({ launchOptions: FULL_BROWSER });

/**
 * Spec part 1 §2 (bell, Search tab filters) and §4 "Live updates" (notification rules), end to end: a web chat
 * visitor writes, the bell of a user with allTicket rises live with a desktop notification, a user without allTicket
 * is not notified of pending tickets, opening the ticket from the bell reads it and the count drops.
 */

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function adminSession(request: APIRequestContext) {
  // The API signs in as the API admin; `id` is the admin the browsers sign in as.
  return { token: await adminToken(request), id: ADMIN_USER_ID };
}

async function setAllTicket(request: APIRequestContext, token: string, id: number, on: boolean) {
  const res = await request.put(`/api/users/${id}`, {
    headers: auth(token),
    data: { allTicket: on ? 'enable' : 'disable' },
  });
  expect(res.ok()).toBe(true);
}

/** Signed in (in English) with desktop notifications allowed and every alert recorded. */
const signedInRecording = (browser: Browser, who: { email: string; password: string }) =>
  signedIn(browser, who, 1400, {
    locale: 'en-US',
    prepare: async (context) => {
      await context.grantPermissions(['notifications']);
      await context.addInitScript(recordAlerts);
    },
  });

const bellCount = async (page: Page) =>
  Number(await page.getByTestId('notifications-button').getAttribute('data-count'));

test('the bell: live unread tickets, desktop notification, pending only with allTicket, opening reads it', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000); // two browsers, API set-up and four screenshots
  const admin = await adminSession(request);
  await setAllTicket(request, admin.token, admin.id, true);
  try {
    const connection = await request.post('/api/whatsapp', {
      headers: auth(admin.token),
      data: { name: `Bell ${Date.now()}`, channel: 'webchat' },
    });
    const channelToken = (await connection.json()).token as string;
    const brunaLogin = { email: `bell.${Date.now()}@e2e.test`, password: 'bruna-pass' };
    const created = await request.post('/api/users', {
      headers: auth(admin.token),
      data: { name: 'Bruna Sino', profile: 'user', ...brunaLogin },
    });
    expect(created.ok()).toBe(true);

    const lead = await signedInRecording(browser, USERS.admin);
    const bruna = await signedInRecording(browser, brunaLogin);
    await expect(lead.page.getByTestId('notifications-button')).toHaveAttribute('data-count', /\d+/);
    const before = await bellCount(lead.page);
    const brunaBefore = await bellCount(bruna.page);

    // The visitor writes: a pending ticket nobody owns.
    const visitor = { visitorId: `bell-${Date.now()}`, name: `Sino ${Date.now() % 100_000}` };
    const said = await request.post(`/api/webchat/${channelToken}/messages`, {
      data: { ...visitor, body: 'Alguém pode me ajudar?', clientMessageId: randomUUID() },
    });
    expect(said.status()).toBe(201);

    // allTicket: the bell rises live, with a desktop notification (contact name, message) and the chime.
    await expect(lead.page.getByTestId('notifications-button')).toHaveAttribute(
      'data-count',
      String(before + 1),
    );
    await expect(lead.page).toHaveTitle(new RegExp(`^\\(${before + 1}\\) `));
    await expect
      .poll(() => desktopCalls(lead.page))
      .toContainEqual({ title: visitor.name, body: 'Alguém pode me ajudar?' });
    expect(
      await lead.page.evaluate(() => (window as unknown as { __chimes: { count: number } }).__chimes.count),
    ).toBeGreaterThan(0);

    // Without allTicket a pending ticket is not notified: once the ticket reached her Pending list live, her
    // bell has had the message event too, and stays put.
    await bruna.page.getByTestId('subtab-pending').click();
    await expect(bruna.page.locator('.ticket-row', { hasText: visitor.name })).toBeVisible();
    expect(await bellCount(bruna.page)).toBe(brunaBefore);
    expect(await desktopCalls(bruna.page)).not.toContainEqual(
      expect.objectContaining({ title: visitor.name }),
    );

    // The popover lists it.
    await lead.page.getByTestId('notifications-button').click();
    const popover = lead.page.getByTestId('notifications-popover');
    const item = popover.locator('.notification-item', { hasText: visitor.name });
    await expect(item).toBeVisible();
    await expect(item).toContainText('Alguém pode me ajudar?');
    await lead.page.keyboard.press('Escape');
    await expect(popover).toBeHidden();
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(lead.page, theme);
      await lead.page.getByTestId('notifications-button').click();
      await expect(item).toBeVisible();
      await shot(lead.page, `notifications-popover-${theme}`);
      await lead.page.keyboard.press('Escape');
      await expect(popover).toBeHidden();
    }
    await setTheme(lead.page, 'light');

    // The admin takes the ticket; the visitor writes again: still one entry, now an open ticket of the admin.
    const found = await request.get(`/api/tickets?searchParam=${encodeURIComponent(visitor.name)}`, {
      headers: auth(admin.token),
    });
    const ticket = (await found.json()).tickets[0] as { id: number; uuid: string };
    const accepted = await request.put(`/api/tickets/${ticket.id}`, {
      headers: auth(admin.token),
      data: { status: 'open', userId: admin.id },
    });
    expect(accepted.ok()).toBe(true);
    await request.post(`/api/webchat/${channelToken}/messages`, {
      data: { ...visitor, body: 'Ainda aqui', clientMessageId: randomUUID() },
    });
    await expect
      .poll(() => desktopCalls(lead.page))
      .toContainEqual({ title: visitor.name, body: 'Ainda aqui' });
    await expect(lead.page.getByTestId('notifications-button')).toHaveAttribute(
      'data-count',
      String(before + 1),
    );

    // Clicking the entry opens the conversation, which reads it: the ticket leaves the bell.
    await lead.page.getByTestId('notifications-button').click();
    await popover.locator('.notification-item', { hasText: visitor.name }).click();
    await expect(lead.page).toHaveURL(new RegExp(`/tickets/${ticket.uuid}$`));
    await expect(lead.page.getByTestId('message-list')).toContainText('Ainda aqui');
    await expect(lead.page.getByTestId('notifications-button')).toHaveAttribute('data-count', String(before));

    // While viewing that ticket a new message raises no desktop notification.
    const shown = (await desktopCalls(lead.page)).length;
    await request.post(`/api/webchat/${channelToken}/messages`, {
      data: { ...visitor, body: 'Vi que abriu', clientMessageId: randomUUID() },
    });
    await expect(lead.page.getByTestId('message-list')).toContainText('Vi que abriu');
    expect((await desktopCalls(lead.page)).length).toBe(shown);

    await lead.context.close();
    await bruna.context.close();
  } finally {
    await setAllTicket(request, admin.token, admin.id, false);
  }
});

test('the Search tab filter panel filters by status and tag', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const admin = await adminSession(request);
  const connection = await request.post('/api/whatsapp', {
    headers: auth(admin.token),
    data: { name: `Filtro ${Date.now()}`, channel: 'webchat' },
  });
  const channelToken = (await connection.json()).token as string;
  const stamp = Date.now() % 100_000;
  const names = { tagged: `Filtrada ${stamp}`, plain: `Simples ${stamp}` };
  for (const [key, name] of Object.entries(names)) {
    const res = await request.post(`/api/webchat/${channelToken}/messages`, {
      data: { visitorId: `filter-${key}-${stamp}`, name, body: 'Olá', clientMessageId: randomUUID() },
    });
    expect(res.status()).toBe(201);
  }
  const tag = await (
    await request.post('/api/tags', {
      headers: auth(admin.token),
      data: { name: `VIP ${stamp}`, color: '#2d72d2', kanban: 0 },
    })
  ).json();
  const list = await request.get(`/api/tickets?searchParam=${encodeURIComponent(names.tagged)}`, {
    headers: auth(admin.token),
  });
  const tagged = (await list.json()).tickets[0] as { contactId: number };
  const synced = await request.post('/api/tags/sync', {
    headers: auth(admin.token),
    data: { contactId: tagged.contactId, tags: [{ id: tag.id }] },
  });
  expect(synced.ok()).toBe(true);

  const { context, page } = await signedInRecording(browser, USERS.admin);
  await page.getByTestId('tab-search').click();
  const results = page.getByTestId('ticket-list-search');
  const row = (name: string) => results.locator('.ticket-row', { hasText: name });
  await expect(row(names.tagged)).toBeVisible();
  await expect(row(names.plain)).toBeVisible();

  await page.getByTestId('search-filters-toggle').click();
  await expect(page.getByTestId('search-filters')).toBeVisible();
  await expect(page.getByTestId('filter-users')).toBeVisible(); // admins filter by attendant too

  // Tag: only the tagged contact's ticket stays.
  await page.getByTestId('filter-tags').click();
  await page.getByTestId('filter-tags-menu').getByText(`VIP ${stamp}`).click();
  await page.keyboard.press('Escape');
  await expect(row(names.plain)).toHaveCount(0);
  await expect(row(names.tagged)).toBeVisible();
  await expect(page.getByTestId('search-filters-toggle')).toContainText('1');

  // Status: the ticket is pending, so Closed empties the list and Pending brings it back.
  await page.getByTestId('filter-status').selectOption('closed');
  await expect(row(names.tagged)).toHaveCount(0);
  await page.getByTestId('filter-status').selectOption('pending');
  await expect(row(names.tagged)).toBeVisible();
  await expect(results.locator('.ticket-row:not([data-status="pending"])')).toHaveCount(0);
  await setTheme(page, 'light');
  await shot(page, 'search-filters-light');
  await setTheme(page, 'dark');
  await shot(page, 'search-filters-dark');
  await setTheme(page, 'light');

  // The choices last while the tab is open: back from another tab they still apply.
  await page.getByTestId('tab-open').click();
  await page.getByTestId('tab-search').click();
  await expect(page.getByTestId('search-filters')).toBeVisible();
  await expect(row(names.plain)).toHaveCount(0);
  await page.getByTestId('filter-clear').click();
  await expect(row(names.plain)).toBeVisible();
  await context.close();

  // In pt-BR at 1366 px, with a search typed, the row's controls (queues, "Atendimentos de todos", "Filtros",
  // "Limpar") are each whole, apart and uncovered: they overlapped and "Limpar" was cut before the row could wrap,
  // and a wrapped row squeezed by a long list lay under it.
  const narrow = await signedIn(browser, USERS.admin, 1366);
  // A short window, so the list overflows even with this spec's few tickets: it must not cover the row.
  await narrow.page.setViewportSize({ width: 1366, height: 300 });
  await narrow.page.getByTestId('ticket-search').fill('Olá');
  await expect(narrow.page.getByTestId('tab-search')).toHaveAttribute('aria-selected', 'true');
  const controls = narrow.page.locator('.ticket-panel__filters > *');
  await expect(controls).toHaveCount(4);
  const boxes = await controls.evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      const atCentre = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
      return {
        left: r.left,
        top: r.top,
        right: r.right,
        bottom: r.bottom,
        cut: e.scrollWidth > e.clientWidth + 1,
        covered: !atCentre || !e.contains(atCentre),
      };
    }),
  );
  expect(boxes.filter((b) => b.cut || b.covered)).toEqual([]);
  const apart = (a: (typeof boxes)[number], b: (typeof boxes)[number]) =>
    a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
  expect(boxes.every((a, i) => boxes.slice(i + 1).every((b) => apart(a, b)))).toBe(true);
  await narrow.context.close();
});
