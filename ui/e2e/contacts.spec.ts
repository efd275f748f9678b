import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { adminToken, signedIn } from './attendance';
import { setTheme, shot } from './helpers';

/** A fresh admin of company 1 who works in pt-BR, so the spec's toasts are checked word for word. */
async function portugueseAdmin(request: APIRequestContext) {
  const token = await adminToken(request);
  const who = { email: `contatos.${Date.now()}@e2e.test`, password: 'contatos-pass' };
  const created = await request.post('/api/users', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: 'Clara Contatos', profile: 'admin', language: 'pt-BR', ...who },
  });
  expect(created.ok()).toBe(true);
  return who;
}

async function spreadsheet(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Contatos');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const toast = (page: Page, text: string) => page.locator('.bp6-toast', { hasText: text });
const row = (page: Page, name: string) => page.locator(`[data-name="${name}"]`);

async function search(page: Page, term: string) {
  await page.getByTestId('contacts-search').fill(term);
}

/** Pixels left in the search field once its placeholder is drawn (negative: the placeholder is cut). */
const placeholderRoom = (page: Page) =>
  page.locator('.contacts-screen__search input').evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const ctx = document.createElement('canvas').getContext('2d');
    if (!ctx) return -1;
    ctx.font = style.font;
    const inner =
      input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    return inner - ctx.measureText(input.placeholder).width;
  });

test('contacts: add with validation, search, edit, block/unblock, import, export, open a ticket', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now() % 1_000_000;
  const name = `Marina Teste ${stamp}`;
  const number = `55119${String(stamp).padStart(6, '0')}1`;
  const { context, page } = await signedIn(browser, await portugueseAdmin(request));
  await page.getByTestId('menu-/contacts').click();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(page.getByTestId('contacts-screen')).toBeVisible();

  // Add: the form refuses a one-letter name and a short number, naming each field.
  await page.getByTestId('contacts-add').click();
  await page.getByTestId('contact-name').fill('M');
  await page.getByTestId('contact-number').fill('1234');
  await page.getByTestId('contact-save').click();
  const form = page.getByTestId('contact-form');
  await expect(form).toContainText('Muito curto!');
  await page.getByTestId('contact-name').fill(name);
  await page.getByTestId('contact-number').fill(number);
  await page.getByTestId('contact-email').fill('marina@exemplo.test');
  await form.getByRole('button', { name: 'Adicionar informação' }).click();
  await form.getByRole('textbox', { name: 'Nome do campo' }).fill('CPF');
  await form.getByRole('textbox', { name: 'Valor' }).fill('123.456.789-00');
  await page.getByTestId('contact-save').click();
  await expect(toast(page, 'Contato salvo com sucesso!')).toBeVisible();
  await expect(form).toBeHidden();

  // Search (debounced) finds it; the list is live, so it is there without reloading.
  await search(page, name);
  await expect(row(page, name)).toBeVisible();
  await expect(page.getByTestId('contacts-list')).toHaveAttribute('data-count', '1');
  await expect(row(page, name)).toContainText('marina@exemplo.test');
  await setTheme(page, 'light');
  await shot(page, 'contacts-light-wide');

  // Edit: the dialog opens with its values, extra info included.
  await row(page, name).getByTestId('contact-edit').click();
  await expect(page.getByTestId('contact-name')).toHaveValue(name);
  await expect(page.getByRole('textbox', { name: 'Valor' })).toHaveValue('123.456.789-00');
  const renamed = `${name} Silva`;
  await page.getByTestId('contact-name').fill(renamed);
  await page.getByTestId('contact-save').click();
  await expect(row(page, renamed)).toBeVisible();

  // Block and unblock, with the spec's toasts and the status tag following.
  await row(page, renamed).getByTestId('contact-block').click();
  await expect(toast(page, 'Contato bloqueado')).toBeVisible();
  await expect(row(page, renamed).getByTestId('contact-status')).toHaveText('Bloqueado');
  await row(page, renamed).getByTestId('contact-block').click();
  await expect(toast(page, 'Contato desbloqueado')).toBeVisible();
  await expect(row(page, renamed).getByTestId('contact-status')).toHaveText('Ativo');

  // Import: a good row and a bad one; the bad row shows its cells and its error beside them.
  const good = `Importado Bom ${stamp}`;
  const file = await spreadsheet([
    ['Nome', 'Número', 'E-mail'],
    [good, `55219${String(stamp).padStart(6, '0')}2`, 'bom@exemplo.test'],
    ['Z', `55319${String(stamp).padStart(6, '0')}3`, 'nao-e-email'],
  ]);
  await page.getByTestId('contacts-io').click();
  await expect(page.getByTestId('import-phone')).toHaveAttribute('aria-disabled', 'true');
  await page.getByTestId('import-sheet').click();
  await page.locator('.import-dialog input[type=file]').setInputFiles({
    name: 'contatos.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: file,
  });
  await page.getByTestId('import-submit').click();
  await expect(page.getByTestId('import-summary')).toContainText('1 criados');
  const bad = page.getByTestId('import-error-row-3');
  await expect(bad).toContainText('nao-e-email');
  await expect(bad).toContainText('E-mail inválido');
  await expect(bad).toContainText('Muito curto!');
  await shot(page, 'contacts-import-light-wide');
  await page.getByTestId('import-close').click();
  await search(page, good);
  await expect(row(page, good)).toBeVisible();

  // Tag filter: only contacts with a chosen tag are listed.
  // As the seeded admin: logging Clara in again would end her browser session (one session per account).
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const tag = await request.post('/api/tags', {
    headers,
    data: { name: `Importados ${stamp}`, color: '#2d72d2' },
  });
  expect(tag.ok()).toBe(true);
  const goodId = Number((await row(page, good).getAttribute('data-testid'))?.replace('contact-row-', ''));
  const synced = await request.post('/api/tags/sync', {
    headers,
    data: { contactId: goodId, tags: [{ id: (await tag.json()).id }] },
  });
  expect(synced.ok()).toBe(true);
  await page.reload();
  await expect(page.getByTestId('contacts-screen')).toBeVisible();
  await page.getByTestId('tag-filter').click();
  await page.getByTestId('tag-filter-menu').getByText(`Importados ${stamp}`).click();
  await page.keyboard.press('Escape');
  await expect(row(page, good)).toBeVisible();
  await expect(page.getByTestId('contacts-list')).toHaveAttribute('data-count', '1');
  await page.getByTestId('tag-filter').click();
  await page.getByTestId('tag-filter-menu').getByText('Limpar filtro').click();
  await search(page, good);
  await expect(row(page, good)).toBeVisible();

  // Export downloads the spreadsheet of the current filter.
  await page.getByTestId('contacts-io').click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('export-sheet').click(),
  ]);
  expect(download.suggestedFilename()).toBe('contacts.xlsx');
  const exported = new ExcelJS.Workbook();
  await exported.xlsx.readFile(await download.path());
  const cells: string[] = [];
  exported.worksheets[0].eachRow((r) => {
    cells.push(r.getCell(1).text);
  });
  expect(cells).toContain(good);

  // Delete (admin): asks first, then the row leaves the list live.
  await row(page, good).getByTestId('contact-delete').click();
  const confirm = page.locator('.bp6-alert');
  await expect(confirm).toContainText('Deseja realmente excluir esse registro?');
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(row(page, good)).toHaveCount(0);
  await expect(page.getByTestId('contacts-empty')).toBeVisible();

  // Dark theme, then narrow.
  await search(page, renamed);
  await expect(row(page, renamed)).toBeVisible();
  await setTheme(page, 'dark');
  await shot(page, 'contacts-dark-wide');
  // The search's placeholder fits, on a tablet and on a 390 px phone.
  await page.setViewportSize({ width: 800, height: 860 });
  expect(await placeholderRoom(page)).toBeGreaterThanOrEqual(0);
  await page.setViewportSize({ width: 390, height: 760 });
  expect(await placeholderRoom(page)).toBeGreaterThanOrEqual(0);
  await expect(row(page, renamed)).toBeVisible();
  await shot(page, 'contacts-dark-narrow');
  await setTheme(page, 'light');
  await shot(page, 'contacts-light-narrow');
  await page.setViewportSize({ width: 1400, height: 860 });

  // Open a ticket from the contact: the new-ticket dialog has it chosen (an admin needs no queue), then its conversation.
  await row(page, renamed).getByTestId('contact-open-ticket').click();
  await expect(page.getByTestId('new-ticket-contact-search')).toHaveValue(renamed);
  await page.getByTestId('new-ticket-submit').click();
  await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('conversation')).toContainText(renamed);

  // The ticket's contact drawer edits with the same dialog and blocks with the same toasts.
  const drawer = page.getByTestId('contact-drawer');
  await page.getByTestId('header-more').click();
  await page.getByTestId('header-contact').click();
  await expect(drawer).toContainText('123.456.789-00');
  await drawer.getByTestId('contact-drawer-edit').click();
  await expect(page.getByTestId('contact-name')).toHaveValue(renamed);
  await page.getByTestId('contact-email').fill('marina.silva@exemplo.test');
  await page.getByTestId('contact-save').click();
  await expect(drawer).toContainText('marina.silva@exemplo.test');
  await drawer.getByTestId('contact-drawer-block').click();
  await expect(toast(page, 'Contato bloqueado')).toBeVisible();
  await drawer.getByTestId('contact-drawer-block').click();
  await expect(toast(page, 'Contato desbloqueado')).toBeVisible();

  // Back on the list, the contact's last message carries when its ticket was last updated (dd/MM/yyyy HH:mm).
  await page.getByTestId('menu-/contacts').click();
  await search(page, renamed);
  await expect(row(page, renamed).getByTestId('contact-last-time')).toHaveText(
    /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/,
  );
  await context.close();
});

test('contacts: a search past the count cap shows "100+" with a hint; a narrower one counts exactly', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const token = await adminToken(request);
  const surname = `Capado${Date.now() % 1_000_000}`;
  // CONTACT_COUNT_CAP + 5 contacts with one surname, imported row by row (no channel asked), five rows at a time: one
  // after another, the 105 round trips took most of the test on a loaded machine.
  const block = String(Date.now() % 100_000).padStart(5, '0');
  const importRow = async (i: number) => {
    const res = await request.post('/api/contactsImport', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        name: `Ana ${String(i).padStart(3, '0')} ${surname}`,
        number: `55218${block}${String(i).padStart(3, '0')}`,
      },
    });
    expect(res.ok()).toBe(true);
  };
  for (let i = 0; i < 105; i += 5) await Promise.all(Array.from({ length: 5 }, (_, k) => importRow(i + k)));
  const { context, page } = await signedIn(browser, await portugueseAdmin(request));
  await page.getByTestId('menu-/contacts').click();
  await search(page, surname.toLowerCase());
  const count = page.getByTestId('contacts-count');
  await expect(count).toHaveText('100+');
  await expect(count).toHaveAttribute('title', /Mais de 100 contatos/);
  await expect(row(page, `Ana 000 ${surname}`)).toBeVisible();
  // One more letter of a name: an exact count again.
  await search(page, `Ana 104 ${surname}`);
  await expect(count).toHaveText('1');
  await expect(count).not.toHaveAttribute('title', /.+/);
  await context.close();
});
