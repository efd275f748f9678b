import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { adminToken, seededWebchat, signedIn } from './attendance';
import { shot, USERS } from './helpers';

/**
 * Every Content-Security-Policy violation the context's pages and frames meet: Chromium's console report ("Refused
 * to … violates the following Content Security Policy directive") and the DOM's securitypolicyviolation event.
 */
async function cspViolations(context: BrowserContext): Promise<string[]> {
  const seen: string[] = [];
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(
        `CSP violation: ${e.violatedDirective} blocked ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`,
      ),
    );
  });
  context.on('console', (message) => {
    if (/Content Security Policy|CSP violation/i.test(message.text())) seen.push(message.text());
  });
  return seen;
}

/** A 160×100 PNG drawn by the browser: a real image to send. */
async function png(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 100;
    const g = canvas.getContext('2d') as CanvasRenderingContext2D;
    g.fillStyle = '#238551';
    g.fillRect(0, 0, 160, 100);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1], 'base64');
}

/** A company's website on another origin (127.0.0.1, not localhost), its pages carrying the embed snippet. */
async function website(snippet: () => string): Promise<{ url: string; close(): void }> {
  const server = http.createServer((_req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(
      `<!doctype html><html><head><title>Loja</title></head><body><h1>Loja</h1>${snippet()}</body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => server.close(),
  };
}

test('the app and the web chat page run under the CSP without a violation: screens, socket, media', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const headers = (await request.get('/login')).headers();
  expect(headers['content-security-policy']).toContain("script-src 'self';");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'self'");
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-content-type-options']).toBe('nosniff');

  const token = await adminToken(request);
  const auth = { authorization: `Bearer ${token}` };
  const channelToken = await seededWebchat(request, token);
  let violations: string[] = [];
  const { context, page } = await signedIn(browser, USERS.admin, 1400, {
    prepare: async (c) => {
      violations = await cspViolations(c);
    },
  });

  // The visitor's page, live over its socket.
  const visitorContext = await browser.newContext({ locale: 'pt-BR' });
  const visitorViolations = await cspViolations(visitorContext);
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/webchat/${channelToken}`);
  const name = `Visitante CSP ${Date.now() % 100_000}`;
  await visitor.getByTestId('webchat-name').fill(name);
  await visitor.getByTestId('webchat-start').click();
  await visitor.getByTestId('webchat-input').fill('Oi, tudo bem?');
  await visitor.keyboard.press('Enter');
  await expect(visitor.getByText('Oi, tudo bem?')).toBeVisible();

  // The attendant takes it and sends a photo: it loads from /api/media on both sides.
  const pending = await (await request.get('/api/tickets?status=pending', { headers: auth })).json();
  const ticket = pending.tickets.find((t: { contact: { name: string } }) => t.contact.name === name);
  await request.put(`/api/tickets/${ticket.id}`, { headers: auth, data: { status: 'open', userId: 1 } });
  await page.getByTestId(`ticket-row-${ticket.id}`).click();
  await expect(page).toHaveURL(new RegExp(`/tickets/${ticket.uuid}$`));
  await expect(page.getByTestId('composer-input')).toBeEnabled();
  await page
    .getByTestId('composer-file-input')
    .setInputFiles([{ name: 'foto.png', mimeType: 'image/png', buffer: await png(page) }]);
  await expect(page.getByTestId('composer-attachments')).toContainText('foto.png');
  await page.getByTestId('composer-send').click();
  await expect(page.getByTestId('message-image').last()).toHaveJSProperty('naturalWidth', 160);
  await expect(visitor.getByTestId('webchat-image')).toHaveJSProperty('naturalWidth', 160, {
    timeout: 10_000,
  });
  await page.getByTestId('composer-input').fill('Recebeu?');
  await page.keyboard.press('Enter');
  await expect(visitor.getByText('Recebeu?')).toBeVisible({ timeout: 10_000 });

  // The other screens, their dialogs and the dark theme.
  for (const path of ['/contacts', '/users', '/queues', '/moments', '/connections']) {
    await page.getByTestId(`menu-${path}`).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await page.waitForLoadState('networkidle');
  }
  await page.getByTestId('theme-toggle').click();
  await page.getByTestId('connection-edit').first().click();
  await expect(page.getByTestId('connection-form')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('connection-form')).toHaveCount(0);
  await page.getByTestId('theme-toggle').click();

  expect(violations).toEqual([]);
  expect(visitorViolations).toEqual([]);
  await visitorContext.close();
  await context.close();
});

test('the web chat page is framed by the websites its connection names, and by no other', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  // Balcão's origin and the connection's token, known once the admin has made it.
  let balcao = '';
  let channelToken = '';
  const snippet = () => `<script src="${balcao}/webchat/${channelToken}/embed.js"></script>`;
  const shop = await website(snippet);
  const stranger = await website(snippet);
  try {
    const { context, page } = await signedIn(browser, USERS.admin);
    const name = `Site da loja ${Date.now() % 100_000}`;
    await page.getByTestId('menu-/connections').click();
    await page.getByTestId('new-connection').click();
    await page.getByTestId('new-connection-webchat').click();
    await page.getByTestId('connection-name-input').fill(name);
    await page.getByTestId('connection-save').click();
    await expect(page.getByText('Conexão salva com sucesso!').last()).toBeVisible();

    // The websites, on the dialog's web chat tab: a path is refused there, an origin is kept.
    const row = page.locator(`[data-testid^="connection-row-"][data-name="${name}"]`);
    await row.getByTestId('connection-edit').click();
    await page.getByRole('tab', { name: 'Chat do site' }).click();
    await page.getByTestId('webchat-origins').fill(`${shop.url}/contato`);
    await page.getByTestId('connection-save').click();
    await expect(page.getByText('Cada item deve ser o endereço de um site')).toBeVisible();
    await page.getByTestId('webchat-origins').fill(`${shop.url}\n`);
    await shot(page, 'connections-dialog-webchat-origins');
    await page.getByTestId('connection-save').click();
    await expect(page.getByTestId('connection-form')).toHaveCount(0);
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? '""'));
    const list = await (
      await page.request.get('/api/whatsapp', { headers: { authorization: `Bearer ${token}` } })
    ).json();
    const created = list.find((c: { name: string }) => c.name === name);
    expect(created.embedOrigins).toEqual([shop.url]);
    channelToken = created.token;
    balcao = new URL(page.url()).origin;
    await context.close();

    // On the company's site the bubble opens the chat, which works inside the frame.
    const visitorContext = await browser.newContext({ locale: 'pt-BR' });
    const violations = await cspViolations(visitorContext);
    const visitor = await visitorContext.newPage();
    await visitor.goto(shop.url);
    await visitor.getByRole('button', { name: 'Chat' }).click();
    const chat = visitor.frameLocator('iframe[title="Chat"]');
    await chat.getByTestId('webchat-name').fill('Rafaela');
    await chat.getByTestId('webchat-start').click();
    await chat.getByTestId('webchat-input').fill('Vim pelo site da loja');
    await chat.getByTestId('webchat-input').press('Enter');
    await expect(chat.getByText('Vim pelo site da loja')).toBeVisible();
    await shot(visitor, 'webchat-embedded');
    expect(violations).toEqual([]);

    // Another site gets the bubble (the script is public) but the browser refuses to show the chat in its frame.
    await visitor.goto(stranger.url);
    await visitor.getByRole('button', { name: 'Chat' }).click();
    await expect.poll(() => violations.join('\n')).toContain('frame-ancestors');
    await expect(visitor.frameLocator('iframe[title="Chat"]').getByTestId('webchat-name')).toHaveCount(0);
    await visitorContext.close();
  } finally {
    shop.close();
    stranger.close();
  }
});
