import { expect, test } from '@playwright/test';
import { adminToken, createAttendant } from './attendance';
import { login, setTheme, shot, USERS } from './helpers';

/** A 1×1 PNG, the announcement's image. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test('anyone manages the tags on /tags: the 3-character rule, the chip and its count, edit and delete', async ({
  page,
  request,
}) => {
  // Two cores shared by several runs: a page may take seconds to load.
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const token = await adminToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const attendant = await createAttendant(request, token, { name: `Tina ${stamp}`, language: 'pt-BR' });
  await login(page, attendant);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.getByTestId('menu-/tags').click();
  await expect(page).toHaveURL(/\/tags$/);

  await page.getByTestId('tags-add').click();
  await page.getByTestId('tag-name').fill('ab');
  await page.getByTestId('tag-save').click();
  await expect(page.getByText('Mensagem muito curta')).toBeVisible();
  await page.getByTestId('tag-name').fill(`Cliente ${stamp}`);
  await page.getByTestId('tag-color-1565c0').click();
  await page.getByTestId('tag-save').click();
  await expect(page.getByText('Tag salva com sucesso!')).toBeVisible();

  // Earlier specs leave tags of their own: this one is found by its stamp.
  await page.getByTestId('tags-search').fill(stamp);
  const row = page.getByTestId('tags-table').locator('tr', { hasText: `Cliente ${stamp}` });
  await expect(row.getByTestId('tag-chip')).toHaveCSS('background-color', 'rgb(21, 101, 192)');
  await expect(row.getByTestId('tag-contacts')).toHaveText('0');

  // A contact carrying the tag counts on the next read of the list.
  const tags = (await (await request.get(`/api/tags?searchParam=${stamp}`, { headers })).json()) as {
    tags: { id: number }[];
  };
  const contact = await request.post('/api/contacts', {
    headers,
    data: { name: `Contato ${stamp}`, number: `55119${String(Date.now()).slice(-8)}` },
  });
  expect(contact.ok()).toBe(true);
  const sync = await request.post('/api/tags/sync', {
    headers,
    data: { contactId: (await contact.json()).id, tags: [{ id: tags.tags[0].id }] },
  });
  expect(sync.ok()).toBe(true);
  await page.getByTestId('tags-search').fill(`cliente ${stamp}`);
  await expect(row.getByTestId('tag-contacts')).toHaveText('1');
  await shot(page, 'tags-light-wide');

  await row.getByRole('button', { name: 'Editar' }).click();
  await page.getByTestId('tag-name').fill(`Cliente VIP ${stamp}`);
  await page.getByTestId('tag-save').click();
  const renamed = page.getByTestId('tags-table').locator('tr', { hasText: `Cliente VIP ${stamp}` });
  await page.getByTestId('tags-search').fill(stamp);
  await expect(renamed.getByTestId('tag-chip')).toBeVisible();

  await renamed.getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByTestId('tag-delete-text')).toHaveText('Deseja realmente excluir esse registro?');
  await page.getByRole('button', { name: 'Excluir', exact: true }).last().click();
  await expect(page.getByText('Tag excluída com sucesso!')).toBeVisible();
  await expect(renamed).toHaveCount(0);
  await expect(page.getByText('Nenhuma tag encontrada.')).toBeVisible();
});

test('a super user publishes a high-priority announcement with an image; another user sees it live and opens it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const reader = await createAttendant(request, await adminToken(request), {
    name: `Rui ${stamp}`,
    language: 'pt-BR',
  });
  const other = await browser.newContext();
  const readerPage = await other.newPage();
  await login(readerPage, reader);
  await expect(readerPage).toHaveURL(/\/tickets$/);
  await setTheme(readerPage, 'dark');
  // The reader's popover is open before the announcement exists.
  await readerPage.getByTestId('announcements-button').click();
  await expect(readerPage.getByTestId('announcements-popover')).toBeVisible();

  await login(page, USERS.admin);
  await expect(page).toHaveURL(/\/tickets$/);
  // The seeded super admin reads the browser's language (English): its setting is left alone for other specs.
  await expect(page.getByTestId('menu-/announcements')).toBeVisible();
  // Opened by address: the sign-in's own redirects (/ → /tickets) may still be on their way after the first /tickets.
  await page.goto('/announcements');
  await expect(page.getByTestId('announcements-screen')).toBeVisible({ timeout: 30_000 });
  // Read in English: the admin's saved language is what an earlier spec left (pt-BR after the shell spec).
  await page.getByTestId('language-menu').click();
  await page.getByTestId('lang-en').click();
  await expect(page.getByTestId('greeting')).toContainText('Hello');
  await page.getByTestId('announcements-add').click();
  await page.getByTestId('announcement-save').click();
  // In the admin's language (the shell spec leaves it pt-BR), or English.
  await expect(page.getByText(/^(Required|Obrigatório)$/)).toHaveCount(2);
  await expect(page.getByTestId('announcement-priority')).toHaveValue('3');
  await page.getByTestId('announcement-title').fill(`Manutenção ${stamp}`);
  await page.getByTestId('announcement-text').fill('O sistema para sábado às 22h.');
  await page.getByTestId('announcement-priority').selectOption('1');
  await page.locator('.announcement-dialog input[type=file]').setInputFiles({
    name: 'aviso.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await expect(page.locator('.announcement-dialog')).toContainText('aviso.png');
  await shot(page, 'announcement-dialog-light-wide');
  await page.getByTestId('announcement-save').click();
  await expect(
    page.getByText(/^(Announcement saved successfully!|Informativo salvo com sucesso!)$/),
  ).toBeVisible();
  await expect(page.getByTestId('announcements-table')).toContainText(`Manutenção ${stamp}`);

  // Without a reload: the reader's open popover lists it first, in the high priority's red.
  const item = readerPage.getByTestId('announcements-popover').locator('button', {
    hasText: `Manutenção ${stamp}`,
  });
  await expect(item).toBeVisible();
  // Newer than the reader's last look: the top bar counts it as unread until the popover is opened again.
  await expect(readerPage.getByTestId('announcements-unread')).toHaveText('1');
  await expect(item).toHaveAttribute('data-priority', '1');
  await expect(item).toHaveCSS('border-left-color', 'rgb(205, 66, 70)');
  await expect(readerPage.getByTestId('announcements-popover').locator('button').first()).toContainText(
    `Manutenção ${stamp}`,
  );
  await item.click();
  await expect(readerPage.getByTestId('announcement-detail-text')).toHaveText(
    'O sistema para sábado às 22h.',
  );
  const image = readerPage.getByTestId('announcement-image');
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await shot(readerPage, 'announcement-detail-dark-wide');
  await readerPage.getByRole('button', { name: 'Fechar' }).last().click();
  await readerPage.getByTestId('announcements-button').click();
  await expect(readerPage.getByTestId('announcements-unread')).toHaveCount(0);
  await readerPage.keyboard.press('Escape');
  await expect(readerPage.getByTestId('announcements-popover')).toHaveCount(0);

  // Deleting it takes it off the reader's popover, again live.
  const row = page.getByTestId('announcements-table').locator('tr', { hasText: `Manutenção ${stamp}` });
  await row.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Do you really want to delete this record?')).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).last().click();
  await expect(page.getByText('Announcement deleted successfully!')).toBeVisible();
  await readerPage.getByTestId('announcements-button').click();
  await expect(readerPage.getByTestId('announcements-popover')).not.toContainText(`Manutenção ${stamp}`);
  // Other specs read the admin's screens in the product's first language: leave it as it was.
  await page.getByTestId('language-menu').click();
  await page.getByTestId('lang-pt-BR').click();
  await expect(page.getByTestId('greeting')).toContainText('Olá');

  // The page is for super users only: the reader's menu does not offer it.
  await expect(readerPage.getByTestId('menu-/tags')).toBeVisible();
  await expect(readerPage.getByTestId('menu-/announcements')).toHaveCount(0);
  await other.close();
});
