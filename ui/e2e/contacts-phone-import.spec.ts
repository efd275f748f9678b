import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminToken, createAttendant, signedIn } from './attendance';
import { FAKE_WHATSAPP_NAME, fakeWhatsapp } from './fake-whatsapp';
import { setTheme, shot } from './helpers';

// "Import from phone" on the contacts screen (spec part 1 §2, §7 POST /contacts/import): the fake WhatsApp connection
// stands for the phone. It is made the company's default only for this spec; the seeded web chat is given the default
// back afterwards, as the other specs expect.

const toast = (page: Page, text: string) => page.locator('.bp6-toast', { hasText: text });

/** Makes connection `id` the company's default (PUT /api/whatsapp/{id}). */
async function makeDefault(request: APIRequestContext, token: string, id: number): Promise<void> {
  const res = await request.put(`/api/whatsapp/${id}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { isDefault: true },
  });
  expect(res.ok()).toBe(true);
}

async function currentDefault(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.get('/api/whatsapp', { headers: { authorization: `Bearer ${token}` } });
  const connections = (await res.json()) as { id: number; isDefault: boolean }[];
  const found = connections.find((c) => c.isDefault);
  expect(found).toBeDefined();
  return (found as { id: number }).id;
}

/** The default the company had before this spec, given back even when the test failed or timed out. */
let seededDefault: number | null = null;
test.afterEach(async ({ request }) => {
  if (seededDefault === null) return;
  await makeDefault(request, await adminToken(request), seededDefault);
  seededDefault = null;
});

test('contacts: import from phone adds the address book contacts once', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const token = await adminToken(request);
  const stamp = String(Date.now() % 1_000_000).padStart(6, '0');
  const numbers = [`55419${stamp}1`, `55419${stamp}2`, `55419${stamp}3`];
  const existing = await request.post('/api/contacts', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: `Fone Já Salvo ${stamp}`, number: numbers[2] },
  });
  expect(existing.ok()).toBe(true);
  const phone = await fakeWhatsapp(request, token);
  const book = await request.put(`/test-channel/${phone.token}/address-book`, {
    data: {
      contacts: [
        { number: `+${numbers[0]}`, name: `Fone Ana ${stamp}` },
        { number: numbers[1], name: `Fone Bruno ${stamp}` },
        { number: numbers[2], name: 'Nome do telefone' },
      ],
    },
  });
  expect(book.status()).toBe(204);
  const attendant = await createAttendant(request, token, { name: 'Fábio Fone', language: 'pt-BR' });
  const { context, page } = await signedIn(browser, attendant);
  // With the web chat as default, the entry stays disabled (no address book to read).
  await page.getByTestId('menu-/contacts').click();
  await page.getByTestId('contacts-io').click();
  await expect(page.getByTestId('import-phone')).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Escape');

  seededDefault = await currentDefault(request, token);
  await makeDefault(request, token, phone.id);
  await page.reload();
  await expect(page.getByTestId('contacts-screen')).toBeVisible();
  await page.getByTestId('contacts-io').click();
  await expect(page.getByTestId('import-phone')).not.toHaveAttribute('aria-disabled', 'true');
  await page.getByTestId('import-phone').click();

  // It asks first, naming the connection it reads.
  const alert = page.locator('.bp6-alert');
  await expect(page.getByTestId('phone-import-alert')).toContainText(FAKE_WHATSAPP_NAME);
  await shot(page, 'contacts-phone-import-confirm');
  await alert.getByRole('button', { name: 'Importar' }).click();
  await expect(toast(page, 'Contatos importados: 2. Já existiam: 1.')).toBeVisible();
  await expect(alert).toBeHidden();
  await page.getByTestId('contacts-search').fill(stamp);
  await expect(page.locator(`[data-name="Fone Ana ${stamp}"]`)).toContainText(numbers[0]);
  await expect(page.locator(`[data-name="Fone Bruno ${stamp}"]`)).toBeVisible();
  // The contact already saved keeps its own name.
  await expect(page.locator(`[data-name="Fone Já Salvo ${stamp}"]`)).toBeVisible();
  await expect(page.getByTestId('contacts-list')).toHaveAttribute('data-count', '3');
  await setTheme(page, 'dark');
  await shot(page, 'contacts-phone-import-dark-wide');

  // Again: nothing new.
  await page.getByTestId('contacts-io').click();
  await page.getByTestId('import-phone').click();
  await alert.getByRole('button', { name: 'Importar' }).click();
  await expect(toast(page, 'Contatos importados: 0. Já existiam: 3.')).toBeVisible();
  await expect(page.getByTestId('contacts-list')).toHaveAttribute('data-count', '3');
  await context.close();
});
