import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { adminToken } from './attendance';
import type { FakeWhatsapp } from './fake-whatsapp';
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

test('list numbers are checked with WhatsApp in the background, and their marks change live', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  // A fake WhatsApp connection of the spec's own, connected for the test and removed afterwards: whatever other
  // specs left connected or not, one connection can check.
  const created = await request.post('/api/whatsapp', {
    headers,
    data: { name: `Checagem ${Date.now()}`, channel: 'whatsapp' },
  });
  expect(created.ok()).toBe(true);
  const connection = (await created.json()) as FakeWhatsapp;
  try {
    expect((await request.post(`/api/whatsappsession/${connection.id}`, { headers })).ok()).toBe(true);
    await expect
      .poll(async () => (await request.post(`/test-channel/${connection.token}/scan`, { data: {} })).status())
      .toBe(204);
    await expect
      .poll(
        async () => (await (await request.get(`/api/whatsapp/${connection.id}`, { headers })).json()).status,
      )
      .toBe('CONNECTED');

    const name = `Checada ${Date.now() % 100_000}`;
    const list = await request.post('/api/contact-lists', { headers, data: { name } });
    expect(list.ok()).toBe(true);
    const { id } = (await list.json()) as { id: number };
    await login(page, USERS.admin);
    await expect(page).toHaveURL(/\/tickets$/);
    await page.goto(`/contact-lists/${id}/contacts`);
    await expect(page.getByTestId('contact-list-items-page')).toBeVisible();

    // Added while the page is open: the rows come, then their marks as WhatsApp answers (the fake: 5500… has none).
    const tail = String(Date.now()).slice(-6);
    for (const [who, number] of [
      ['Com Zap', `5511977${tail}`],
      ['Sem Zap', `5500119${tail}`],
    ]) {
      const res = await request.post('/api/contact-list-items', {
        headers,
        data: { contactListId: id, name: who, number },
      });
      expect(res.status()).toBe(201);
    }
    const mark = (who: string) =>
      page.getByRole('row', { name: new RegExp(who) }).getByTestId('contact-list-item-whatsapp');
    await expect(
      mark('Com Zap').getByLabel(
        /Number on WhatsApp|Número no WhatsApp|Número en WhatsApp|Numara WhatsApp'ta$/,
      ),
    ).toBeVisible();
    await expect(
      mark('Sem Zap').getByLabel(/not on WhatsApp|fora do WhatsApp|fuera de WhatsApp|değil/),
    ).toBeVisible();

    await page.getByTestId('contact-list-items-check').click();
    await expect(
      mark('Com Zap').getByLabel(
        /Number on WhatsApp|Número no WhatsApp|Número en WhatsApp|Numara WhatsApp'ta$/,
      ),
    ).toBeVisible();
    await shot(page, 'contact-lists-check-light-wide');
  } finally {
    await request.delete(`/api/whatsapp/${connection.id}`, { headers });
  }
});

test('both pages search, load more on scrolling, and show what another session adds without a reload', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  // A word only this run's lists and contacts carry: other specs leave lists behind.
  const run = String(Date.now() % 1_000_000).padStart(6, '0');
  const tag = `Rolo${run}`;
  const newList = async (name: string) => {
    const res = await request.post('/api/contact-lists', { headers, data: { name } });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };
  const newItem = async (contactListId: number, name: string, number: string) => {
    const res = await request.post('/api/contact-list-items', {
      headers,
      data: { contactListId, name, number },
    });
    expect(res.status()).toBe(201);
  };
  // 21 lists and 21 contacts: a page is 20 rows, so the last one comes only by scrolling.
  const ids: number[] = [];
  for (let i = 0; i < 21; i++) ids.push(await newList(`${tag} ${String(i).padStart(2, '0')}`));
  for (let i = 0; i < 21; i++)
    await newItem(
      ids[0],
      `Pessoa ${tag} ${String(i).padStart(2, '0')}`,
      `55119${String(i).padStart(2, '0')}${run}`,
    );

  await login(page, USERS.admin);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.goto('/contact-lists');
  await page.getByTestId('contact-lists-search').fill(tag);
  const lists = page.getByTestId('contact-lists-table').getByRole('row', { name: new RegExp(tag) });
  await expect(lists).toHaveCount(20);
  await page.getByTestId('contact-lists-table').hover();
  await page.mouse.wheel(0, 5_000);
  await expect(lists).toHaveCount(21);
  await expect(page.getByTestId('contact-lists-table')).toContainText(`${tag} 20`);

  // Another session creates a list: it shows here, with the search still applied.
  await newList(`${tag} 21`);
  await expect(lists).toHaveCount(22);
  await page.getByTestId('contact-lists-search').fill(`${tag} 07`);
  await expect(lists).toHaveCount(1);

  await page.goto(`/contact-lists/${ids[0]}/contacts`);
  const items = page.getByTestId('contact-list-item-row');
  await expect(items).toHaveCount(20);
  await page.getByTestId('contact-list-items-table').hover();
  await page.mouse.wheel(0, 5_000);
  await expect(items).toHaveCount(21);
  await page.getByTestId('contact-list-items-search').fill(`${tag} 13`);
  await expect(items).toHaveCount(1);
  await expect(items).toContainText(`Pessoa ${tag} 13`);
  // Another session adds a contact the search finds: it shows without a reload.
  await newItem(ids[0], `Pessoa ${tag} 13 bis`, `55219${run}13`);
  await expect(items).toHaveCount(2);
});
