import { expect, test } from '@playwright/test';
import { adminToken, browserAdmin, seededWebchat, signedIn, visitorSays } from './attendance';

// Spec part 1 §7 GET /messages/{ticketId}: pageNumber and selectedQueues (JSON), the ticket list's chosen queues; the
// messages handled in other queues are left out. The ticket's own queue always counts, so a ticket opened from a link
// keeps the messages of the queue it is in; with no queue chosen every message shows.

const unique = () => `${Date.now() % 100_000}${Math.random().toString(36).slice(2, 5)}`;
const randomColor = () =>
  `#${Math.floor(Math.random() * 0xffffff)
    .toString(16)
    .padStart(6, '0')}`;

test("a conversation shows the messages of the list's chosen queues and of its own queue; with no choice, all", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const tag = unique();
  const token = await adminToken(request);
  const auth = { authorization: `Bearer ${token}` };
  const me = await browserAdmin(request);
  const queue = async (name: string) => {
    const res = await request.post('/api/queue', { headers: auth, data: { name, color: randomColor() } });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };
  const [chosen, other, current] = [
    await queue(`A ${tag}`),
    await queue(`C ${tag}`),
    await queue(`B ${tag}`),
  ];
  let ticketId: number | null = null;
  try {
    const name = `Filas Visitante ${tag}`;
    await visitorSays(request, await seededWebchat(request, token), { id: `fq-${tag}`, name }, 'Olá');
    const found = await request.get('/api/tickets', {
      headers: auth,
      params: { status: 'pending', searchParam: name },
    });
    const [ticket] = (await found.json()).tickets as { id: number; uuid: string }[];
    ticketId = ticket.id;
    // A message in each queue the ticket goes through: chosen, then another, then the one it stays in.
    for (const [queueId, body] of [
      [chosen, `Na fila escolhida ${tag}`],
      [other, `Na outra fila ${tag}`],
      [current, `Na fila atual ${tag}`],
    ] as const) {
      // Into the queue (waiting there), then accepted in it, so the next message is handled there.
      for (const data of [{ queueId }, { status: 'open', userId: me.id, queueId }]) {
        const moved = await request.put(`/api/tickets/${ticket.id}`, { headers: auth, data });
        expect(moved.ok()).toBe(true);
      }
      const sent = await request.post(`/api/messages/${ticket.id}`, { headers: auth, data: { body } });
      expect(sent.status()).toBe(201);
    }

    // A fresh admin whose ticket list remembers only the chosen queue opens the ticket from its link.
    const who = { email: `filas.${tag}@e2e.test`, password: 'filas-pass' };
    const created = await request.post('/api/users', {
      headers: auth,
      data: { name: `Fábio Filas ${tag}`, profile: 'admin', language: 'pt-BR', ...who },
    });
    expect(created.ok()).toBe(true);
    const { context, page } = await signedIn(browser, who, 1400, {
      prepare: async (ctx) => {
        await ctx.addInitScript((id) => {
          if (localStorage.getItem('selectedQueueIds') === null)
            localStorage.setItem('selectedQueueIds', JSON.stringify([id]));
        }, chosen);
      },
    });
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes(`/api/messages/${ticket.id}?`)) asked.push(r.url());
    });
    await page.goto(`/tickets/${ticket.uuid}`);
    const conversation = page.getByTestId('conversation');
    await expect(conversation).toContainText(`Na fila atual ${tag}`);
    await expect(conversation).toContainText(`Na fila escolhida ${tag}`);
    await expect(conversation).toContainText('Olá');
    await expect(conversation).not.toContainText(`Na outra fila ${tag}`);
    const query = new URL(asked[0]).searchParams;
    expect(JSON.parse(query.get('selectedQueues') ?? '[]')).toEqual([chosen, current]);

    // Showing every queue again reads the conversation again, whole.
    await page.getByTestId('queue-select').click();
    await page.getByTestId('queue-select-menu').getByText('Mostrar todas as filas').click();
    await expect(conversation).toContainText(`Na outra fila ${tag}`);
    await expect(conversation).toContainText(`Na fila atual ${tag}`);
    expect(new URL(asked[asked.length - 1]).searchParams.has('selectedQueues')).toBe(false);
    await context.close();
  } finally {
    if (ticketId !== null)
      await request.put(`/api/tickets/${ticketId}`, { headers: auth, data: { status: 'closed' } });
    // No queue may stay behind: while the company has any, an admin's Accept asks for one in later specs.
    for (const id of [chosen, other, current])
      expect((await request.delete(`/api/queue/${id}`, { headers: auth })).status()).toBe(204);
  }
});
