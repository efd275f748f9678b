import {
  type APIRequestContext,
  type BrowserContext,
  expect,
  test,
  type WebSocketRoute,
} from '@playwright/test';
import {
  adminToken,
  createAttendant,
  openPending,
  seededWebchat,
  signedIn,
  visitorContactId,
  visitorSays,
} from './attendance';

// Spec part 1 §4 "Live updates", §9: what the server sends before a socket is ready never arrives — while it is down
// and reconnecting, or while a freshly opened page's socket is still connecting after the page's first loads went out
// (the server withholds events until it has loaded the socket's access). Once the socket is ready, the lists, the bell
// and the open conversation read their data again.

/**
 * The tab's sockets through a route. After deafen(), a new socket hears nothing until reconnect() (the frames sent
 * meanwhile are lost, as they would be), then hears `ready` and goes on. drop() deafens and closes the current socket
 * (as a network blip would).
 */
function deafSocket() {
  let deaf = false;
  const sockets: WebSocketRoute[] = [];
  const lost: string[] = [];
  let reconnect = () => {};
  const back = new Promise<void>((resolve) => {
    reconnect = resolve;
  });
  return {
    prepare: async (context: BrowserContext) => {
      await context.routeWebSocket(/\/ws\?token=/, (ws) => {
        sockets.push(ws);
        const server = ws.connectToServer();
        if (!deaf) return;
        let live = false;
        let ready: string | null = null;
        void back.then(() => {
          live = true;
          if (ready) ws.send(ready);
        });
        server.onMessage((frame) => {
          if (live) return ws.send(frame);
          const text = String(frame);
          if (text.includes('"channel":"ready"')) ready = text;
          else lost.push(text);
        });
      });
    },
    deafen: () => {
      deaf = true;
    },
    drop: async () => {
      deaf = true;
      await sockets.at(-1)?.close({ code: 4000 });
    },
    sockets: () => sockets.length,
    /** The frames the deaf socket did not hear, in order. */
    lost: () => lost,
    reconnect: () => reconnect(),
  };
}

/** Messages per page of a conversation (core's MESSAGE_PAGE_SIZE). */
const MESSAGE_PAGE = 20;

/** Every message of a ticket, oldest first, as the server has it (greetings included). */
async function conversationOf(request: APIRequestContext, headers: Record<string, string>, ticketId: number) {
  const all: { id: number; body: string }[] = [];
  for (let pageNumber = 1; ; pageNumber++) {
    const res = await request.get(`/api/messages/${ticketId}`, { headers, params: { pageNumber } });
    expect(res.ok()).toBe(true);
    const { messages, hasMore } = (await res.json()) as { messages: typeof all; hasMore: boolean };
    all.unshift(...messages);
    if (!hasMore) return all;
  }
}

const GAPS = [
  { gap: 'reconnect', title: 'after a reconnect' },
  { gap: 'first connect', title: "when a page's first loads went out before its socket was ready" },
] as const;

for (const { gap, title } of GAPS) {
  test(`${title}, the lists, the bell and the open conversation catch up with what they missed`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const token = await adminToken(request);
    const auth = { authorization: `Bearer ${token}` };
    const channel = await seededWebchat(request, token);
    // Sees every ticket and is notified of pending ones (allTicket), in no queue.
    const bruna = await createAttendant(request, token, { allTicket: 'enable' });
    const stamp = Date.now();
    const open = { id: `resync-open-${stamp}`, name: `Aberta Antes ${stamp % 100_000}` };
    const later = { id: `resync-new-${stamp}`, name: `Chegou Na Queda ${stamp % 100_000}` };
    await visitorSays(request, channel, open, 'Olá');
    const found = await request.get('/api/tickets', { headers: auth, params: { searchParam: open.name } });
    const ticket = (await found.json()).tickets[0] as { id: number; uuid: string };

    const socket = deafSocket();
    const { context, page } = await signedIn(browser, bruna, 1400, { prepare: socket.prepare });
    let before = socket.sockets();
    // The first connect: the page opens afresh with a socket that is not ready while its first loads go out.
    if (gap === 'first connect') socket.deafen();
    await page.goto(`/tickets/${ticket.uuid}`);
    const status = page.getByTestId('realtime-status');
    if (gap === 'reconnect') await expect(status).toHaveAttribute('data-realtime', 'ready');
    // Every load has landed: the ticket, its messages, the Pending list, the bell.
    await expect(page.getByTestId('conversation-status')).toHaveText('Aguardando');
    await expect(page.getByTestId('message-list')).toHaveAttribute('aria-busy', 'false');
    await openPending(page);
    const pending = page.getByTestId('ticket-list-pending');
    await expect(pending.locator('.ticket-row', { hasText: open.name })).toBeVisible();
    await expect(page.getByTestId('notifications-button')).toHaveAttribute('aria-busy', 'false');

    // The reconnect: the socket drops; the one it reconnects with is not live yet.
    if (gap === 'reconnect') {
      before = socket.sockets();
      await socket.drop();
    }
    await expect.poll(socket.sockets).toBe(before + 1);
    await expect(status).not.toHaveAttribute('data-realtime', 'ready');

    // Meanwhile: the ticket is given to Bruna, its visitor writes again (more than a page of messages), a new visitor
    // writes. Their events are lost.
    const given = await request.put(`/api/tickets/${ticket.id}`, {
      headers: auth,
      data: { status: 'open', userId: bruna.id },
    });
    expect(given.ok()).toBe(true);
    const burst = [
      'Escrevi na queda',
      ...Array.from({ length: 24 }, (_, i) => `Na queda ${i + 1 < 10 ? '0' : ''}${i + 1}`),
    ];
    for (const body of burst) await visitorSays(request, channel, open, body);
    await visitorSays(request, channel, later, 'Alguém aí?');
    // The last of them (the new ticket's update, after its message) was sent while the socket was not live.
    await expect
      .poll(() => socket.lost().some((frame) => frame.includes('-ticket"') && frame.includes(later.name)))
      .toBe(true);

    // Live: everything reads its data once more.
    socket.reconnect();
    await expect(status).toHaveAttribute('data-realtime', 'ready');
    await expect(page.getByTestId('conversation-status')).toHaveText('Aberto');
    // The conversation shows the newest page, with no hole between what it showed before and that page…
    const shown = () =>
      page
        .getByTestId('message-list')
        .locator('.message[data-testid]')
        .evaluateAll((bubbles) => bubbles.map((b) => b.getAttribute('data-testid')));
    const conversation = await conversationOf(request, auth, ticket.id);
    expect(conversation.slice(-burst.length).map((m) => m.body)).toEqual(burst);
    const testIds = conversation.map((m) => `message-${m.id}`);
    await expect.poll(shown).toEqual(testIds.slice(-MESSAGE_PAGE));
    // …and scrolling up reads the older messages again: the whole conversation, in order, each once.
    await page.getByTestId('message-list').evaluate((el) => {
      el.scrollTop = 0;
    });
    await expect.poll(shown).toEqual(testIds);
    await expect(pending.locator('[data-status="pending"]', { hasText: later.name })).toBeVisible();
    await expect(pending.locator('.ticket-row', { hasText: open.name })).toHaveCount(0);
    await page.getByTestId('notifications-button').click();
    const popover = page.getByTestId('notifications-popover');
    await expect(popover.locator('.notification-item', { hasText: later.name })).toBeVisible();
    await context.close();
  });
}

test('after a reconnect, the contacts page catches up with a contact changed meanwhile', async ({
  browser,
  request,
}) => {
  const token = await adminToken(request);
  const auth = { authorization: `Bearer ${token}` };
  const channel = await seededWebchat(request, token);
  const stamp = Date.now();
  const visitor = { id: `resync-contact-${stamp}`, name: `Contato Antes ${stamp % 100_000}` };
  await visitorSays(request, channel, visitor, 'Olá');
  const found = await request.get('/api/contacts', { headers: auth, params: { searchParam: visitor.name } });
  const contact = (await found.json()).contacts[0] as { id: number };
  const bruna = await createAttendant(request, token, { allTicket: 'enable' });

  const socket = deafSocket();
  const { context, page } = await signedIn(browser, bruna, 1400, { prepare: socket.prepare });
  await page.goto('/contacts');
  // Searched by its number (the visitor id's hash, unchanged by the rename): earlier specs leave more contacts than a
  // page holds, and this one may sort past the first.
  await page.getByTestId('contacts-search').fill(visitorContactId(visitor.id));
  const row = page.getByTestId(`contact-row-${contact.id}`);
  await expect(row).toContainText(visitor.name);
  const status = page.getByTestId('realtime-status');
  await expect(status).toHaveAttribute('data-realtime', 'ready');
  const before = socket.sockets();
  await socket.drop();
  await expect.poll(socket.sockets).toBe(before + 1);

  const renamed = `Contato Depois ${stamp % 100_000}`;
  const put = await request.put(`/api/contacts/${contact.id}`, {
    headers: auth,
    data: { name: renamed, number: visitorContactId(visitor.id) },
  });
  expect(put.status(), await put.text()).toBe(200);
  await expect.poll(() => socket.lost().some((frame) => frame.includes(renamed))).toBe(true);
  await expect(row).toContainText(visitor.name);

  socket.reconnect();
  await expect(status).toHaveAttribute('data-realtime', 'ready');
  await expect(row).toContainText(renamed);
  await context.close();
});
