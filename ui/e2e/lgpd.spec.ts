import { type APIRequestContext, expect, test } from '@playwright/test';
import {
  adminToken,
  createWebchat,
  findTicket,
  openPending,
  openVisitorPage,
  setAdminShowAll,
  signedIn,
  uniqueTag,
} from './attendance';
import { shot, USERS } from './helpers';
import { randomColor } from './queues';

// Issue 15, the LGPD consent (docs/automation.md "LGPD consent"): with enableLGPD and a message, a new contact is asked
// for consent before anything else; the ticket waits in status lgpd, shown only in Show all's Pending tab. The rules
// themselves are proved in core/src/modules/automation/lgpd.int.test.ts.

const KEYS = ['enableLGPD', 'lgpdMessage', 'lgpdLink'] as const;
let saved: { key: string; value: string }[] = [];

async function putSetting(request: APIRequestContext, key: string, value: string) {
  const res = await request.put(`/api/settings/${key}`, {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
    data: { value },
  });
  expect(res.ok()).toBe(true);
}

// Company 1's settings are every spec's: remembered before, put back after, whatever happened in between.
test.beforeEach(async ({ request }) => {
  const res = await request.get('/api/settings', {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
  });
  expect(res.ok()).toBe(true);
  const all = (await res.json()) as { key: string; value: string }[];
  saved = all.filter((s) => (KEYS as readonly string[]).includes(s.key));
  expect(saved).toHaveLength(KEYS.length);
});

test.afterEach(async ({ request }) => {
  for (const { key, value } of saved) await putSetting(request, key, value);
  // The admin's Show all switch is kept on the server: later specs start with it off, as a new admin does.
  await setAdminShowAll(request, false);
});

test('a web chat visitor is asked for LGPD consent, answers 1 and gets the queue menu; the admin sees the wait live', async ({
  browser,
  request,
}) => {
  const token = await adminToken(request);
  const auth = { authorization: `Bearer ${token}` };
  const tag = uniqueTag();
  const created: number[] = [];
  const queue = async (name: string, orderQueue: number) => {
    const res = await request.post('/api/queue', {
      headers: auth,
      data: { name, color: randomColor(), orderQueue },
    });
    expect(res.ok()).toBe(true);
    const id = ((await res.json()) as { id: number }).id;
    created.push(id);
    return id;
  };
  await putSetting(request, 'enableLGPD', 'enabled');
  await putSetting(request, 'lgpdMessage', 'Olá, {{firstName}}! Tratamos seus dados conforme a LGPD.');
  await putSetting(request, 'lgpdLink', 'https://balcao.test/privacidade');
  const name = `Lia Consentimento ${tag}`;
  const admin = await signedIn(browser, USERS.admin);
  let visitor: Awaited<ReturnType<typeof openVisitorPage>> | undefined;
  try {
    const suporte = await queue(`Suporte ${tag}`, 1);
    const vendas = await queue(`Vendas ${tag}`, 2);
    const channelToken = await createWebchat(request, token, {
      greetingMessage: 'Bem-vinda, {{firstName}}! Escolha uma opção:',
      queueIds: [suporte, vendas],
    });

    // The admin waits in Show all's Pending tab, where a ticket waiting for consent shows (spec §8).
    const { page } = admin;
    await openPending(page);
    const showAll = page.getByTestId('show-all');
    // The switch's label takes the click (its input is drawn over by the track).
    if (!(await showAll.isChecked())) await showAll.locator('xpath=..').click();
    await expect(showAll).toBeChecked();

    visitor = await openVisitorPage(browser, channelToken, name);
    await visitor.say('Oi, quero comprar');
    await expect(visitor.page.getByText('Olá, Lia! Tratamos seus dados conforme a LGPD.')).toBeVisible({
      timeout: 15_000,
    });
    await expect(visitor.page.getByText('https://balcao.test/privacidade')).toBeVisible();
    await expect(
      visitor.page.getByText('Estou ciente sobre o tratamento dos meus dados pessoais.'),
    ).toBeVisible();
    // No menu yet: consent comes first.
    await expect(visitor.page.getByText('Bem-vinda, Lia!')).toHaveCount(0);
    await shot(visitor.page, 'lgpd-webchat-consent');

    const ticket = await findTicket(request, token, name);
    const row = page.getByTestId('ticket-list-pending').getByTestId(`ticket-row-${ticket.id}`);
    await expect(row.getByTestId('ticket-row-lgpd')).toHaveText('Aguardando consentimento (LGPD)', {
      timeout: 15_000,
    });
    await shot(page, 'lgpd-pending-row');

    // Not visitor.say: its check would find '1' in the question too.
    await visitor.page.getByTestId('webchat-input').fill('1');
    await visitor.page.keyboard.press('Enter');
    await expect(visitor.page.getByText('Bem-vinda, Lia! Escolha uma opção:')).toBeVisible({
      timeout: 15_000,
    });
    await expect(visitor.page.getByText(`- Suporte ${tag}`)).toBeVisible();
    await expect(visitor.page.getByText(`- Vendas ${tag}`)).toBeVisible();
    await expect(visitor.page.getByText('Encerrar atendimento')).toBeVisible();
    await shot(visitor.page, 'lgpd-webchat-menu');

    // Consent given: the ticket is pending like any other, its tag gone from the row, live.
    await expect(row).toBeVisible();
    await expect(row.getByTestId('ticket-row-lgpd')).toHaveCount(0, { timeout: 15_000 });
    const after = await request.get(`/api/tickets/${ticket.id}`, { headers: auth });
    expect(after.ok()).toBe(true);
    expect(await after.json()).toMatchObject({ status: 'pending', userId: null, queueId: null });
  } finally {
    await visitor?.context.close();
    await admin.context.close();
    // Leave nothing waiting, and no queue (with queues, accepting a ticket asks which one in other specs).
    const left = await request.get('/api/tickets', {
      headers: auth,
      params: { searchParam: name, showAll: 'true' },
    });
    for (const t of ((await left.json()).tickets ?? []) as { id: number }[])
      await request.put(`/api/tickets/${t.id}`, { headers: auth, data: { status: 'closed' } });
    for (const id of created) await request.delete(`/api/queue/${id}`, { headers: auth });
  }
});
