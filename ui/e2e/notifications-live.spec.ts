import { expect, test } from '@playwright/test';
import { adminToken, createAttendant, heldBack, seededWebchat, signedIn, visitorSays } from './attendance';

// Spec part 1 §4 "Live updates": the bell loads the unread tickets and then follows the message and ticket events.
// The two overlap: right after sign-in the socket is live while the bell is still loading.

test('the bell keeps what happened while its first load was on its way', async ({ browser, request }) => {
  const token = await adminToken(request);
  const auth = { authorization: `Bearer ${token}` };
  const channel = await seededWebchat(request, token);
  // Notified of pending tickets (allTicket) and in no queue: every new conversation rings her bell.
  const bruna = await createAttendant(request, token, { allTicket: 'enable' });
  const stamp = Date.now();
  const earlier = { id: `bell-earlier-${stamp}`, name: `Sino Antes ${stamp % 100_000}` };
  const later = { id: `bell-later-${stamp}`, name: `Sino Depois ${stamp % 100_000}` };
  await visitorSays(request, channel, earlier, 'Bom dia');
  const found = await request.get('/api/tickets', { headers: auth, params: { searchParam: earlier.name } });
  const ticket = (await found.json()).tickets[0] as { id: number };

  // Her bell's first load is read by the server now, with the earlier ticket, and handed to the page only later.
  const held = heldBack(/\/api\/tickets\?.*withUnreadMessages=true/);
  const { context, page } = await signedIn(browser, bruna, 1400, { prepare: held.prepare });
  await expect.poll(held.read).toBeGreaterThanOrEqual(1);
  const bell = page.getByTestId('notifications-button');
  await expect(bell).toHaveAttribute('aria-busy', 'true');

  // Meanwhile the earlier ticket is deleted and a new visitor writes: one leaves the bell, one rings it.
  expect((await request.delete(`/api/tickets/${ticket.id}`, { headers: auth })).ok()).toBe(true);
  await visitorSays(request, channel, later, 'Alguém aí?');
  // The events come in order: the new ticket is in, so the delete has been heard too.
  await expect(bell).toHaveAttribute('data-count', '1');

  // The older list lands: it neither drops the new ticket nor brings back the deleted one.
  held.release();
  await expect(bell).toHaveAttribute('aria-busy', 'false');
  await bell.click();
  const popover = page.getByTestId('notifications-popover');
  await expect(popover.locator('.notification-item', { hasText: later.name })).toBeVisible();
  await expect(popover.locator('.notification-item', { hasText: earlier.name })).toHaveCount(0);
  await context.close();
});
