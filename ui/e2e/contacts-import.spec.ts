import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { adminToken, signedIn } from './attendance';
import { shot } from './helpers';

// Spec part 1 §9: the spreadsheet import posts one row every 330 ms, progress every 5 rows, each failed row's error
// shown next to the row; the others go on.

/** A fresh admin of company 1 who works in pt-BR, so texts are checked word for word. */
async function portugueseAdmin(request: APIRequestContext) {
  const token = await adminToken(request);
  const who = { email: `planilha.${Date.now()}@e2e.test`, password: 'planilha-pass' };
  const created = await request.post('/api/users', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: 'Paula Planilha', profile: 'admin', language: 'pt-BR', ...who },
  });
  expect(created.ok()).toBe(true);
  return { who, headers: { authorization: `Bearer ${token}` } };
}

async function spreadsheet(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Contatos');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function chooseFile(page: Page, buffer: Buffer) {
  await page.getByTestId('contacts-io').click();
  await page.getByTestId('import-sheet').click();
  await page.locator('.import-dialog input[type=file]').setInputFiles({
    name: 'contatos.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer,
  });
}

/** The names of company 1's contacts matching `term`. */
async function namesMatching(request: APIRequestContext, headers: Record<string, string>, term: string) {
  const res = await request.get(`/api/contacts?searchParam=${encodeURIComponent(term)}`, { headers });
  return ((await res.json()).contacts as { name: string }[]).map((c) => c.name).sort();
}

test('spreadsheet import: row by row with n of N progress, bad rows listed with their errors, good rows in', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const stamp = String(Date.now() % 1_000_000).padStart(6, '0');
  const number = (i: number) => `55118${stamp}${String(i).padStart(2, '0')}`;
  const { who, headers } = await portugueseAdmin(request);
  // One number the company has already: its row updates that contact.
  const existing = await request.post('/api/contacts', {
    headers,
    data: { name: `Antiga Lote ${stamp}`, number: number(99) },
  });
  expect(existing.ok()).toBe(true);

  const good = (i: number) => [`Lote ${stamp} Pessoa ${i}`, number(i), `p${i}@lote.test`];
  const file = await spreadsheet([
    ['Nome', 'Número', 'E-mail'],
    good(1),
    good(2),
    ['Z', number(3), 'p3@lote.test'], // row 4: name too short
    good(4),
    good(5),
    good(6),
    [`Lote ${stamp} Pessoa 7`, '123', ''], // row 8: number too short
    good(8),
    [`Lote ${stamp} Renomeada`, number(99), ''], // row 10: the existing contact, updated
    good(10),
    [`Lote ${stamp} Pessoa 11`, number(11), 'nao-e-email'], // row 12: bad e-mail
    good(12),
    [`Lote ${stamp} Repetida`, number(1), ''], // row 14: row 2's number again (issue 24: reported, not merged)
    ['', number(13), ''], // row 15: no name, one error for it (not "Required" and "Too short")
  ]);

  const { context, page } = await signedIn(browser, who);
  await page.getByTestId('menu-/contacts').click();
  await expect(page.getByTestId('contacts-screen')).toBeVisible();
  await chooseFile(page, file);
  await page.getByTestId('import-submit').click();

  // Determinate progress, counted every 5 rows: 14 rows at 330 ms each take about 5 s.
  const count = page.getByTestId('import-progress-count');
  // The server reads the sheet in a worker thread first; a cold one takes seconds on a busy machine.
  await expect(count).toHaveText('5 de 14', { timeout: 25_000 });
  await expect(page.getByTestId('import-cancel')).toBeVisible();
  await expect(count).toHaveText('10 de 14');
  await expect(count).toHaveText('14 de 14');
  await expect(page.getByTestId('import-progress').locator('.bp6-progress-meter')).toHaveAttribute(
    'style',
    /width: 100%/,
  );

  // The summary, and each bad row with its cells and its error beside them.
  const summary = page.getByTestId('import-summary');
  await expect(summary).toContainText('8 criados, 1 atualizados (já existentes), 5 linhas com erro.');
  await expect(page.getByTestId('import-errors').locator('tbody tr')).toHaveCount(5);
  await expect(page.getByTestId('import-error-row-4')).toContainText('Nome: Muito curto!');
  await expect(page.getByTestId('import-error-row-8')).toContainText('123');
  await expect(page.getByTestId('import-error-row-8')).toContainText('Número do WhatsApp: Muito curto!');
  await expect(page.getByTestId('import-error-row-12')).toContainText('nao-e-email');
  await expect(page.getByTestId('import-error-row-12')).toContainText('E-mail inválido');
  await expect(page.getByTestId('import-error-row-14').locator('.import-dialog__error')).toHaveText(
    'Número do WhatsApp: Repetido na planilha: uma linha anterior tem este número.',
  );
  await expect(page.getByTestId('import-error-row-15').locator('.import-dialog__error')).toHaveText(
    'Nome: Obrigatório',
  );
  await shot(page, 'contacts-import-progress-light-wide');
  await page.getByTestId('import-close').click();

  // The good rows are in, the bad ones are not, the existing contact was renamed.
  const names = await namesMatching(request, headers, `Lote ${stamp}`);
  expect(names).toEqual(
    [1, 2, 4, 5, 6, 8, 10, 12]
      .map((i) => `Lote ${stamp} Pessoa ${i}`)
      .concat(`Lote ${stamp} Renomeada`)
      .sort(),
  );
  await context.close();
});

test('spreadsheet import: cancelling stops before the next row, the rest is not imported', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const stamp = String(Date.now() % 1_000_000).padStart(6, '0');
  const { who, headers } = await portugueseAdmin(request);
  const rows = Array.from({ length: 20 }, (_, i) => [
    `Cancela ${stamp} Pessoa ${i + 1}`,
    `55117${stamp}${String(i + 1).padStart(2, '0')}`,
  ]);

  const { context, page } = await signedIn(browser, who);
  await page.getByTestId('menu-/contacts').click();
  await expect(page.getByTestId('contacts-screen')).toBeVisible();
  await chooseFile(page, await spreadsheet(rows));
  await page.getByTestId('import-submit').click();
  await expect(page.getByTestId('import-progress-count')).toHaveText('5 de 20');
  await page.getByTestId('import-cancel').click();

  const cancelled = page.getByTestId('import-cancelled');
  await expect(cancelled).toContainText('Importação cancelada');
  const sent = Number(/(\d+) de 20/.exec((await cancelled.textContent()) ?? '')?.[1]);
  expect(sent).toBeGreaterThanOrEqual(5);
  expect(sent).toBeLessThan(20);
  await expect(page.getByTestId('import-progress-count')).toHaveText(`${sent} de 20`);
  await expect(page.getByTestId('import-summary')).toContainText(`${sent} criados`);
  // The dialog stays (no auto-close after a cancel) until closed.
  await expect(page.getByTestId('import-close')).toBeVisible();
  await page.getByTestId('import-close').click();

  // Exactly the rows sent before the cancel are in; waiting past a few more 330 ms steps adds none.
  await page.waitForTimeout(1_000);
  const names = await namesMatching(request, headers, `Cancela ${stamp}`);
  expect(names).toHaveLength(sent);
  expect(names).not.toContain(`Cancela ${stamp} Pessoa 20`);
  await context.close();
});
