import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  adminToken,
  createAttendant,
  seededWebchat,
  signedIn,
  visitorContactId,
  visitorSays,
} from './attendance';
import { setTheme, shot } from './helpers';

const toast = (page: Page, text: string) => page.locator('.bp6-toast', { hasText: text });
const row = (page: Page, name: string) => page.locator(`[data-name="${name}"]`);

async function createContact(request: APIRequestContext, token: string, name: string, number: string) {
  const res = await request.post('/api/contacts', {
    headers: { authorization: `Bearer ${token}` },
    data: { name, number },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()) as { id: number };
}

async function openContacts(page: Page, search: string) {
  await page.getByTestId('menu-/contacts').click();
  await expect(page.getByTestId('contacts-screen')).toBeVisible();
  await page.getByTestId('contacts-search').fill(search);
  await expect(row(page, search)).toBeVisible();
}

test('the contact modal picks and creates tags (too short is refused), and the import refuses a .csv', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const token = await adminToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const stamp = Date.now() % 1_000_000;
  const name = `Tânia Tags ${stamp}`;
  await createContact(request, token, name, `55119${String(stamp).padStart(6, '0')}7`);
  const existing = await request.post('/api/tags', {
    headers,
    data: { name: `Atacado ${stamp}`, color: '#2d72d2' },
  });
  expect(existing.ok()).toBe(true);
  const clara = await createAttendant(request, token, {
    name: 'Clara Tags',
    profile: 'admin',
    language: 'pt-BR',
  });
  const { context, page } = await signedIn(browser, clara);
  await openContacts(page, name);
  await setTheme(page, 'dark');

  await row(page, name).getByTestId('contact-edit').click();
  const form = page.getByTestId('contact-form');
  // A name under 3 characters: the spec's message, and no tag is made.
  await page.getByTestId('contact-tag-input').fill('VI');
  await page.getByTestId('contact-tag-input').press('Enter');
  await expect(form).toContainText('Tag muito curta!');
  await expect(page.getByTestId('contact-dialog-tag')).toHaveCount(0);
  // A new tag made inline, and an existing one picked from the suggestions.
  await page.getByTestId('contact-tag-input').fill(`VIP ${stamp}`);
  await expect(form).not.toContainText('Tag muito curta!');
  await page.getByTestId('contact-tag-input').press('Enter');
  await expect(page.getByTestId('contact-dialog-tag')).toHaveText([`VIP ${stamp}`]);
  await page.getByTestId('contact-tag-input').fill(`Atacado ${stamp}`.slice(0, 5));
  await page.getByTestId('contact-tag-options').getByText(`Atacado ${stamp}`).click();
  await expect(page.getByTestId('contact-dialog-tag')).toHaveText([`VIP ${stamp}`, `Atacado ${stamp}`]);
  await shot(page, 'contact-modal-tags-dark');
  await page.getByTestId('contact-save').click();
  await expect(toast(page, 'Contato salvo com sucesso!')).toBeVisible();
  await expect(form).toBeHidden();

  // Saved through the tags sync: the contact has both, and the new one is a tag of the company.
  const id = Number((await row(page, name).getAttribute('data-testid'))?.replace('contact-row-', ''));
  const tagsOf = async () =>
    ((await (await request.get(`/api/contactTags/${id}`, { headers })).json()) as { name: string }[])
      .map((tag) => tag.name)
      .sort();
  await expect.poll(tagsOf).toEqual([`Atacado ${stamp}`, `VIP ${stamp}`]);

  // Editing again shows them; removing one saves the rest.
  await setTheme(page, 'light');
  await row(page, name).getByTestId('contact-edit').click();
  await shot(page, 'contact-modal-tags-light');
  const chip = page.getByTestId('contact-dialog-tag').filter({ hasText: `Atacado ${stamp}` });
  await chip.getByRole('button').click();
  await page.getByTestId('contact-save').click();
  await expect(form).toBeHidden();
  await expect.poll(tagsOf).toEqual([`VIP ${stamp}`]);

  // Import: a .csv is refused at once with the translated message, and cannot be sent.
  await page.getByTestId('contacts-io').click();
  await page.getByTestId('import-sheet').click();
  await page.locator('.import-dialog input[type=file]').setInputFiles({
    name: 'contatos.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('nome,numero\nAna,5511999990000\n'),
  });
  await expect(page.getByTestId('import-file-error')).toHaveText(
    'Somente planilhas .xlsx e .xls são aceitas.',
  );
  await expect(page.getByTestId('import-submit')).toBeDisabled();
  await shot(page, 'contacts-import-csv-refused-light');
  await context.close();
});

test('an attendant who sees numbers masked edits a contact without touching its number and sends it as a card', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const token = await adminToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const setLgpd = (value: string) =>
    request.put('/api/settings/lgpdHideNumber', { headers, data: { value } });
  expect((await setLgpd('enabled')).ok()).toBe(true);
  try {
    const stamp = Date.now() % 1_000_000;
    const name = `Helena Sigilo ${stamp}`;
    const number = `55119${String(stamp).padStart(6, '0')}4`;
    const masked = `${number.slice(0, 6)}${'*'.repeat(number.length - 8)}${number.slice(-2)}`;
    const helena = await createContact(request, token, name, number);
    const bruna = await createAttendant(request, token, { language: 'pt-BR' });

    // A visitor's ticket, given to the attendant.
    const visitor = { id: `visitante-${stamp}`, name: `Visitante ${stamp}` };
    await visitorSays(request, await seededWebchat(request, token), visitor, 'Preciso de um contato');
    const pending = await (await request.get('/api/tickets?status=pending', { headers })).json();
    const ticket = pending.tickets.find(
      (t: { contact: { name: string } }) => t.contact.name === visitor.name,
    );
    const accepted = await request.put(`/api/tickets/${ticket.id}`, {
      headers,
      data: { status: 'open', userId: bruna.id },
    });
    expect(accepted.ok()).toBe(true);

    const { context, page } = await signedIn(browser, bruna);
    await openContacts(page, name);
    await expect(row(page, name).getByTestId('contact-number-cell')).toContainText(masked);
    await row(page, name).getByTestId('contact-edit').click();
    const numberInput = page.getByTestId('contact-number');
    await expect(numberInput).toHaveValue(masked);
    await expect(numberInput).toHaveAttribute('readonly', '');
    await expect(page.getByTestId('contact-form')).toContainText('O número está oculto (LGPD)');
    await page.getByTestId('contact-name').fill(`${name} Ramos`);
    await shot(page, 'contact-modal-masked-light');
    await page.setViewportSize({ width: 375, height: 760 });
    await shot(page, 'contact-modal-masked-light-narrow');
    await page.setViewportSize({ width: 1400, height: 860 });
    await page.getByTestId('contact-save').click();
    await expect(toast(page, 'Contato salvo com sucesso!')).toBeVisible();
    const stored = await (await request.get(`/api/contacts/${helena.id}`, { headers })).json();
    expect(stored).toMatchObject({ name: `${name} Ramos`, number });

    // The card goes by the contact's id: the visitor gets it, the attendant sees it masked, with no "talk to".
    await page.getByTestId('menu-/tickets').click();
    await page.getByTestId(`ticket-row-${ticket.id}`).click();
    await expect(page.getByTestId('composer-input')).toBeEnabled();
    await page.getByTestId('composer-contact').click();
    await page.getByTestId('card-contact-search').fill('Helena Sig');
    await page
      .getByTestId('card-contact-option')
      .filter({ hasText: `${name} Ramos` })
      .click();
    await page.getByTestId('card-submit').click();
    const card = page.getByTestId('message-contact-card').last();
    await expect(card).toContainText(`${name} Ramos`);
    await expect(card).toContainText(`+${masked}`);
    await expect(card.getByRole('button')).toHaveCount(0);
    const messages = await (await request.get(`/api/messages/${ticket.id}`, { headers })).json();
    const sent = messages.messages.find((m: { mediaType: string }) => m.mediaType === 'contactMessage');
    expect(sent.body).toContain(`waid=${number}`);
    await context.close();
  } finally {
    await setLgpd('disabled');
  }
});

test("a web chat visitor's id is shown as such and cannot be edited", async ({ browser, request }) => {
  const token = await adminToken(request);
  const stamp = Date.now() % 1_000_000;
  const name = `Visitante Id ${stamp}`;
  await visitorSays(request, await seededWebchat(request, token), { id: `visitor-id-${stamp}`, name }, 'Oi');
  const admin = await createAttendant(request, token, {
    name: 'Vera Gestora',
    profile: 'admin',
    language: 'pt-BR',
  });
  const { context, page } = await signedIn(browser, admin);
  await openContacts(page, name);
  await row(page, name).getByTestId('contact-edit').click();
  const form = page.getByTestId('contact-form');
  await expect(form).toContainText('Identificador do visitante');
  const id = page.getByTestId('contact-number');
  // The visitor's secret id is never shown: the contact is known by its hash.
  await expect(id).toHaveValue(visitorContactId(`visitor-id-${stamp}`));
  await expect(id).toHaveAttribute('readonly', '');
  await page.getByTestId('contact-name').fill(`${name} Souza`);
  await page.getByTestId('contact-save').click();
  await expect(toast(page, 'Contato salvo com sucesso!')).toBeVisible();
  await expect(row(page, `${name} Souza`)).toBeVisible();
  await context.close();
});
