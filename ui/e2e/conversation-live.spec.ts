import { expect, test } from '@playwright/test';
import {
  adminToken,
  createAttendant,
  heldBack,
  openPending,
  seededWebchat,
  signedIn,
  visitorSays,
} from './attendance';
import { USERS } from './helpers';

// Spec part 1 §4 "Live updates": the open conversation loads its ticket, then its newest messages, and follows the
// ticket and message events. What changes while either is on its way must show once it lands.

test('the open conversation keeps what changed while its ticket and its messages were loading', async ({
  browser,
  request,
}) => {
  const token = await adminToken(request);
  const auth = { authorization: `Bearer ${token}` };
  const channel = await seededWebchat(request, token);
  const bruna = await createAttendant(request, token);
  const stamp = Date.now();
  const visitor = { id: `conversation-live-${stamp}`, name: `Conversa Viva ${stamp % 100_000}` };
  await visitorSays(request, channel, visitor, 'Primeira mensagem');
  const found = await request.get('/api/tickets', { headers: auth, params: { searchParam: visitor.name } });
  const ticket = (await found.json()).tickets[0] as { id: number; uuid: string };

  // The ticket and its first page of messages are read by the server at once and handed to the page only later.
  const heldTicket = heldBack(new RegExp(`/api/tickets/u/${ticket.uuid}$`));
  const heldMessages = heldBack(new RegExp(`/api/messages/${ticket.id}\\?pageNumber=1`));
  const { context, page } = await signedIn(browser, USERS.admin, 1400, {
    prepare: async (c) => {
      await heldTicket.prepare(c);
      await heldMessages.prepare(c);
    },
  });
  await page.goto(`/tickets/${ticket.uuid}`);
  await expect(page.getByTestId('realtime-status')).toHaveAttribute('data-realtime', 'ready');
  await expect.poll(heldTicket.read).toBeGreaterThanOrEqual(1);

  // Meanwhile Bruna takes the ticket: it leaves the Pending list live, so the update has been heard.
  await openPending(page);
  const pendingRow = page
    .getByTestId('ticket-list-pending')
    .locator('.ticket-row', { hasText: visitor.name });
  await expect(pendingRow).toBeVisible();
  const accepted = await request.put(`/api/tickets/${ticket.id}`, {
    headers: auth,
    data: { status: 'open', userId: bruna.id },
  });
  expect(accepted.ok()).toBe(true);
  await expect(pendingRow).toHaveCount(0);

  // The older ticket lands: the conversation shows it taken, not waiting.
  heldTicket.release();
  await expect(page.getByTestId('conversation-status')).toHaveText('Aberto');
  await expect(page.getByTestId('header-accept')).toHaveCount(0);

  // Its first page of messages is read now; meanwhile the visitor writes again, and it shows live.
  await expect.poll(heldMessages.read).toBeGreaterThanOrEqual(1);
  const list = page.getByTestId('message-list');
  await expect(list).toHaveAttribute('aria-busy', 'true');
  await visitorSays(request, channel, visitor, 'Segunda mensagem');
  await expect(list.getByText('Segunda mensagem')).toBeVisible();

  // The older page lands: both messages, each once.
  heldMessages.release();
  await expect(list).toHaveAttribute('aria-busy', 'false');
  await expect(list.getByText('Primeira mensagem')).toHaveCount(1);
  await expect(list.getByText('Segunda mensagem')).toHaveCount(1);
  await context.close();
});
