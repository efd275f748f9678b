import { expect, test } from '@playwright/test';
import { login, shot, USERS } from './helpers';

test('a website visitor chats from the web chat page and receives the reply live', async ({
  page,
  browser,
}) => {
  await login(page, USERS.admin);
  await expect(page).toHaveURL(/\/tickets$/);
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? '""'));
  const connections = await (
    await page.request.get('/api/whatsapp', { headers: { authorization: `Bearer ${token}` } })
  ).json();
  const webchat = connections.find((c: { channel: string }) => c.channel === 'webchat');

  const visitorContext = await browser.newContext({ locale: 'pt-BR' });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/webchat/${webchat.token}`);
  await expect(visitor.getByText('Olá! Como podemos ajudar?')).toBeVisible();
  await visitor.getByTestId('webchat-name').fill('Marina');
  await visitor.getByTestId('webchat-start').click();
  await visitor.getByTestId('webchat-input').fill('Vocês entregam no sábado?');
  await visitor.keyboard.press('Enter');
  await expect(visitor.getByText('Vocês entregam no sábado?')).toBeVisible();

  const auth = { authorization: `Bearer ${token}` };
  const pending = await (await page.request.get('/api/tickets?status=pending', { headers: auth })).json();
  const ticket = pending.tickets.find((t: { contact: { name: string } }) => t.contact.name === 'Marina');
  expect(ticket.lastMessage).toBe('Vocês entregam no sábado?');
  await page.request.put(`/api/tickets/${ticket.id}`, { headers: auth, data: { status: 'open', userId: 1 } });
  await page.request.post(`/api/messages/${ticket.id}`, {
    headers: auth,
    data: { body: 'Nota: cliente recorrente', isPrivate: true },
  });
  await page.request.post(`/api/messages/${ticket.id}`, {
    headers: auth,
    data: { body: '*Sim*, até as _14h_!' },
  });

  // The visitor sees the attendant's formatting as the attendant does (the SDK's formatter): *bold*, _italic_.
  await expect(visitor.getByText('Sim, até as 14h!')).toBeVisible({ timeout: 10_000 });
  await expect(visitor.locator('.msg strong', { hasText: 'Sim' })).toBeVisible();
  await expect(visitor.locator('.msg em', { hasText: '14h' })).toBeVisible();
  expect(
    await visitor
      .locator('.msg strong', { hasText: 'Sim' })
      .evaluate((el) => getComputedStyle(el).fontWeight),
  ).toBe('700');
  await expect(visitor.getByText('Nota: cliente recorrente')).toHaveCount(0);
  await shot(visitor, 'webchat-visitor');
  // While the visitor types, the attendant's row says so; their message ends it.
  const row = page.getByTestId(`ticket-row-${ticket.id}`);
  await expect(row).toBeVisible();
  await visitor.getByTestId('webchat-input').pressSequentially('Obrigada', { delay: 30 });
  await expect(row.getByTestId('contact-presence')).toHaveText(/typing|digitando|escribiendo|yazıyor/);
  await visitor.keyboard.press('Enter');
  await expect(row.getByTestId('contact-presence')).toHaveCount(0);
  await expect(row.getByTestId('ticket-row-last')).toHaveText('Obrigada');
  // The attendant sees a visitor, not the hash their id maps to: in the header and the contact drawer.
  await row.click();
  const header = page.getByTestId('conversation-header');
  await expect(header.getByTestId('contact-visitor')).toHaveText(/^(Visitor|Visitante|Ziyaretçi)$/);
  await expect(header).not.toContainText(ticket.contact.number);
  await expect(page.locator('.message__text strong', { hasText: 'Sim' })).toBeVisible();
  await shot(page, 'webchat-attendant-visitor');
  await visitor.reload();
  await expect(visitor.getByText('Sim, até as 14h!')).toBeVisible();
  // Past the web chat's limits (429, played here): the page asks to slow down and keeps the text; sent again, it goes.
  const messages = '**/api/webchat/*/messages';
  await visitor.route(messages, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 429,
          headers: { 'Retry-After': '7' },
          json: { error: 'ERR_TOO_MANY_ATTEMPTS', retryAfter: 7 },
        })
      : route.fallback(),
  );
  await visitor.getByTestId('webchat-input').fill('Mais uma pergunta');
  await visitor.keyboard.press('Enter');
  await expect(visitor.getByRole('status')).toHaveText(/rápido demais.*7 s/);
  await expect(visitor.getByTestId('webchat-input')).toHaveValue('Mais uma pergunta');
  await visitor.unroute(messages);
  await visitor.keyboard.press('Enter');
  await expect(visitor.locator('.msg.me', { hasText: 'Mais uma pergunta' })).toBeVisible();
  await expect(visitor.getByTestId('webchat-input')).toHaveValue('');
  await visitorContext.close();
});
