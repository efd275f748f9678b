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
import { shot } from './helpers';

// Spec part 2 §2 "Quick replies" and part 1 §5 composer: an attendant writes a quick reply on /quick-messages, then in
// a ticket types '/', picks it with the arrows and Enter (variables filled), and sends it; a shared reply with a file
// attaches the file.

test('an attendant picks a quick reply with / in a ticket and sends it', async ({ browser, request }) => {
  // Two screens and a conversation in one journey: more than the default budget on a busy 2-core machine.
  test.slow();
  const token = await adminToken(request);
  const auth = { authorization: `Bearer ${token}` };
  const tag = uniqueTag();
  const bruna = await createAttendant(request, token, { name: `Bruna ${tag}` });
  const name = `Marina ${tag}`;
  await visitorSays(
    request,
    await seededWebchat(request, token),
    { id: `quick-${tag}`, name },
    'Oi, tudo bem?',
  );
  const ticket = await findTicket(request, token, name);
  const given = await request.put(`/api/tickets/${ticket.id}`, {
    headers: auth,
    data: { status: 'open', userId: bruna.id },
  });
  expect(given.ok()).toBe(true);
  // A shared reply with a file, written by the admin: Bruna may use it, not change it.
  const shared = await request.post('/api/quick-messages', {
    headers: auth,
    data: { shortcode: `menu${tag}`, message: 'Nosso cardápio', geral: true },
  });
  expect(shared.ok()).toBe(true);
  const upload = await request.post(`/api/quick-messages/${(await shared.json()).id}/media-upload`, {
    headers: auth,
    multipart: {
      typeArch: 'quickMessage',
      file: { name: 'cardapio.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 cardapio') },
    },
  });
  expect(upload.ok()).toBe(true);

  const b = await signedIn(browser, bruna);
  try {
    // Through the menu (no reload): the shell and its plugins are loaded already.
    await b.page.getByTestId('menu-/quick-messages').click();
    await expect(b.page.getByTestId('quick-messages-page')).toBeVisible({ timeout: 30_000 });
    // Searched for the reply she is about to write, the list is empty: Add works from the empty state.
    await b.page.getByTestId('quick-messages-search').fill(`ola${tag}`);
    await expect(b.page.getByTestId('quick-messages-table')).toHaveCount(0);
    await b.page.getByTestId('quick-messages-add').click();
    await b.page.getByTestId('quick-message-shortcode').fill(`ola${tag}`);
    await b.page
      .getByTestId('quick-message-message')
      .fill('{{ms}}, {{firstName}}! Seu ticket é {{ticket_id}}.');
    // A user (not admin or supervisor) is not offered the shared flag.
    await expect(b.page.getByTestId('quick-message-geral')).toHaveCount(0);
    await b.page.getByTestId('quick-message-save').click();
    await expect(b.page.getByTestId('quick-messages-table')).toContainText(`ola${tag}`);
    await b.page.getByTestId('quick-messages-search').fill(`menu${tag}`);
    await expect(b.page.getByTestId('quick-messages-table')).not.toContainText(`ola${tag}`);
    await expect(b.page.getByTestId('quick-messages-table')).toContainText('cardapio.pdf');
    await shot(b.page, 'quick-messages-page');

    await b.page.getByTestId('menu-/tickets').click();
    await b.page.getByTestId(`ticket-row-${ticket.id}`).click();
    const input = b.page.getByTestId('composer-input');
    await input.fill('/');
    await input.pressSequentially(tag);
    const suggestions = b.page.getByTestId('quick-reply-suggestion');
    await expect(suggestions).toHaveCount(2);
    await shot(b.page, 'quick-messages-composer');
    // Sorted by shortcut: menu… then ola…; the arrow moves to the second.
    await input.press('ArrowDown');
    await input.press('Enter');
    await expect(input).toHaveValue(
      new RegExp(`^(Boa madrugada|Bom dia|Boa tarde|Boa noite), Marina! Seu ticket é ${ticket.id}\\.$`),
    );
    await expect(suggestions).toHaveCount(0);
    await input.press('Enter');
    await expect(b.page.locator('.message--me', { hasText: 'Marina! Seu ticket é' })).toBeVisible();
    await expect(input).toHaveValue('');

    // The shared reply with a file: its text goes into the composer and its file among the attachments.
    await input.fill(`/menu${tag}`);
    await expect(suggestions).toHaveCount(1);
    await suggestions.first().click();
    await expect(input).toHaveValue('Nosso cardápio');
    await expect(b.page.getByTestId('composer-attachments')).toContainText('cardapio.pdf');

    // Her own reply gets a file, then loses it: the dialog's remove button, and the stored file is deleted.
    await b.page.getByTestId('menu-/quick-messages').click();
    await b.page.getByTestId('quick-messages-search').fill(`ola${tag}`);
    const own = b.page.locator('[data-testid^="quick-message-row-"]', { hasText: `ola${tag}` });
    await own.getByTestId('quick-message-edit').click();
    await b.page.locator('#quick-message-file').setInputFiles({
      name: `nota${tag}.pdf`,
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4 nota'),
    });
    await b.page.getByTestId('quick-message-save').click();
    await expect(own).toContainText(`nota${tag}.pdf`);
    const listed = await request.get(`/api/quick-messages?searchParam=ola${tag}`, { headers: auth });
    const { mediaPath } = (await listed.json()).records[0];
    expect((await request.get(mediaPath)).status()).toBe(200);
    await own.getByTestId('quick-message-edit').click();
    await b.page.getByTestId('quick-message-remove-media').click();
    await expect(b.page.getByTestId('quick-message-file')).toBeVisible();
    await b.page.getByTestId('quick-message-save').click();
    await expect(own).not.toContainText(`nota${tag}.pdf`);
    expect((await request.get(mediaPath)).status()).toBe(404);
  } finally {
    await b.context.close();
  }
});
