import { expect, test } from '@playwright/test';
import { chimes, desktopCalls, recordAlerts } from './alerts';
import { adminToken, createAttendant, signedIn, uniqueTag } from './attendance';
import { FULL_BROWSER } from './chromium';
import { ADMIN_USER_ID, shot, USERS } from './helpers';

// The hidden tab's desktop notification needs the full browser (the headless shell denies notifications).
test.use({ launchOptions: FULL_BROWSER });

// Spec part 2 §2 "Internal chat": two users of the company talk live — the owner makes a chat, the other hears it
// in the top bar, opens it from there, answers; only the owner edits, and a member taken out loses the chat at once.

test('two users chat live: the top-bar count, the conversation, owner-only edits', async ({
  browser,
  request,
}) => {
  // Two signed-in browsers and a whole journey: on a busy 2-core machine a step can take seconds.
  test.setTimeout(180_000);
  const token = await adminToken(request);
  const bruna = await createAttendant(request, token);
  // A second member for when Bruna is taken out (a chat needs one besides its owner); she never signs in.
  const carla = await createAttendant(request, token, { name: 'Carla Atendente' });
  const title = `Equipe ${Date.now() % 100_000}`;

  const admin = await signedIn(browser, USERS.admin);
  const other = await signedIn(browser, bruna);
  const owner = admin.page;
  const member = other.page;

  // The owner makes the chat with Bruna.
  await owner.getByTestId('menu-/chats').click();
  await expect(owner).toHaveURL(/\/chats$/);
  await owner.getByTestId('chat-new').click();
  const dialog = owner.getByTestId('chat-dialog');
  await dialog.getByTestId('chat-title').fill(title);
  // Save waits for a member.
  await expect(dialog.getByTestId('chat-save')).toBeDisabled();
  await dialog.getByTestId(`chat-user-${bruna.id}`).click();
  await dialog.getByTestId('chat-save').click();
  await expect(owner).toHaveURL(/\/chats\/[0-9a-f-]{36}$/);
  const uuid = owner.url().split('/').pop() as string;

  // A formatted message; Bruna's top bar counts it without a reload.
  await owner.getByTestId('chat-input').fill('*Bom dia*, Bruna!');
  await owner.keyboard.press('Enter');
  await expect(owner.getByTestId('chat-message').last()).toContainText('Bom dia, Bruna!');
  await expect(member.getByTestId('chat-popover-unread')).toHaveText('1');

  // She opens it from the popover: the message is there, bold, and her count goes back to 0.
  await member.getByTestId('chat-popover-button').click();
  await member.getByTestId('chat-popover').getByText(title).click();
  await expect(member).toHaveURL(new RegExp(`/chats/${uuid}$`));
  const received = member.getByTestId('chat-message').last();
  await expect(received.locator('strong')).toHaveText('Bom dia');
  await expect(member.getByTestId('chat-popover-unread')).toHaveCount(0);
  await expect(member.getByTestId('chat-popover-button')).toHaveAttribute('data-unread', '0');

  // She answers; the owner sees it live. Edit and delete are the owner's only.
  await member.getByTestId('chat-input').fill('Bom dia! Tudo certo por aqui.');
  await member.getByTestId('chat-send').click();
  await expect(owner.getByTestId('chat-message').last()).toContainText('Tudo certo por aqui.');
  const memberRow = member.getByTestId('chat-list').locator('li', { hasText: title });
  await expect(memberRow.getByTestId('chat-edit')).toHaveCount(0);
  await expect(memberRow.getByTestId('chat-delete')).toHaveCount(0);
  await shot(owner, 'internal-chat-light-wide');

  // On a narrow screen the page has two tabs.
  await member.setViewportSize({ width: 420, height: 860 });
  await member.getByTestId('chat-tab-chats').click();
  await expect(member.getByTestId('chat-list').getByText(title)).toBeVisible();
  await member.setViewportSize({ width: 1400, height: 860 });

  // The owner takes her out: the chat leaves her screen at once.
  const ownerRow = owner.getByTestId('chat-list').locator('li', { hasText: title });
  await ownerRow.getByTestId('chat-edit').click();
  await owner.getByTestId('chat-dialog').getByTestId(`chat-user-${bruna.id}`).click();
  await expect(owner.getByTestId('chat-save')).toBeDisabled();
  await owner.getByTestId('chat-dialog').getByTestId('chat-title').fill(`${title} N2`);
  await owner.getByTestId(`chat-user-${carla.id}`).click();
  await owner.getByTestId('chat-save').click();
  await expect(member).toHaveURL(/\/chats$/);
  await expect(member.getByTestId('chat-list').getByText(title)).toHaveCount(0);

  await admin.context.close();
  await other.context.close();
});

test('the open chat: older messages load near the top; a hidden tab alerts with the chime and a notification', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  // The API admin ("API dos testes") owns a chat with the browser's admin and has written 45 messages in it.
  const token = await adminToken(request);
  const auth = { authorization: `Bearer ${token}` };
  const title = `Histórico ${uniqueTag()}`;
  const made = await request.post('/api/chats', { headers: auth, data: { title, users: [ADMIN_USER_ID] } });
  expect(made.status()).toBe(201);
  const chat = (await made.json()) as { id: number; uuid: string };
  const say = async (message: string) => {
    const sent = await request.post(`/api/chats/${chat.id}/messages`, { headers: auth, data: { message } });
    expect(sent.status()).toBe(201);
  };
  for (let i = 1; i <= 45; i++) await say(`${title} · ${i}`);

  const admin = await signedIn(browser, USERS.admin, 1400, {
    locale: 'en-US',
    prepare: async (context) => {
      await context.grantPermissions(['notifications']);
      await context.addInitScript(recordAlerts);
    },
  });
  try {
    const page = admin.page;
    await page.getByTestId('menu-/chats').click();
    await page.getByTestId(`chat-item-${chat.id}`).getByRole('button', { name: title }).click();
    await expect(page).toHaveURL(new RegExp(`/chats/${chat.uuid}$`));

    // The newest page first; the oldest messages wait until the conversation is scrolled near its top (600 px).
    const messages = page.getByTestId('chat-message');
    await expect(messages.last()).toContainText(`${title} · 45`);
    expect(await messages.count()).toBeLessThan(45);
    const scroller = page.getByTestId('chat-scroller');
    await expect(async () => {
      await scroller.evaluate((box) => {
        box.scrollTop = 0;
      });
      await expect(messages).toHaveCount(45, { timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await expect(messages.first()).toContainText(`${title} · 1`);
    // The older messages went in above what was read: the view stayed put instead of jumping to the top.
    expect(await scroller.evaluate((box) => box.scrollTop)).toBeGreaterThan(0);

    // Looking at the chat in a visible tab: a new message shows, without a desktop notification.
    await say(`${title} · visto`);
    await expect(messages.last()).toContainText(`${title} · visto`);
    const alertsOf = async () =>
      // The title is in the user's language ("API dos testes in …" / "… em …"): an earlier spec may have saved one.
      (await desktopCalls(page))
        .filter((n) => n.title.startsWith('API dos testes') && n.title.endsWith(title))
        .map((n) => n.body);
    expect(await alertsOf()).toEqual([]);

    // The tab hidden (another tab in front): the same chat's message alerts, the chime and a desktop notification.
    const chimed = await chimes(page);
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await say(`${title} · *escondido*`);
    // The message reaches the (hidden) page first; its alert follows. Separate steps, so a failure says which one.
    await expect(messages.last()).toContainText(`${title} · escondido`, { timeout: 30_000 });
    await expect.poll(alertsOf, { timeout: 30_000 }).toEqual([`${title} · escondido`]);
    expect(await chimes(page)).toBeGreaterThan(chimed);
  } finally {
    await admin.context.close();
  }
});
