import { expect } from '@playwright/test';
import { adminToken, createAttendant, signedIn } from './attendance';
import { type FakeWhatsapp, fakeWhatsapp, groupSays, newGroup, outbox } from './fake-whatsapp';
import { test } from './queues';

// The outbox's final failure in the attendant's view: while the (fake) WhatsApp servers are down, a reply is retried
// and then marked "Not delivered" live; once they are back, Retry sends it, once.

const outage = async (
  request: import('@playwright/test').APIRequestContext,
  c: FakeWhatsapp,
  down: boolean,
) => expect((await request.put(`/test-channel/${c.token}/outage`, { data: { down } })).status()).toBe(204);

test('a reply the channel cannot deliver is marked not delivered, and Retry sends it once', async ({
  browser,
  request,
}) => {
  const token = await adminToken(request);
  const connection = await fakeWhatsapp(request, token);
  const rita = await createAttendant(request, token, { name: 'Rita Reenvio', allowGroup: true });
  const { context, page } = await signedIn(browser, rita);
  await page.getByTestId('subtab-group').click();

  const group = newGroup('Entregas');
  await groupSays(request, connection, {
    group,
    participant: `55119${String(Date.now()).slice(-8)}`,
    body: 'Oi?',
  });
  await page.locator('[data-status="group"]', { hasText: group.name }).getByTestId('ticket-row-name').click();
  await expect(page.getByTestId('composer-input')).toBeEnabled();

  const reply = `Resposta que vai falhar ${Date.now()}`;
  await outage(request, connection, true);
  try {
    await page.getByTestId('composer-input').fill(reply);
    await page.getByTestId('composer-input').press('Enter');
    const mine = page.locator('.message--me', { hasText: reply });
    await expect(mine.getByTestId('message-delivery-failed')).toBeVisible();
    await expect(mine.getByTestId('message-delivery-failed')).toContainText('Não entregue');
    await expect(mine.getByTestId('message-ack')).toHaveAttribute('data-ack', 'pending');
    expect((await outbox(request, connection)).filter((m) => m.body.endsWith(reply))).toHaveLength(0);
  } finally {
    await outage(request, connection, false);
  }

  const mine = page.locator('.message--me', { hasText: reply });
  await mine.getByTestId('message-retry').click();
  await expect(mine.getByTestId('message-delivery-failed')).toHaveCount(0);
  await expect(mine.getByTestId('message-ack')).toHaveAttribute('data-ack', 'sent');
  expect((await outbox(request, connection)).filter((m) => m.body.endsWith(reply))).toHaveLength(1);
  await context.close();
});
