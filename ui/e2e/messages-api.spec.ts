import { expect, test } from '@playwright/test';
import { adminToken, seededWebchat, signedIn, uniqueTag, visitorContactId, visitorSays } from './attendance';
import { shot, USERS } from './helpers';

// Spec part 2 §2 "External messages API page", §5 "External API test forms": an admin reads the documentation and
// sends, with the test forms and a connection's token, a text and a file to a web chat visitor.

test("the messages API page's test forms send a text and a file to a web chat visitor", async ({
  browser,
  request,
}) => {
  test.slow();
  const token = await adminToken(request);
  const webchat = await seededWebchat(request, token);
  const tag = uniqueTag();
  const visitor = { id: `api-visitor-${tag}`, name: `Visitante ${tag}` };
  await visitorSays(request, webchat, visitor, 'Quero receber pela API');
  const history = async () => {
    const res = await request.get(`/api/webchat/${webchat}/messages`, { params: { visitorId: visitor.id } });
    expect(res.ok()).toBe(true);
    return ((await res.json()).messages as { body: string }[]).map((m) => m.body);
  };

  const a = await signedIn(browser, USERS.admin);
  try {
    const page = a.page;
    await page.getByTestId('menu-/messages-api').click();
    await expect(page.getByTestId('messages-api-page')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('messages-api-openapi')).toContainText('"openapi": "3.1.0"');

    // The text form needs token, number and body.
    await page.getByTestId('api-text-send').click();
    await expect(page.getByTestId('api-text-form').getByText('Obrigatório')).toHaveCount(3);
    await page.getByTestId('api-text-token').fill(webchat);
    await page.getByTestId('api-text-number').fill(visitorContactId(visitor.id));
    await page.getByTestId('api-text-body').fill(`Olá pela API ${tag}`);
    await page.getByTestId('api-text-send').click();
    await expect(page.getByText('Mensagem enviada com sucesso').first()).toBeVisible();
    await expect.poll(history).toContain(`Olá pela API ${tag}`);

    // The media form needs a file; its caption defaults to the file's name.
    await page.getByTestId('api-media-token').fill(webchat);
    await page.getByTestId('api-media-number').fill(visitorContactId(visitor.id));
    await page.getByTestId('api-media-send').click();
    await expect(page.getByTestId('api-media-form').getByText('Obrigatório')).toHaveCount(1);
    await page.locator('#api-media-file').setInputFiles({
      name: `tabela-${tag}.pdf`,
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4 tabela'),
    });
    await page.getByTestId('api-media-send').click();
    await expect.poll(history).toContain(`tabela-${tag}.pdf`);
    await shot(page, 'messages-api-page');

    // A wrong token is refused with the API's translated reason.
    await page.getByTestId('api-text-token').fill('X'.repeat(30));
    await page.getByTestId('api-text-body').fill('Não vai');
    await page.getByTestId('api-text-send').click();
    await expect(page.getByText('Token inválido: nenhuma conexão tem esse token.')).toBeVisible();
  } finally {
    await a.context.close();
  }
});

test('a plan without useExternalApi: /messages-api shows the error toast and goes to / after a second', async ({
  browser,
}) => {
  test.slow();
  // The seeded "Empresa Básica": its plan has WhatsApp only.
  const tenant = await signedIn(browser, USERS.basic);
  try {
    const page = tenant.page;
    await expect(page.getByTestId('menu-/messages-api')).toHaveCount(0);
    await page.goto('/messages-api');
    await expect(page.getByTestId('no-permission')).toBeVisible();
    const toast = page.locator('.bp6-toast.bp6-intent-danger', {
      hasText: 'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.',
    });
    await expect(toast).toBeVisible();
    await expect(page.getByTestId('messages-api-page')).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('no-permission')).toHaveCount(0);
  } finally {
    await tenant.context.close();
  }
});
