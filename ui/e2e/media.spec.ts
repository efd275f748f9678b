import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { login, setTheme, shot, USERS } from './helpers';

/** A 160×100 PNG drawn by the browser itself: a real image to upload and to see in the screenshots. */
async function productPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 100;
    const g = canvas.getContext('2d') as CanvasRenderingContext2D;
    g.fillStyle = '#2d72d2';
    g.fillRect(0, 0, 160, 100);
    g.fillStyle = '#ffffff';
    g.font = 'bold 22px sans-serif';
    g.fillText('Produto', 38, 58);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1], 'base64');
}

async function tokenOf(page: Page): Promise<string> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? '""'));
}

async function createContact(request: APIRequestContext, token: string, name: string, number: string) {
  const res = await request.post('/api/contacts', {
    headers: { authorization: `Bearer ${token}` },
    data: { name, number },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()) as { id: number };
}

test('an attendant sends an image the visitor sees, sends a contact card, and forwards a message', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1400, height: 860 });
  await login(page, USERS.admin);
  await expect(page).toHaveURL(/\/tickets$/);
  const token = await tokenOf(page);
  const auth = { authorization: `Bearer ${token}` };
  const connections = await (await request.get('/api/whatsapp', { headers: auth })).json();
  const webchat = connections.find((c: { channel: string }) => c.channel === 'webchat');
  const suffix = Date.now() % 100_000;
  const target = await createContact(request, token, `Carlos Mendes ${suffix}`, `55119${suffix}123`);

  // The customer writes from the web chat page.
  const visitorContext = await browser.newContext({ locale: 'pt-BR' });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/webchat/${webchat.token}`);
  await visitor.getByTestId('webchat-name').fill(`Lúcia ${suffix}`);
  await visitor.getByTestId('webchat-start').click();
  await visitor.getByTestId('webchat-input').fill('Pode me mandar uma foto do produto?');
  await visitor.keyboard.press('Enter');
  await expect(visitor.getByText('Pode me mandar uma foto do produto?')).toBeVisible();

  const pending = await (await request.get('/api/tickets?status=pending', { headers: auth })).json();
  const ticket = pending.tickets.find(
    (t: { contact: { name: string } }) => t.contact.name === `Lúcia ${suffix}`,
  );
  await request.put(`/api/tickets/${ticket.id}`, { headers: auth, data: { status: 'open', userId: 1 } });
  // Open it from the Assigned list (it arrives live), staying inside the app.
  await page.getByTestId(`ticket-row-${ticket.id}`).click();
  await expect(page).toHaveURL(new RegExp(`/tickets/${ticket.uuid}$`));
  await expect(page.getByTestId('composer-input')).toBeEnabled();
  const PNG = await productPng(page);

  // Attach an image, see it in the preview list, remove a second file, caption and send.
  await page.getByTestId('composer-file-input').setInputFiles([
    { name: 'produto.png', mimeType: 'image/png', buffer: PNG },
    { name: 'rascunho.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 rascunho') },
  ]);
  const attachments = page.getByTestId('composer-attachments');
  await expect(attachments).toContainText('produto.png');
  await attachments.getByTestId('attachment-remove').nth(1).click();
  await expect(attachments).not.toContainText('rascunho.pdf');
  await page.getByTestId('composer-input').fill('Aqui está o produto');
  await page.getByTestId('composer-send').click();
  await expect(attachments).toHaveCount(0);
  const sentImage = page.locator('.message--me', { has: page.getByTestId('message-image') });
  await expect(sentImage).toContainText('Aqui está o produto');
  await expect(sentImage.getByTestId('message-image')).toHaveJSProperty('naturalWidth', 160);

  // The visitor's page shows the image live, loaded from Balcão.
  const visitorImage = visitor.getByTestId('webchat-image');
  await expect(visitorImage).toBeVisible({ timeout: 10_000 });
  await expect(visitorImage).toHaveJSProperty('naturalWidth', 160);
  await expect(visitor.getByText('Aqui está o produto')).toBeVisible();
  await shot(visitor, 'media-webchat-visitor');

  // Click to enlarge.
  await sentImage.getByTestId('message-image').click();
  await expect(page.getByTestId('message-image-large')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('message-image-large')).toHaveCount(0);

  // Send a contact card: search with 3+ characters, pick, send.
  await page.getByTestId('composer-contact').click();
  await page.getByTestId('card-contact-search').fill('Carlos Mend');
  await page
    .getByTestId('card-contact-option')
    .filter({ hasText: `Carlos Mendes ${suffix}` })
    .click();
  await page.getByTestId('card-submit').click();
  const card = page.getByTestId('message-contact-card').last();
  await expect(card).toContainText(`Carlos Mendes ${suffix}`);
  await expect(card).toContainText(`+55119${suffix}123`);
  await expect(visitor.getByText(`👤 Carlos Mendes ${suffix}`, { exact: false })).toBeVisible({
    timeout: 10_000,
  });

  await setTheme(page, 'light');
  await shot(page, 'media-conversation-light');
  await setTheme(page, 'dark');
  await shot(page, 'media-conversation-dark');
  await setTheme(page, 'light');

  // Forward the image to Carlos: the dialog needs a message (the clicked one comes checked) and a contact.
  await sentImage.hover();
  await sentImage.getByTestId('message-menu').click();
  await page.getByTestId('message-forward').click();
  await page.getByTestId('forward-contact-search').fill('Carlos Mend');
  await page
    .getByTestId('forward-contact-option')
    .filter({ hasText: `Carlos Mendes ${suffix}` })
    .click();
  await shot(page, 'media-forward-dialog-light');
  await page.getByTestId('forward-submit').click();
  await expect(page).toHaveURL(/\/tickets$/);

  const open = await (await request.get('/api/tickets?status=open', { headers: auth })).json();
  const carlos = open.tickets.find((t: { contactId: number }) => t.contactId === target.id);
  expect(carlos).toBeTruthy();
  await page.getByTestId(`ticket-row-${carlos.id}`).click();
  await expect(page).toHaveURL(new RegExp(`/tickets/${carlos.uuid}$`));
  const copy = page.locator('.message--me', { has: page.getByTestId('message-forwarded') });
  await expect(copy.getByTestId('message-image')).toBeVisible();
  await expect(copy).toContainText('Aqui está o produto');
  await setTheme(page, 'dark');
  await shot(page, 'media-forwarded-dark');
  await setTheme(page, 'light');

  // Back in Lúcia's conversation, the card's "Talk to" leads to Carlos's ticket (mine already, from the forward).
  await page.getByTestId(`ticket-row-${ticket.id}`).click();
  await expect(page).toHaveURL(new RegExp(`/tickets/${ticket.uuid}$`));
  await page.getByTestId('message-contact-card').last().getByRole('button').click();
  await expect(page).toHaveURL(new RegExp(`/tickets/${carlos.uuid}$`));
  await visitorContext.close();
});
