import { expect, test } from '@playwright/test';
import { adminToken, heldBack, openPending, seededWebchat, signedIn, visitorSays } from './attendance';
import { USERS } from './helpers';

// Spec part 1 §4 "Live updates": a list loads its first page and then follows the ticket events. The two overlap:
// right after sign-in the socket is live while the lists are still loading.

test('a ticket that arrives while the Pending list is still loading stays in the list', async ({
  browser,
  request,
}) => {
  const token = await adminToken(request);
  const channel = await seededWebchat(request, token);
  // The first Pending page is read by the server now, before the ticket exists, and handed to the page only later.
  const held = heldBack(/\/api\/tickets\?.*status=pending/);
  const admin = await signedIn(browser, USERS.admin, 1400, { prepare: held.prepare });
  await expect.poll(held.read).toBeGreaterThanOrEqual(1);
  await openPending(admin.page);
  const list = admin.page.getByTestId('ticket-list-pending');
  await expect(list).toHaveAttribute('aria-busy', 'true');

  // Meanwhile the visitor writes: the ticket arrives live.
  const name = `Chegou Agora ${Date.now() % 100_000}`;
  await visitorSays(request, channel, { id: `live-${Date.now()}`, name }, 'Alguém aí?');
  const row = list.locator('[data-status="pending"]', { hasText: name });
  await expect(row).toBeVisible();

  // The older page lands: the ticket stays, and the badge agrees with the server.
  held.release();
  await expect(list).toHaveAttribute('aria-busy', 'false');
  await expect(row).toBeVisible();
  const server = await request.get('/api/tickets', {
    headers: { authorization: `Bearer ${token}` },
    params: { status: 'pending', pageNumber: 1 },
  });
  await expect(list).toHaveAttribute('data-count', String((await server.json()).count));
  await admin.context.close();
});
