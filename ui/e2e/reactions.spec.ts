import { expect, test } from '@playwright/test';
import { adminToken, createAttendant, findTicket, seededWebchat, signedIn, visitorSays } from './attendance';
import { fakeWhatsapp, outbox } from './fake-whatsapp';

// Outbound reactions (issue 13): an attendant reacts to a contact's WhatsApp message from its menu; the reaction shows
// on the conversation (quoting the message) for them and, live, for a colleague, and the (fake) WhatsApp receives it.
// A channel without reactions (the web chat) is not offered them. A contact's reaction (and taking it back) shows live
// on the message it reacts to.

test('an attendant reacts to a contact’s WhatsApp message: shown to both attendants, received by WhatsApp', async ({
  browser,
  request,
}) => {
  const token = await adminToken(request);
  const auth = { authorization: `Bearer ${token}` };
  const connection = await fakeWhatsapp(request, token);
  const stamp = Date.now();
  const name = `Reage ${stamp % 100_000}`;
  const externalId = `e2e-react-${stamp}`;
  const body = `Chegou meu pedido? ${stamp}`;
  const said = await request.post(`/test-channel/${connection.token}/inbound`, {
    data: { externalId, from: { id: `55119${String(stamp).slice(-8)}`, name }, body },
  });
  expect(said.status()).toBe(201);
  const ticket = await findTicket(request, token, name);

  const rita = await createAttendant(request, token, { name: 'Rita Reação' });
  const caio = await createAttendant(request, token, { name: 'Caio Colega', allTicket: 'enable' });
  const accepted = await request.put(`/api/tickets/${ticket.id}`, {
    headers: auth,
    data: { status: 'open', userId: rita.id },
  });
  expect(accepted.ok()).toBe(true);

  const a = await signedIn(browser, rita);
  const b = await signedIn(browser, caio);
  await a.page.goto(`/tickets/${ticket.uuid}`);
  await b.page.goto(`/tickets/${ticket.uuid}`);
  const theirs = a.page.locator('.message--them', { hasText: body });
  await expect(theirs).toBeVisible();
  await expect(b.page.locator('.message--them', { hasText: body })).toBeVisible();

  await theirs.hover();
  await theirs.getByTestId('message-menu').click();
  await a.page.locator('[data-testid="message-react-option"][data-emoji="👍"]').click();

  // The reaction shows on the message and as the attendant's, quoting it, for Rita and live for Caio.
  for (const page of [a.page, b.page]) {
    const reaction = page.locator('.message--me', { has: page.getByTestId('message-reaction') });
    await expect(reaction.getByTestId('message-reaction')).toHaveText('👍');
    await expect(reaction.getByTestId('message-quote')).toContainText(body);
    // Nothing to reply to, forward or delete on a reaction: it is taken off from the message's menu.
    await expect(reaction.getByTestId('message-menu')).toHaveCount(0);
    await expect(page.locator('.message--them', { hasText: body }).getByTestId('message-reacted')).toHaveText(
      '👍',
    );
  }

  // The fake WhatsApp received it on the contact's message (its WhatsApp id), once.
  await expect
    .poll(async () => {
      const res = await request.get(`/test-channel/${connection.token}/outbox`);
      const { reactions } = (await res.json()) as {
        reactions: { emoji: string; ticketId: number; target: { externalId: string } }[];
      };
      return reactions.filter((r) => r.target.externalId === externalId).map((r) => r.emoji);
    })
    .toEqual(['👍']);
  await expect(
    a.page
      .locator('.message--me', { has: a.page.getByTestId('message-reaction') })
      .getByTestId('message-ack'),
  ).toHaveAttribute('data-ack', 'sent');

  // Taking it off: gone from the message for both, and WhatsApp gets the empty reaction.
  await theirs.hover();
  await theirs.getByTestId('message-menu').click();
  await a.page.getByTestId('message-react-remove').click();
  for (const page of [a.page, b.page]) {
    await expect(
      page.locator('.message--them', { hasText: body }).getByTestId('message-reacted'),
    ).toHaveCount(0);
    await expect(page.getByTestId('message-reaction').last()).toHaveText('Reação removida');
  }
  await expect
    .poll(async () => {
      const res = await request.get(`/test-channel/${connection.token}/outbox`);
      const { reactions } = (await res.json()) as {
        reactions: { emoji: string; target: { externalId: string } }[];
      };
      return reactions.filter((r) => r.target.externalId === externalId).map((r) => r.emoji);
    })
    .toEqual(['👍', '']);

  await a.context.close();
  await b.context.close();
});

test('a contact’s WhatsApp reaction shows live on the attendant’s message, and goes when they take it back', async ({
  browser,
  request,
}) => {
  const token = await adminToken(request);
  const auth = { authorization: `Bearer ${token}` };
  const connection = await fakeWhatsapp(request, token);
  const stamp = Date.now();
  const name = `Contato Reage ${stamp % 100_000}`;
  const from = { id: `55118${String(stamp).slice(-8)}`, name };
  const said = await request.post(`/test-channel/${connection.token}/inbound`, {
    data: { externalId: `e2e-their-${stamp}`, from, body: 'Meu pedido saiu?' },
  });
  expect(said.status()).toBe(201);
  const ticket = await findTicket(request, token, name);
  const rita = await createAttendant(request, token, { name: 'Rita Recebe' });
  const accepted = await request.put(`/api/tickets/${ticket.id}`, {
    headers: auth,
    data: { status: 'open', userId: rita.id },
  });
  expect(accepted.ok()).toBe(true);
  const { context, page } = await signedIn(browser, rita);
  await page.goto(`/tickets/${ticket.uuid}`);

  // The attendant's answer reaches WhatsApp, which gives it its id.
  const answer = `Saiu hoje cedo ${stamp}`;
  const sent = await request.post(`/api/messages/${ticket.id}`, { headers: auth, data: { body: answer } });
  expect(sent.status()).toBe(201);
  const { id: answerId } = (await sent.json()) as { id: number };
  await expect
    .poll(async () => (await outbox(request, connection)).some((m) => m.body.includes(answer)))
    .toBe(true);
  const mine = page.locator('.message--me', { hasText: answer });
  await expect(mine).toBeVisible();
  await expect(mine.getByTestId('message-reacted')).toHaveCount(0);

  // The contact reacts on their phone: the badge appears on the attendant's message, live, titled as theirs.
  const reacted = await request.post(`/test-channel/${connection.token}/inbound`, {
    data: {
      externalId: `e2e-their-react-${stamp}`,
      from,
      body: '❤️',
      mediaType: 'reactionMessage',
      quotedExternalId: `fake-out-${answerId}`,
    },
  });
  expect(reacted.status()).toBe(201);
  const badge = mine.getByTestId('message-reacted');
  await expect(badge).toHaveText('❤️');
  await expect(badge).toHaveAttribute('data-from', 'contact');
  await expect(badge).toHaveAttribute('title', 'Reação do contato');
  // The reaction itself shows in the conversation as the contact's, quoting the answer.
  const reaction = page.locator('.message--them', { has: page.getByTestId('message-reaction') });
  await expect(reaction.getByTestId('message-reaction')).toHaveText('❤️');
  await expect(reaction.getByTestId('message-quote')).toContainText(answer);

  // They take it back: the badge goes.
  const removed = await request.post(`/test-channel/${connection.token}/inbound`, {
    data: {
      externalId: `e2e-their-unreact-${stamp}`,
      from,
      body: '',
      mediaType: 'reactionMessage',
      quotedExternalId: `fake-out-${answerId}`,
    },
  });
  expect(removed.status()).toBe(201);
  await expect(mine.getByTestId('message-reacted')).toHaveCount(0);
  await expect(page.getByTestId('message-reaction').last()).toHaveText('Reação removida');
  await context.close();
});

test('a web chat conversation (a channel without reactions) does not offer them', async ({
  browser,
  request,
}) => {
  const token = await adminToken(request);
  const stamp = Date.now();
  const rita = await createAttendant(request, token, { name: 'Rita Site' });
  const channel = await seededWebchat(request, token);
  const visitor = { id: `react-web-${stamp}`, name: `Visitante Reage ${stamp % 100_000}` };
  await visitorSays(request, channel, visitor, 'Olá do site');
  const web = await findTicket(request, token, visitor.name);
  const accepted = await request.put(`/api/tickets/${web.id}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { status: 'open', userId: rita.id },
  });
  expect(accepted.ok()).toBe(true);
  const { context, page } = await signedIn(browser, rita);
  await page.goto(`/tickets/${web.uuid}`);
  const visitorMessage = page.locator('.message--them', { hasText: 'Olá do site' });
  await visitorMessage.hover();
  await visitorMessage.getByTestId('message-menu').click();
  await expect(page.getByTestId('message-reply')).toBeVisible();
  await expect(page.getByTestId('message-react')).toHaveCount(0);
  await context.close();
});
