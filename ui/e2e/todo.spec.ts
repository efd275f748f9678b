import { expect, test } from '@playwright/test';
import { login, USERS } from './helpers';

test('a task added, edited and deleted follows the user to another browser', async ({ browser, page }) => {
  // Two browsers sign in on a busy 2-core machine: each sign-in and first paint may take many seconds.
  test.setTimeout(180_000);
  const text = `Ligar para a Ana ${Date.now() % 100_000}`;
  await login(page, USERS.admin);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.goto('/todolist');
  await page.getByTestId('todo-input').fill('   ');
  await page.getByTestId('todo-submit').click();
  await page.getByTestId('todo-input').fill(text);
  await page.getByTestId('todo-submit').click();
  const task = page.getByTestId('todo-task').filter({ hasText: text });
  await expect(task).toHaveCount(1);
  await task.getByTestId('todo-edit').click();
  await page.getByTestId('todo-input').fill(`${text} (feito)`);
  // The server's copy is written after the screen changes: wait for it before another browser signs in.
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/todo') && r.request().method() === 'PUT' && r.ok(),
  );
  await page.getByTestId('todo-submit').click();
  await saved;
  await expect(page.getByTestId('todo-task').filter({ hasText: `${text} (feito)` })).toHaveCount(1);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('tasks') ?? '[]'));
  expect(stored[0].text).toBe(`${text} (feito)`);
  expect(stored[0].createdAt).not.toBe(stored[0].updatedAt);

  // This browser is closed (its copy stays); another browser (no local copy) reads the list from the server.
  const first = page.context();
  await page.close();
  const other = await browser.newContext();
  const second = await other.newPage();
  await login(second, USERS.admin);
  await expect(second).toHaveURL(/\/tickets$/);
  await second.goto('/todolist');
  const there = second.getByTestId('todo-task').filter({ hasText: `${text} (feito)` });
  await expect(there).toHaveCount(1, { timeout: 60_000 });
  const deleted = second.waitForResponse(
    (r) => r.url().endsWith('/api/todo') && r.request().method() === 'PUT' && r.ok(),
  );
  await there.getByTestId('todo-delete').click();
  await expect(there).toHaveCount(0);
  await deleted;
  await other.close();

  // Back in the first browser (signed in again: the other browser's login ended its session), whose copy still holds
  // the task: the deletion follows, the task does not come back.
  const back = await first.newPage();
  await login(back, USERS.admin);
  await expect(back).toHaveURL(/\/tickets$/);
  expect(await back.evaluate(() => localStorage.getItem('tasks') ?? '')).toContain(`${text} (feito)`);
  await back.goto('/todolist');
  await expect(back.getByTestId('todo-page')).toBeVisible();
  await expect
    .poll(() => back.evaluate(() => localStorage.getItem('tasks') ?? ''), { timeout: 30_000 })
    .not.toContain(text);
  await expect(back.getByTestId('todo-task').filter({ hasText: text })).toHaveCount(0);
});
