import { expect, test } from '@playwright/test';
import {
  adminToken,
  browserAdmin,
  createAttendant,
  findTicket,
  openPending,
  openVisitorPage,
  rowIn,
  seededWebchat,
  setAdminShowAll,
  signedIn,
  uniqueTag,
  visitorSays,
} from './attendance';
import { USERS } from './helpers';

// Spec part 1 §2: deleting one's own message (seen by a second attendant and by the web chat visitor) and the admin's
// Show all switch on the ticket lists (kept per user on the server).

test('an attendant deletes their own message: shown as deleted to another attendant live, gone for the visitor', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000); // three browsers
  const token = await adminToken(request);
  const tag = uniqueTag();
  const bruna = await createAttendant(request, token, { name: `Bruna ${tag}` });
  const name = `Apagar ${tag}`;
  const visitor = await openVisitorPage(browser, await seededWebchat(request, token), name);
  await visitor.say('Qual o prazo de entrega?');
  const ticket = await findTicket(request, token, name);
  const accepted = await request.put(`/api/tickets/${ticket.id}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { status: 'open', userId: bruna.id },
  });
  expect(accepted.ok()).toBe(true);

  const b = await signedIn(browser, bruna);
  await b.page.goto(`/tickets/${ticket.uuid}`);
  const admin = await signedIn(browser, USERS.admin);
  await admin.page.goto(`/tickets/${ticket.uuid}`);
  const input = b.page.getByTestId('composer-input');
  await input.fill('O prazo é de 30 dias');
  await input.press('Enter');
  const wrong = b.page.locator('.message', { hasText: 'O prazo é de 30 dias' });
  await expect(wrong).toBeVisible();
  await input.fill('Corrigindo: são 3 dias úteis');
  await input.press('Enter');
  await expect(b.page.locator('.message', { hasText: 'Corrigindo: são 3 dias úteis' })).toBeVisible();
  const testId = await wrong.getAttribute('data-testid');
  expect(testId).toMatch(/^message-\d+$/);
  await expect(admin.page.getByTestId(testId as string)).toContainText('O prazo é de 30 dias');
  await expect(visitor.page.getByText('O prazo é de 30 dias')).toBeVisible();

  // Only the author is offered Delete.
  await admin.page
    .getByTestId(testId as string)
    .getByTestId('message-menu')
    .click();
  await expect(admin.page.getByTestId('message-reply')).toBeVisible();
  await expect(admin.page.getByTestId('message-delete')).toHaveCount(0);
  await admin.page.keyboard.press('Escape');

  // Bruna deletes it after confirming.
  await wrong.getByTestId('message-menu').click();
  await b.page.getByTestId('message-delete').click();
  const confirm = b.page.getByRole('alertdialog');
  await expect(confirm).toContainText('Deseja realmente excluir esse registro?');
  await confirm.getByRole('button', { name: 'Deletar' }).click();
  const mine = b.page.getByTestId(testId as string);
  await expect(mine.getByTestId('message-deleted')).toHaveText('Esta mensagem foi apagada');
  await expect(mine).not.toContainText('O prazo é de 30 dias');

  // The admin's open conversation shows it deleted without a reload; the correction stays.
  const theirs = admin.page.getByTestId(testId as string);
  await expect(theirs.getByTestId('message-deleted')).toHaveText('Esta mensagem foi apagada');
  await expect(theirs).not.toContainText('O prazo é de 30 dias');
  await expect(admin.page.getByTestId('message-list')).toContainText('Corrigindo: são 3 dias úteis');

  // The visitor's open page drops it at once; reloaded, it still has the rest of the conversation without it.
  await expect(visitor.page.getByText('O prazo é de 30 dias')).toHaveCount(0);
  await expect(visitor.page.getByText('Corrigindo: são 3 dias úteis')).toBeVisible();
  await visitor.page.reload();
  await expect(visitor.page.getByText('Corrigindo: são 3 dias úteis')).toBeVisible();
  await expect(visitor.page.getByText('Qual o prazo de entrega?')).toBeVisible();
  await expect(visitor.page.getByText('O prazo é de 30 dias')).toHaveCount(0);

  await visitor.context.close();
  await b.context.close();
  await admin.context.close();
});

test('Show all: off, an admin sees their own tickets and every queue’s waiting ones; on, everyone’s, also after signing in again', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000); // two sign-ins: the switch is checked again after a new one
  const token = await adminToken(request);
  const auth = { authorization: `Bearer ${token}` };
  const tag = uniqueTag();
  const me = await browserAdmin(request);
  const bruna = await createAttendant(request, token, { name: `Bruna ${tag}` });
  const queue = await request.post('/api/queue', {
    headers: auth,
    data: {
      name: `Outra fila ${tag}`,
      color: `#${Math.floor(Math.random() * 0xffffff)
        .toString(16)
        .padStart(6, '0')}`,
    },
  });
  expect(queue.status()).toBe(201);
  const queueId = ((await queue.json()) as { id: number }).id;
  const channel = await seededWebchat(request, token);
  // One ticket of the admin, one of Bruna, one waiting in a queue the admin does not serve.
  const made: number[] = [];
  const ticketWith = async (who: string, data: Record<string, unknown>) => {
    const name = `${who} ${tag}`;
    await visitorSays(request, channel, { id: `show-all-${who.replace(/\W+/g, '-')}-${tag}`, name }, 'Olá');
    const { id } = await findTicket(request, token, name);
    made.push(id);
    expect((await request.put(`/api/tickets/${id}`, { headers: auth, data })).ok()).toBe(true);
    return id;
  };
  try {
    const mine = await ticketWith('Do Admin', { status: 'open', userId: me.id });
    const hers = await ticketWith('Da Bruna', { status: 'open', userId: bruna.id });
    const queued = await ticketWith('Na Fila', { status: 'pending', userId: null, queueId });

    await setAdminShowAll(request, false);
    const { context, page } = await signedIn(browser, USERS.admin);
    const showAll = page.getByTestId('show-all');
    await expect(page.getByRole('checkbox', { name: 'Atendimentos de todos' })).toHaveAttribute(
      'data-testid',
      'show-all',
    );
    await expect(showAll).not.toBeChecked();
    await expect(rowIn(page, 'open', mine)).toBeVisible();
    await expect(rowIn(page, 'open', hers)).toHaveCount(0);
    // The customer waiting in a queue the admin is not in is theirs to see under all queues (spec part 1 §6).
    await openPending(page);
    await expect(rowIn(page, 'pending', queued)).toContainText(`Outra fila ${tag}`);

    // The switch's label takes the click (its input is drawn over by the track).
    const toggle = showAll.locator('xpath=..');
    const saved = page.waitForResponse(
      (r) => /\/api\/users\/\d+$/.test(r.url()) && r.request().method() === 'PUT',
    );
    await toggle.click();
    await expect(showAll).toBeChecked();
    expect((await saved).ok()).toBe(true);
    await page.getByTestId('subtab-open').click();
    await expect(rowIn(page, 'open', hers)).toContainText(`Bruna ${tag}`);
    await expect(rowIn(page, 'open', mine)).toBeVisible();
    await context.close();

    // Remembered on the server: a new sign-in, in a fresh browser, finds it on; switched off, it is off again.
    const again = await signedIn(browser, USERS.admin);
    const switchAgain = again.page.getByTestId('show-all');
    await expect(switchAgain).toBeChecked();
    await expect(rowIn(again.page, 'open', hers)).toContainText(`Bruna ${tag}`);
    await switchAgain.locator('xpath=..').click();
    await expect(switchAgain).not.toBeChecked();
    await expect(rowIn(again.page, 'open', hers)).toHaveCount(0);
    await expect(rowIn(again.page, 'open', mine)).toBeVisible();
    await again.context.close();
  } finally {
    // Leave nothing open or queued behind for the specs that run later (and no queue: Accept would ask for one).
    for (const id of made)
      await request.put(`/api/tickets/${id}`, { headers: auth, data: { status: 'closed' } });
    expect((await request.delete(`/api/queue/${queueId}`, { headers: auth })).status()).toBe(204);
  }
});
