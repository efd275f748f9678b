import { expect, type Page, test } from '@playwright/test';
import { adminToken, createAttendant, seededWebchat, signedIn, uniqueTag, visitorSays } from './attendance';
import { shot, USERS } from './helpers';

async function openBoard(page: Page) {
  await page.getByTestId('menu-/Kanban').click();
  await expect(page).toHaveURL(/\/Kanban$/i);
  await expect(page.getByTestId('kanban-board')).toBeVisible();
}

test('a card dragged to another lane moves there, with the two toasts, and on a second session at once', async ({
  browser,
  request,
}) => {
  // Two signed-in browsers and three moves: more steps than most specs.
  test.setTimeout(90_000);
  const token = await adminToken(request);
  const auth = { authorization: `Bearer ${token}` };
  const unique = uniqueTag();
  const lane = await request.post('/api/tags', {
    headers: auth,
    data: { name: `Negociação ${unique}`, color: '#1565c0', kanban: 1 },
  });
  expect(lane.status()).toBe(201);
  const laneId = (await lane.json()).id as number;
  const visitor = { id: `kanban-${unique}`, name: `Cliente Quadro ${unique}` };
  await visitorSays(request, await seededWebchat(request, token), visitor, 'Quero um orçamento');
  const attendant = await createAttendant(request, token);

  const admin = await signedIn(browser, USERS.admin);
  const other = await signedIn(browser, attendant);
  await openBoard(admin.page);
  await openBoard(other.page);

  // A pending ticket of no queue, seen by both: in the default lane until it has a kanban tag.
  const card = (page: Page, laneKey: number) =>
    page.getByTestId(`kanban-lane-${laneKey}`).locator('.kanban-card', { hasText: visitor.name });
  await expect(card(admin.page, 0)).toBeVisible();
  await expect(card(other.page, 0)).toBeVisible();
  await expect(card(admin.page, 0)).toContainText('Quero um orçamento');
  await expect(card(admin.page, 0).getByTestId('kanban-card-open')).toHaveText('Ver Ticket');

  await card(admin.page, 0).dragTo(admin.page.getByTestId(`kanban-lane-${laneId}`));
  await expect(admin.page.getByText('Ticket Tag Removido!')).toBeVisible();
  await expect(admin.page.getByText('Ticket Tag Adicionado com Sucesso!')).toBeVisible();
  await expect(card(admin.page, laneId)).toBeVisible();
  await expect(card(admin.page, 0)).toHaveCount(0);
  await expect(admin.page.getByTestId(`kanban-lane-${laneId}`).getByTestId('kanban-lane-count')).toHaveText(
    '1',
  );

  // The other session follows live (the ticket frame core sends whoever may see the ticket).
  await expect(card(other.page, laneId)).toBeVisible();
  await expect(card(other.page, 0)).toHaveCount(0);
  await shot(other.page, 'kanban-light-wide');

  // With the keyboard, back to the default lane: Space picks the card up, the left arrow aims, Enter drops.
  await card(other.page, laneId).focus();
  await other.page.keyboard.press('Space');
  await expect(other.page.getByTestId(`kanban-lane-${laneId}`)).toHaveClass(/kanban-lane--target/);
  // Other specs' lanes may sit between: step left until the default lane is the target.
  const defaultLane = other.page.getByTestId('kanban-lane-0');
  await expect(async () => {
    await other.page.keyboard.press('ArrowLeft');
    await expect(defaultLane).toHaveClass(/kanban-lane--target/, { timeout: 200 });
  }).toPass();
  await other.page.keyboard.press('Enter');
  await expect(card(other.page, 0)).toBeVisible();
  await expect(card(admin.page, 0)).toBeVisible();
  await expect(card(admin.page, laneId)).toHaveCount(0);

  // 'Ver Ticket' opens the ticket by its uuid.
  await card(admin.page, 0).getByTestId('kanban-card-open').click();
  await expect(admin.page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);

  await request.delete(`/api/tags/${laneId}`, { headers: auth });
  await admin.context.close();
  await other.context.close();
});

test('an admin adds kanban tags on /TagsKanban, and the board follows the lane order she sets with the arrows', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const unique = uniqueTag();
  // Two lanes, named so that, unplaced, A comes before B (lanes without a place follow by name).
  const names = [`Raia A ${unique}`, `Raia B ${unique}`];
  const admin = await signedIn(browser, USERS.admin);
  const { page } = admin;
  await page.getByTestId('menu-/TagsKanban').click();
  await expect(page).toHaveURL(/\/TagsKanban$/i);
  const laneIds: number[] = [];
  for (const name of names) {
    await page.getByTestId('kanban-tags-add').click();
    await page.getByTestId('kanban-tag-name').fill(name);
    await page.getByTestId('kanban-tag-save').click();
    await expect(page.getByText('Tag salva com sucesso!').first()).toBeVisible();
    // Other specs' tags may fill the first page: the search finds the new one.
    await page.getByTestId('kanban-tags-search').fill(name);
    const row = page.getByTestId('kanban-tags-table').locator('tbody tr', { hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('kanban-tag-tickets')).toHaveText('0');
    laneIds.push(Number((await row.getAttribute('data-testid'))?.replace('kanban-tag-row-', '')));
    await page.getByTestId('kanban-tags-search').fill('');
  }
  const [a, b] = laneIds;

  await openBoard(page);
  // The lanes left to right, as their test ids (`kanban-lane-<id>`; 0 is the default lane).
  const order = () =>
    page
      .getByTestId('kanban-board')
      .locator('section.kanban-lane')
      .evaluateAll((lanes) =>
        lanes.map((l) => Number(l.getAttribute('data-testid')?.replace('kanban-lane-', ''))),
      );
  await expect.poll(order).toContain(b);
  const before = await order();
  expect(before[0]).toBe(0);
  expect(before.indexOf(a)).toBeLessThan(before.indexOf(b));
  const leftOfB = before[before.indexOf(b) - 1];

  // B's left arrow: B swaps places with the lane on its left; the board shows it at once and after a reload.
  await page.getByTestId(`kanban-lane-${b}`).getByTestId('kanban-lane-left').click();
  await expect(page.getByText('Ordem das colunas salva').first()).toBeVisible();
  const swapped = [...before];
  swapped.splice(before.indexOf(b) - 1, 2, b, leftOfB);
  await expect.poll(order).toEqual(swapped);
  await page.reload();
  await expect(page.getByTestId('kanban-board')).toBeVisible();
  await expect.poll(order).toEqual(swapped);

  // And back with its right arrow.
  await page.getByTestId(`kanban-lane-${b}`).getByTestId('kanban-lane-right').click();
  await expect.poll(order).toEqual(before);

  // Tidy up on /TagsKanban: delete both, after the confirmation.
  await page.getByTestId('menu-/TagsKanban').click();
  for (const [i, id] of laneIds.entries()) {
    await page.getByTestId('kanban-tags-search').fill(names[i]);
    await page.getByTestId(`kanban-tag-delete-${id}`).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
    await expect(page.getByTestId(`kanban-tag-row-${id}`)).toHaveCount(0);
  }
  await admin.context.close();
});
