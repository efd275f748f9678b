import { expect, test } from '@playwright/test';
import {
  adminToken,
  createAttendant,
  createWebchat,
  findTicket,
  openPending,
  openVisitorPage,
  signedIn,
  uniqueTag,
} from './attendance';
import { setTheme, shot } from './helpers';
import { randomColor } from './queues';

// The README's first flow (issue 24, "what a new user trips over"), as a new admin in no queue: queues made on the
// queues screen, a web chat with them, the customer's menu choice, the waiting ticket under "Todas as filas", accept,
// reply, resolve with a rating (adding the tag the company requires in the dialog itself), and the ticket under
// Resolvidos, awaiting its rating and then rated. The rules are proved in core (list-visibility, rating int tests).

const SETTINGS = ['userRating', 'requiredTag'] as const;

test('a new admin in no queue sees the waiting customer, answers, resolves with a rating and finds it under Resolvidos', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000); // two browsers and a whole attendance
  const token = await adminToken(request);
  const auth = { authorization: `Bearer ${token}` };
  const tag = uniqueTag();
  const name = `Clara ${tag}`;
  const all = (await (await request.get('/api/settings', { headers: auth })).json()) as {
    key: string;
    value: string;
  }[];
  const saved = all.filter((s) => (SETTINGS as readonly string[]).includes(s.key));
  const putSetting = async (key: string, value: string) =>
    expect((await request.put(`/api/settings/${key}`, { headers: auth, data: { value } })).ok()).toBe(true);
  const label = await request.post('/api/tags', {
    headers: auth,
    data: { name: `Cliente ${tag}`, color: randomColor() },
  });
  expect(label.ok()).toBe(true);
  const labelId = ((await label.json()) as { id: number }).id;
  const queueIds: number[] = [];
  await putSetting('userRating', 'enabled');
  await putSetting('requiredTag', 'enabled');

  const newAdmin = await createAttendant(request, token, { name: `Nina ${tag}`, profile: 'admin' });
  const admin = await signedIn(browser, newAdmin);
  const { page } = admin;
  let visitor: Awaited<ReturnType<typeof openVisitorPage>> | undefined;
  try {
    // Two queues, on the queues screen.
    await page.getByTestId('menu-/queues').click();
    await expect(page).toHaveURL(/\/queues$/);
    for (const [order, queue] of [`Vendas ${tag}`, `Suporte ${tag}`].entries()) {
      await page.getByTestId('queues-add').click();
      await page.getByTestId('queue-name').fill(queue);
      await page.getByTestId('queue-color').fill(randomColor());
      await page.getByTestId('queue-order').fill(String(order + 1));
      await page.getByTestId('queue-save').click();
      await expect(page.getByTestId('queues-table').locator('tr', { hasText: queue })).toBeVisible();
    }
    const queues = (await (await request.get('/api/queue', { headers: auth })).json()) as {
      id: number;
      name: string;
    }[];
    for (const queue of [`Vendas ${tag}`, `Suporte ${tag}`])
      queueIds.push((queues.find((q) => q.name === queue) as { id: number }).id);

    // The web chat offers them; it asks for a rating on its own scale.
    const channel = await createWebchat(request, token, {
      greetingMessage: 'Olá, {{firstName}}! Escolha uma opção:',
      ratingMessage: 'Como foi o atendimento, {{firstName}}? Dê uma nota de 1 a 5.',
      complationMessage: 'Obrigado pela nota! Até logo.',
      queueIds,
    });

    // The customer picks Vendas and waits.
    visitor = await openVisitorPage(browser, channel, name);
    await visitor.say('Oi, quero comprar');
    await expect(visitor.page.getByText(`- Vendas ${tag}`)).toBeVisible({ timeout: 15_000 });
    await visitor.page.getByTestId('webchat-input').fill('1');
    await visitor.page.keyboard.press('Enter');

    // The admin, in no queue, sees the customer waiting under "Todas as filas", live; the switch says what it adds.
    await page.getByTestId('menu-/tickets').click();
    await openPending(page);
    await expect(page.getByTestId('queue-select')).toHaveText('Todas as filas');
    await expect(page.getByRole('checkbox', { name: 'Atendimentos de todos' })).not.toBeChecked();
    const waiting = page.getByTestId('ticket-list-pending').locator('.ticket-row', { hasText: name });
    await expect(waiting).toContainText(`Vendas ${tag}`, { timeout: 15_000 });
    await shot(page, 'first-flow-waiting');

    // Accept and reply.
    await waiting.getByTestId('ticket-accept').click();
    await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
    const input = page.getByTestId('composer-input');
    await input.fill('Olá! Já vou te ajudar com a compra.');
    await input.press('Enter');
    await expect(visitor.page.getByText('Olá! Já vou te ajudar com a compra.')).toBeVisible();

    // Resolve with farewell: the company requires a tag, added right in the dialog.
    await page.getByTestId('header-resolve').click();
    const resolveWith = page.getByTestId('resolve-with');
    await expect(page.getByTestId('resolve-tags')).toContainText('adicione ao menos uma tag');
    await expect(resolveWith).toBeDisabled();
    await page.getByTestId('resolve-tags').getByTestId('contact-tags-edit').click();
    await page.getByTestId('contact-tags-menu').getByText(`Cliente ${tag}`).click();
    await expect(page.getByTestId('resolve-tags').getByTestId('contact-tag')).toHaveText([`Cliente ${tag}`]);
    await expect(resolveWith).toBeEnabled();
    await shot(page, 'first-flow-resolve-tag');
    await resolveWith.click();
    await expect(page).toHaveURL(/\/tickets$/);

    // The customer is asked on the message's own scale, with no second one added.
    await expect(
      visitor.page.getByText(`Como foi o atendimento, ${name.split(' ')[0]}? Dê uma nota de 1 a 5.`),
    ).toBeVisible({ timeout: 15_000 });
    await expect(visitor.page.getByText('Envie uma nota de 0 a 10')).toHaveCount(0);

    // Under Resolvidos, awaiting its rating.
    const ticket = await findTicket(request, token, name);
    await page.getByTestId('tab-closed').click();
    const row = page.getByTestId('ticket-list-closed').getByTestId(`ticket-row-${ticket.id}`);
    await expect(row.getByTestId('ticket-row-nps')).toHaveText('Aguardando avaliação');
    await shot(page, 'first-flow-awaiting-rating');
    await setTheme(page, 'dark');
    await shot(page, 'first-flow-awaiting-rating-dark');
    await setTheme(page, 'light');

    // The customer answers 5 of 5: the row turns rated, live.
    await visitor.page.getByTestId('webchat-input').fill('5');
    await visitor.page.keyboard.press('Enter');
    await expect(visitor.page.getByText('Obrigado pela nota! Até logo.')).toBeVisible({ timeout: 15_000 });
    await expect(row.getByTestId('ticket-row-rating')).toHaveText('😍', { timeout: 15_000 });
    await expect(row.getByTestId('ticket-row-nps')).toHaveCount(0);
  } finally {
    // Company 1's settings, queues and tags are every spec's: put back as they were.
    for (const { key, value } of saved) await putSetting(key, value);
    await visitor?.context.close();
    await admin.context.close();
    const left = await request.get('/api/tickets', {
      headers: auth,
      params: { searchParam: name, showAll: 'true' },
    });
    for (const t of ((await left.json()).tickets ?? []) as { id: number; status: string }[])
      if (t.status !== 'closed')
        await request.put(`/api/tickets/${t.id}`, { headers: auth, data: { status: 'closed' } });
    for (const id of queueIds) await request.delete(`/api/queue/${id}`, { headers: auth });
    await request.delete(`/api/tags/${labelId}`, { headers: auth });
  }
});
