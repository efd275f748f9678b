import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminToken, createAttendant } from './attendance';
import { type FakeWhatsapp, outbox } from './fake-whatsapp';
import { login, setTheme, shot } from './helpers';

// Password reset (spec part 2 "Password reset", §4, §8) from the login page: the code goes out through company 1's
// default connection — here a fake WhatsApp connection of the spec's own, made default and connected for the file and
// given back afterwards, so the e2e server's shared connections stay as other specs expect them. The spec reads the
// code from what the fake channel received (its outbox test route, mounted only by the e2e server).

let connection: FakeWhatsapp;
let previousDefault: number | undefined;
let numbers = 0;

const auth = async (request: APIRequestContext) => ({
  authorization: `Bearer ${await adminToken(request)}`,
});

const newNumber = () => `5511977${Date.now().toString().slice(-5)}${++numbers}`;

/** The code of the newest message to `number`, once the fake channel has it. */
async function codeSentTo(request: APIRequestContext, number: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const sent = (await outbox(request, connection)).filter((m) => m.to === number);
      code = /\b(\d{6})\b/.exec(sent.at(-1)?.body ?? '')?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/** Opens /recovery-password from the login page, in the spec's Portuguese, and asks for a code for `number`. */
async function askCode(page: Page, number: string): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('recovery-link').click();
  await expect(page).toHaveURL(/\/recovery-password$/);
  await page.getByTestId('recovery-wpp').fill(number);
  await page.getByTestId('recovery-send').click();
  await expect(page.getByText('Código de verificação enviado com sucesso!')).toBeVisible();
  await expect(page.getByTestId('recovery-code')).toBeVisible();
}

async function submitCode(page: Page, code: string): Promise<void> {
  await page.getByTestId('recovery-code').fill(code);
  await page.getByTestId('recovery-verify').click();
}

const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000');

test.beforeAll(async ({ request }) => {
  const headers = await auth(request);
  const before = (await (await request.get('/api/whatsapp', { headers })).json()) as {
    id: number;
    isDefault: boolean;
  }[];
  previousDefault = before.find((c) => c.isDefault)?.id;
  const created = await request.post('/api/whatsapp', {
    headers,
    data: { name: `Recuperação ${Date.now()}`, channel: 'whatsapp', isDefault: true },
  });
  expect(created.ok()).toBe(true);
  connection = (await created.json()) as FakeWhatsapp;
  expect((await request.post(`/api/whatsappsession/${connection.id}`, { headers })).ok()).toBe(true);
  // The phone scans the QR code once the session shows it.
  await expect
    .poll(async () => (await request.post(`/test-channel/${connection.token}/scan`, { data: {} })).status())
    .toBe(204);
  await expect
    .poll(
      async () => (await (await request.get(`/api/whatsapp/${connection.id}`, { headers })).json()).status,
    )
    .toBe('CONNECTED');
});

test.afterAll(async ({ request }) => {
  const headers = await auth(request);
  if (previousDefault)
    await request.put(`/api/whatsapp/${previousDefault}`, { headers, data: { isDefault: true } });
  if (connection) await request.delete(`/api/whatsapp/${connection.id}`, { headers });
});

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('i18nextLng', 'pt-BR'));
});

test('the password reset flow: code by WhatsApp, a wrong code, the right one, a new password, sign in with it', async ({
  page,
  request,
}) => {
  // The first page of the run loads a cold build on a shared 2-core machine: more than the default 45 s in all.
  test.setTimeout(90_000);
  const wpp = newNumber();
  const user = await createAttendant(request, await adminToken(request), { wpp });
  await askCode(page, wpp);
  const code = await codeSentTo(request, wpp);
  await shot(page, 'recovery-code-light-wide');

  await submitCode(page, wrongOf(code));
  await expect(page.getByTestId('recovery-error')).toHaveText(
    'Código de verificação incorreto. Tente novamente.',
  );
  await expect(page.getByTestId('recovery-new-password')).toHaveCount(0);

  // On a match the new-password field appears.
  await submitCode(page, code);
  await expect(page.getByTestId('recovery-new-password')).toBeVisible();
  await page.getByTestId('recovery-new-password').fill('123');
  await page.getByTestId('recovery-save').click();
  await expect(page.getByText('Muito curto!')).toBeVisible();
  await setTheme(page, 'dark');
  await page.setViewportSize({ width: 390, height: 800 });
  await shot(page, 'recovery-password-dark-narrow');
  await setTheme(page, 'light');
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByTestId('recovery-new-password').fill('senha-recuperada');
  await page.getByTestId('recovery-save').click();
  await expect(page.getByText('Senha atualizada com sucesso!')).toBeVisible();
  const saved = Date.now();
  await expect(page).toHaveURL(/\/login$/);
  // Spec part 2 §4: one second after saving (a little slack for a busy machine).
  expect(Date.now() - saved).toBeGreaterThanOrEqual(700);

  await login(page, { email: user.email, password: user.password });
  await expect(page.getByTestId('login-error')).toBeVisible();
  await login(page, { email: user.email, password: 'senha-recuperada' });
  await expect(page).toHaveURL(/\/tickets$/);
});

test('two wrong codes end the attempt: the attempts-exceeded message, then /login after 3 seconds', async ({
  page,
  request,
}) => {
  const wpp = newNumber();
  await createAttendant(request, await adminToken(request), { wpp });
  await askCode(page, wpp);
  const code = await codeSentTo(request, wpp);

  await submitCode(page, wrongOf(code));
  await expect(page.getByTestId('recovery-error')).toHaveText(
    'Código de verificação incorreto. Tente novamente.',
  );
  await submitCode(page, wrongOf(code));
  await expect(page.getByTestId('recovery-error')).toHaveText('Tentativas excedidas. Redirecionando...');
  const exceeded = Date.now();
  await expect(page.getByTestId('recovery-verify')).toHaveCount(0);
  await shot(page, 'recovery-exceeded-light-wide');
  await expect(page).toHaveURL(/\/login$/);
  expect(Date.now() - exceeded).toBeGreaterThanOrEqual(2500);
});
