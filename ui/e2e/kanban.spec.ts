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
