import { expect, type Page, test } from '@playwright/test';
import { adminToken, signedIn, uniqueTag } from './attendance';
import { setTheme, shot, USERS } from './helpers';

/** A 1×1 transparent PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const rowNamed = (page: Page, name: string) =>
  page.locator(`[data-testid^="connection-row-"][data-name="${name}"]`);

async function openEdit(page: Page, name: string) {
  await rowNamed(page, name).getByTestId('connection-edit').click();
  await expect(page.getByTestId('connection-form')).toBeVisible();
}

test("an admin attaches an image to a connection's greeting, saves, sees it again, removes it, and sets its LGPD texts", async ({
  browser,
  request,
}) => {
  const token = await adminToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const name = `Saudação ${uniqueTag()}`;
  const created = await request.post('/api/whatsapp', {
    headers,
    data: { name, channel: 'webchat', greetingMessage: 'Olá! Veja nossas ofertas.' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const { page } = await signedIn(browser, USERS.admin, 1400);
  await page.goto('/connections');
  await setTheme(page, 'dark');

  await openEdit(page, name);
  await expect(page.getByTestId('connection-greeting-media-none')).toBeVisible();
  // A file the greeting cannot carry is refused on the field at once, nothing uploaded.
  await page
    .getByTestId('connection-greeting-media-input')
    .setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg/>') });
  await expect(page.getByTestId('connection-form')).toContainText(
    'Escolha uma foto JPEG ou PNG, um vídeo MP4 ou um PDF.',
  );
  await page
    .getByTestId('connection-greeting-media-input')
    .setInputFiles({ name: 'ofertas.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('connection-greeting-media-name')).toHaveText('ofertas.png');
  await expect(page.getByTestId('connection-form')).toContainText('Salvo junto com a conexão.');
  await expect(page.getByTestId('connection-form')).not.toContainText('Escolha uma foto JPEG');
  await shot(page, 'greeting-media-picked-dark');
  await page.getByTestId('connection-save').click();
  await expect(page.getByText('Conexão salva com sucesso!')).toBeVisible();
  await expect(page.getByTestId('connection-form')).toBeHidden();
  await setTheme(page, 'light');

  // Reopened: the stored file, by name, a link to it.
  await openEdit(page, name);
  const shown = page.getByTestId('connection-greeting-media-name');
  await expect(shown).toHaveText('ofertas.png');
  const href = await shown.locator('a').getAttribute('href');
  expect(href).toMatch(/^\/api\/media\/company1\/[0-9a-f]{32}\.png$/);
  const file = await request.get(href as string);
  expect(file.status()).toBe(200);
  expect(Buffer.from(await file.body())).toEqual(PNG);
  await shot(page, 'greeting-media-stored-light');

  // Removed on save: the file goes from the store too.
  await page.getByTestId('connection-greeting-media-remove').click();
  await expect(page.getByTestId('connection-greeting-media-none')).toBeVisible();
  await page.getByTestId('connection-save').click();
  await expect(page.getByTestId('connection-form')).toBeHidden();
  await openEdit(page, name);
  await expect(page.getByTestId('connection-greeting-media-none')).toBeVisible();
  expect((await request.get(href as string)).status()).toBe(404);
  const read = await request.get(`/api/whatsapp/${id}`, { headers });
  expect(await read.json()).toMatchObject({ greetingMediaAttachment: null, greetingMediaName: null });

  // The connection's own LGPD consent texts sit on the messages tab, and replace the company's when set.
  await page.getByTestId('connection-tab-messages').click();
  await page.getByTestId('connection-lgpdMessage').fill('A {{connection}} cuida dos seus dados.');
  await page.getByTestId('connection-lgpdLink').fill('https://loja.test/lgpd');
  await page.getByTestId('connection-save').click();
  await expect(page.getByTestId('connection-form')).toBeHidden();
  await openEdit(page, name);
  await page.getByTestId('connection-tab-messages').click();
  await expect(page.getByTestId('connection-lgpdMessage')).toHaveValue(
    'A {{connection}} cuida dos seus dados.',
  );
  await expect(page.getByTestId('connection-lgpdLink')).toHaveValue('https://loja.test/lgpd');
  await shot(page, 'connection-lgpd-texts-light');
  const saved = await request.get(`/api/whatsapp/${id}`, { headers });
  expect(await saved.json()).toMatchObject({
    lgpdMessage: 'A {{connection}} cuida dos seus dados.',
    lgpdLink: 'https://loja.test/lgpd',
  });

  await request.delete(`/api/whatsapp/${id}`, { headers });
});
