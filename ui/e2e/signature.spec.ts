import { expect, test } from '@playwright/test';
import {
  adminToken,
  createAttendant,
  findTicket,
  seededWebchat,
  signedIn,
  uniqueTag,
  visitorSays,
} from './attendance';

// Spec part 1 §2 composer "signature toggle", §3 company setting sendSignMessage: the toggle is offered while the
// company signs messages; an admin turning the setting off hides it on every open screen at once.

test('the signature toggle follows the company setting live', async ({ browser, request }) => {
  const token = await adminToken(request);
  const auth = { authorization: `Bearer ${token}` };
  const tag = uniqueTag();
  const bruna = await createAttendant(request, token, { name: `Bruna ${tag}` });
  const name = `Assinatura ${tag}`;
  await visitorSays(request, await seededWebchat(request, token), { id: `sign-${tag}`, name }, 'Oi');
  const ticket = await findTicket(request, token, name);
  const given = await request.put(`/api/tickets/${ticket.id}`, {
    headers: auth,
    data: { status: 'open', userId: bruna.id },
  });
  expect(given.ok()).toBe(true);

  const b = await signedIn(browser, bruna);
  await b.page.goto(`/tickets/${ticket.uuid}`);
  const toggle = b.page.getByTestId('composer-sign');
  await expect(toggle).toBeVisible();
  const setting = (value: string) =>
    request.put('/api/settings/sendSignMessage', { headers: auth, data: { value } });
  try {
    expect((await setting('disabled')).ok()).toBe(true);
    await expect(toggle).toHaveCount(0);
    // What Bruna sends now goes unsigned.
    const input = b.page.getByTestId('composer-input');
    await input.fill('Sem assinatura');
    await input.press('Enter');
    const sent = b.page.locator('.message--me', { hasText: 'Sem assinatura' });
    await expect(sent).toBeVisible();
    await expect(sent).not.toContainText(`Bruna ${tag}:`);
    expect((await setting('enabled')).ok()).toBe(true);
    await expect(toggle).toBeVisible();
  } finally {
    await setting('enabled');
    await b.context.close();
  }
});
