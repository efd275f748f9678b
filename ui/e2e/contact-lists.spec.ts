import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { login, shot, USERS } from './helpers';

async function sheet(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('Lista').addRows(rows);
  return Buffer.from(await book.xlsx.writeBuffer());
}

test('an admin creates a contact list, uploads a sheet and sees its rows and the refused one', async ({
  page,
}) => {
  // Several steps each wait on the server (create, upload): on a busy 2-core machine they add up past 45 s.
  test.setTimeout(120_000);
  const name = `Clientes ${Date.now() % 100_000}`;
  await login(page, USERS.admin);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.getByTestId('menu-/contact-lists').click();
  await expect(page).toHaveURL(/\/contact-lists$/);

  await page.getByTestId('contact-lists-add').click();
  await page.getByTestId('contact-list-name').fill(name);
  await page.getByTestId('contact-list-save').click();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: /Ver contatos|Open contacts|Ver contactos|Kişileri aç/ }).click();
  await expect(page).toHaveURL(/\/contact-lists\/\d+\/contacts$/);

  await page.getByTestId('contact-list-items-import').click();
  await page.locator('input[type="file"]').setInputFiles({
    name: 'lista.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await sheet([
      ['Nome', 'Número', 'Email'],
      ['Ana Souza', '5511999990001', 'ana@exemplo.com'],
      ['Bruno Lima', '5521988880002', ''],
      ['Carla', '123', ''],
    ]),
  });
  await page.getByTestId('contact-list-upload-send').click();
  const results = page.getByTestId('contact-list-upload-results');
  await expect(results).toContainText(/2/);
  const refused = page.getByTestId('contact-list-upload-refused');
  await expect(refused).toHaveCount(1);
  await expect(refused).toContainText('Carla');
  await expect(refused).toContainText('4');
  await shot(page, 'contact-lists-upload-light-wide');
  await page.getByTestId('contact-list-upload-close').click();

  const items = page.getByTestId('contact-list-item-row');
  await expect(items).toHaveCount(2);
  await expect(page.getByTestId('contact-list-items-table')).toContainText('5511999990001');
  await expect(page.getByTestId('contact-list-items-table')).toContainText('Bruno Lima');
});
