import { expect, type Page } from '@playwright/test';
import { adminToken, createAttendant, openPending, signedIn } from './attendance';
import { fakeWhatsapp, groupSays, newGroup, outbox, setGroupAsTicket } from './fake-whatsapp';
import { setTheme, shot } from './helpers';
import { test } from './queues';

// Group conversations (spec part 1 §2 Group sub-tab and "talk to the sender", §4 transitions, §6 allowGroup), played
// through the e2e server's fake WhatsApp channel: messages come in through the real pipeline, replies go out to it.

/** A phone number of a group participant, unique to the run. */
const participantNumber = () => `55119${String(Date.now()).slice(-8)}`;

async function openGroupTab(page: Page): Promise<void> {
  await page.getByTestId('subtab-group').click();
  await expect(page.getByTestId('ticket-list-group')).toBeVisible();
}

test('a group message shows live in the Group sub-tab; it is answered without accepting and the reply reaches WhatsApp', async ({
  browser,
  request,
}) => {
  const token = await adminToken(request);
  const connection = await fakeWhatsapp(request, token);
  const gabi = await createAttendant(request, token, { name: 'Gabi Grupos', allowGroup: true });
  const { context, page } = await signedIn(browser, gabi);
  await openGroupTab(page);

  const group = newGroup('Família Souza');
  const participant = participantNumber();
  await groupSays(request, connection, { group, participant, body: 'Alguém pode me ajudar com a entrega?' });
  const row = page.locator('[data-status="group"]', { hasText: group.name });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('ticket-row-group')).toBeVisible();
  await expect(row.getByTestId('ticket-row-unread')).toHaveText('1');

  // A group ticket opens straight away: no Accept, the composer is live, and each message names who wrote it.
  await row.getByTestId('ticket-row-name').click();
  await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('conversation-status')).toHaveText('Grupo');
  await expect(page.getByTestId('header-accept')).toHaveCount(0);
  const incoming = page.locator('.message--them', { hasText: 'entrega' });
  await expect(incoming.getByTestId('message-author')).toHaveText(participant);
  const reply = 'Olá! Já vou verificar a entrega.';
  await page.getByTestId('composer-input').fill(reply);
  await page.getByTestId('composer-input').press('Enter');
  await expect(page.locator('.message--me').last()).toContainText(reply);

  // The reply leaves through the channel, addressed to the group.
  await expect
    .poll(async () => (await outbox(request, connection)).find((m) => m.body.endsWith(reply))?.to)
    .toBe(group.id);
  await setTheme(page, 'dark');
  await shot(page, 'group-ticket-dark-wide');
  await setTheme(page, 'light');
  await shot(page, 'group-ticket-light-wide');
  await context.close();
});

test('only attendants allowed groups see a group ticket (allowGroup)', async ({ browser, request }) => {
  const token = await adminToken(request);
  const connection = await fakeWhatsapp(request, token);
  const gabi = await createAttendant(request, token, { name: 'Gabi Grupos', allowGroup: true });
  const nico = await createAttendant(request, token, { name: 'Nico Sem Grupos', allowGroup: false });
  const allowed = await signedIn(browser, gabi);
  const refused = await signedIn(browser, nico);
  await openGroupTab(allowed.page);
  await openGroupTab(refused.page);

  const group = newGroup('Condomínio');
  const ticketId = await groupSays(request, connection, {
    group,
    participant: participantNumber(),
    body: 'Reunião amanhã?',
  });
  await expect(allowed.page.locator('.ticket-row', { hasText: group.name })).toBeVisible();
  await expect(refused.page.locator('.ticket-row', { hasText: group.name })).toHaveCount(0);
  // Not a missed event: the server lists it to neither a fresh page nor the API.
  await refused.page.reload();
  await openGroupTab(refused.page);
  await expect(refused.page.getByTestId('subtab-group')).toBeVisible();
  await expect(refused.page.locator('.ticket-row', { hasText: group.name })).toHaveCount(0);
  await shot(refused.page, 'group-tab-without-allow-group');
  // Signing Nico in through the API ends his browser session (one session per account): the screenshot came first.
  const nicoToken = (await (await request.post('/api/auth/login', { data: nico })).json()).token as string;
  const direct = await request.get(`/api/tickets/${ticketId}`, {
    headers: { authorization: `Bearer ${nicoToken}` },
  });
  expect(direct.status()).toBe(404);
  await allowed.context.close();
  await refused.context.close();
});

test('"talk to the sender" opens a private ticket with the group participant on the same connection', async ({
  browser,
  request,
  createQueue,
}) => {
  const token = await adminToken(request);
  const connection = await fakeWhatsapp(request, token);
  // An attendant's new ticket needs a queue (spec §5): with one, it is hers without asking.
  const queue = await createQueue(`Grupos ${Date.now() % 100_000}`);
  const gabi = await createAttendant(request, token, {
    name: 'Gabi Grupos',
    allowGroup: true,
    queueIds: [queue.id],
  });
  const { context, page } = await signedIn(browser, gabi);
  await openGroupTab(page);
  const group = newGroup('Clube de Corrida');
  const participant = participantNumber();
  await groupSays(request, connection, { group, participant, body: 'Quero falar em particular' });
  await page.locator('.ticket-row', { hasText: group.name }).getByTestId('ticket-row-name').click();
  await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  const groupUrl = page.url();

  const talkToSender = async () => {
    await page.locator('.message--them', { hasText: 'particular' }).getByTestId('message-menu').click();
    await page.getByTestId('message-talk-to-sender').click();
  };
  await talkToSender();
  await expect(page).not.toHaveURL(groupUrl);
  await expect(page.getByTestId('conversation-name')).toContainText(participant);
  await expect(page.getByTestId('conversation-status')).toHaveText('Aberto');
  const privateUrl = page.url();
  const reply = 'Oi! Pode falar por aqui.';
  await page.getByTestId('composer-input').fill(reply);
  await page.getByTestId('composer-input').press('Enter');
  await expect(page.locator('.message--me').last()).toContainText(reply);
  // The participant gets it privately, through the connection of the group.
  await expect
    .poll(async () => (await outbox(request, connection)).find((m) => m.body.endsWith(reply))?.to)
    .toBe(participant);

  // Asked again, the private ticket of mine that exists opens (no second contact or ticket).
  await page.goto(groupUrl);
  await talkToSender();
  await expect(page).toHaveURL(privateUrl);
  await context.close();
});

test('with groupAsTicket enabled a group message makes a pending ticket, accepted like any other', async ({
  browser,
  request,
}) => {
  const token = await adminToken(request);
  const connection = await fakeWhatsapp(request, token);
  const gabi = await createAttendant(request, token, { name: 'Gabi Grupos', allowGroup: true });
  await setGroupAsTicket(request, token, connection, 'enabled');
  try {
    const { context, page } = await signedIn(browser, gabi);
    await openPending(page);
    const group = newGroup('Orçamentos');
    await groupSays(request, connection, {
      group,
      participant: participantNumber(),
      body: 'Orçamento, por favor',
    });
    const row = page.locator('[data-status="pending"]', { hasText: group.name });
    await expect(row).toBeVisible();
    await expect(row.getByTestId('ticket-row-group')).toBeVisible();

    // Accepting it makes it Gabi's group ticket (spec part 1 §4), greeted like any accepted ticket.
    await row.getByTestId('ticket-accept').click();
    await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('conversation-status')).toHaveText('Grupo');
    await expect(page.getByTestId('composer-input')).toBeEnabled();
    await expect(
      page.getByTestId('ticket-list-group').locator('.ticket-row', { hasText: group.name }),
    ).toBeVisible();
    await expect
      .poll(async () =>
        (await outbox(request, connection)).some(
          (m) => m.to === group.id && m.body.includes('agora vou prosseguir com seu atendimento'),
        ),
      )
      .toBe(true);
    await context.close();
  } finally {
    await setGroupAsTicket(request, token, connection, 'disabled');
  }
});
