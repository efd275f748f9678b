import { expect } from '@playwright/test';
import { adminToken, createAttendant } from './attendance';
import { login, setTheme, shot } from './helpers';
import { test } from './queues';

test('an admin adds, edits and deletes a user on /users; the new attendant can sign in', async ({
  page,
  browser,
  request,
  createQueue,
}) => {
  // Add, search, edit, delete, then the attendant's own sign-in: two sessions and a dozen screens, which ran to the
  // 45 s default on a busy CI machine with every step on time (the last sign-in's page load was cut off).
  test.setTimeout(90_000);
  const tag = Date.now().toString(36);
  const queue = await createQueue(`Usuarios ${tag}`);
  const email = `marta.${tag}@usuarios.test`;
  // Her working hours hold now (she signs in below; outside them an attendant is refused ERR_OUT_OF_HOURS): from the
  // hour before this one in São Paulo to two hours later, across midnight if need be.
  const hour = Number(
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Sao_Paulo',
      hour: 'numeric',
      hourCycle: 'h23',
    }).format(new Date()),
  );
  const hh = (h: number) => String((h + 24) % 24).padStart(2, '0');
  const [startWork, endWork] = [`${hh(hour - 1)}:00`, `${hh(hour + 2)}:30`];
  // An admin of its own, in the product's first language (the seeded admin's sessions belong to other specs).
  const admin = await createAttendant(request, await adminToken(request), {
    name: `Ulisses ${tag}`,
    profile: 'admin',
    language: 'pt-BR',
  });
  await login(page, admin);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.getByTestId('menu-/users').click();
  await expect(page).toHaveURL(/\/users$/);
  const table = page.getByTestId('users-table');
  // Earlier specs leave more users than a page holds: this spec's own are found by its tag (name or e-mail).
  await page.getByTestId('users-search').fill(tag);
  await expect(table.getByText(admin.email)).toBeVisible();
  await expect(page.getByTestId('users-count')).toHaveText('1');

  // The form's rules (spec part 1 §5): name and password too short, e-mail invalid.
  await page.getByTestId('users-add').click();
  await page.getByTestId('user-name').fill('M');
  await page.getByTestId('user-email').fill('marta');
  await page.getByTestId('user-password').fill('123');
  await page.getByTestId('user-save').click();
  await expect(page.getByText('Muito curto!')).toHaveCount(2);
  await expect(page.getByText('E-mail inválido')).toBeVisible();

  await page.getByTestId('user-name').fill('Marta Souza');
  await page.getByTestId('user-email').fill(email);
  await page.getByTestId('user-password').fill('marta-pass');
  // A control's label takes the click (its input is drawn over by the indicator).
  const queueBox = page.getByTestId(`user-queue-${queue.id}`);
  await queueBox.locator('xpath=..').click();
  await expect(queueBox).toBeChecked();
  await page.getByTestId('user-start-work').fill(startWork);
  await page.getByTestId('user-end-work').fill(endWork);
  await shot(page, 'users-dialog-light-wide');
  await page.getByTestId('user-save').click();
  await expect(page.getByText('Usuário criado.')).toBeVisible();
  const row = table.locator('tr', { hasText: email });
  await expect(row).toContainText('Marta Souza');
  await expect(row).toContainText(startWork);
  await expect(row).toContainText(endWork);
  await expect(row).toContainText('Usuário');

  // The new attendant signs in, sees the queue as theirs, and may not open /users.
  const other = await browser.newContext();
  const attendant = await other.newPage();
  await login(attendant, { email, password: 'marta-pass' });
  await expect(attendant).toHaveURL(/\/tickets$/);
  await expect(attendant.getByTestId('greeting')).toContainText('Marta Souza');
  await expect(row.getByTestId('user-status')).toHaveText('Online');
  // Its own admin row too (this page's socket).
  await expect(table.locator('tr', { hasText: admin.email }).getByTestId('user-status')).toHaveText('Online');
  await attendant.goto('/users');
  await expect(
    // Her language is unset: the browser's (English here).
    attendant.getByText('You are not allowed to access this page! Redirecting you.'),
  ).toBeVisible();
  await other.close();

  // Edit: the dialog shows what was saved; a new name and allowGroup are kept, the password too (left blank).
  await row.getByRole('button', { name: 'Editar' }).click();
  await expect(page.getByTestId('user-email')).toHaveValue(email);
  await expect(page.getByTestId(`user-queue-${queue.id}`)).toBeChecked();
  await page.getByTestId('user-name').fill('Marta Souza Lima');
  await page.getByTestId('user-allow-group').locator('xpath=..').click();
  await expect(page.getByTestId('user-allow-group')).toBeChecked();
  await page.getByTestId('user-save').click();
  await expect(page.getByText('Usuário salvo.')).toBeVisible();
  await expect(row).toContainText('Marta Souza Lima');
  await row.getByRole('button', { name: 'Editar' }).click();
  await expect(page.getByTestId('user-allow-group')).toBeChecked();
  await page.keyboard.press('Escape');

  // Search narrows the list; the count follows.
  await expect(page.getByTestId('users-count')).toHaveText('2');
  await page.getByTestId('users-search').fill(email);
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(page.getByTestId('users-count')).toHaveText('1');
  await expect(table.getByText(admin.email)).toBeHidden();
  await setTheme(page, 'dark');
  await shot(page, 'users-dark-wide');
  await setTheme(page, 'light');

  // Delete, confirmed.
  await row.getByRole('button', { name: 'Excluir' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Usuário excluído.')).toBeVisible();
  await expect(row).toHaveCount(0);
  const retry = await browser.newContext();
  const gone = await retry.newPage();
  await login(gone, { email, password: 'marta-pass' });
  await expect(gone).toHaveURL(/\/login$/);
  await retry.close();
});

test('the users list reads its next page as it runs out (21 matches, 20 a page)', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const auth = { authorization: `Bearer ${token}` };
  const tag = Date.now().toString(36);
  const ids: number[] = [];
  for (let i = 0; i < 21; i++) {
    const res = await request.post('/api/users', {
      headers: auth,
      data: {
        name: `Paginado ${tag} ${String(i).padStart(2, '0')}`,
        email: `p${i}.${tag}@paginas.test`,
        password: 'pagina-pass',
      },
    });
    expect(res.status()).toBe(201);
    ids.push((await res.json()).id);
  }
  const admin = await createAttendant(request, token, {
    name: 'Paula Páginas',
    profile: 'admin',
    language: 'pt-BR',
  });
  await login(page, admin);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.goto('/users');
  await page.getByTestId('users-search').fill(tag);
  await expect(page.getByTestId('users-count')).toHaveText('21');
  const rows = page.getByTestId('users-table').locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  // Scrolling to the end of the list reads the next page (a page that does not fill the screen reads it at once).
  await rows.first().hover();
  await page.mouse.wheel(0, 5000);
  await expect(rows).toHaveCount(21);
  await expect(page.getByTestId('users-table')).toContainText(`Paginado ${tag} 20`);
  for (const id of [...ids, admin.id]) await request.delete(`/api/users/${id}`, { headers: auth });
});
