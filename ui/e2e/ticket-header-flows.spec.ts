import { expect, test } from '@playwright/test';
import {
  adminToken,
  createAttendant,
  findTicket,
  headerMenu,
  openPending,
  rowIn,
  seededWebchat,
  signedIn,
  uniqueTag,
  visitorSays,
} from './attendance';
import { USERS } from './helpers';

// Spec part 1 §2 and §4, the conversation header's flows: the ticket log, Reopen, the "already with another user"
// notice and Delete. Tickets come from web chat visitors on the seeded connection; the company has no queues here.

test('the ticket log lists the accept and the transfer, in the reader’s language', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000); // three browsers
  const token = await adminToken(request);
  const tag = uniqueTag();
  const bruna = await createAttendant(request, token, { name: `Bruna ${tag}` });
  const carla = await createAttendant(request, token, { name: `Carla ${tag}` });
  const name = `Histórico ${tag}`;
  await visitorSays(request, await seededWebchat(request, token), { id: `log-${tag}`, name }, 'Meu pedido?');
  const ticket = await findTicket(request, token, name);

  // Bruna accepts it and hands it to Carla.
  const b = await signedIn(browser, bruna);
  await openPending(b.page);
  await rowIn(b.page, 'pending', ticket.id).getByTestId('ticket-accept').click();
  await expect(b.page).toHaveURL(new RegExp(`/tickets/${ticket.uuid}$`));
  await headerMenu(b.page, 'header-transfer');
  await b.page.getByTestId('transfer-user').fill(`Carla ${tag}`);
  await b.page
    .getByRole('dialog')
    .getByRole('menuitem', { name: `Carla ${tag}` })
    .click();
  await b.page.getByTestId('transfer-confirm').click();
  await expect(b.page).toHaveURL(/\/tickets$/);

  // Carla opens it from her Assigned list and reads its history, in Portuguese.
  const c = await signedIn(browser, carla);
  await rowIn(c.page, 'open', ticket.id).getByTestId('ticket-row-name').click();
  await expect(c.page).toHaveURL(new RegExp(`/tickets/${ticket.uuid}$`));
  await headerMenu(c.page, 'header-log');
  const dialog = c.page.getByRole('dialog');
  await expect(dialog).toContainText('Histórico do ticket');
  // Opening the conversation is logged too (once per attendant every few minutes).
  await expect(dialog.locator('.ticket-log__text')).toHaveText([
    'Ticket criado',
    `Aceito por Bruna ${tag} (Sem fila)`,
    `Acessado por Bruna ${tag}`,
    `Transferido por Bruna ${tag}`,
    `Recebido por Carla ${tag} (Sem fila)`,
    `Acessado por Carla ${tag}`,
  ]);
  await expect(dialog.locator('time')).toHaveCount(6);

  // A supervisor who reads English (allTicket: sees every ticket) sees the same entries in English.
  const dana = await createAttendant(request, token, {
    name: `Dana ${tag}`,
    language: 'en',
    allTicket: 'enable',
  });
  const reader = await signedIn(browser, dana, 1400, { locale: 'en' });
  await reader.page.goto(`/tickets/${ticket.uuid}`);
  await headerMenu(reader.page, 'header-log');
  await expect(reader.page.getByRole('dialog').locator('.ticket-log__text')).toHaveText([
    'Ticket created',
    `Accepted by Bruna ${tag} (No queue)`,
    `Opened by Bruna ${tag}`,
    `Transferred by Bruna ${tag}`,
    `Received by Carla ${tag} (No queue)`,
    `Opened by Carla ${tag}`,
    `Opened by Dana ${tag}`,
  ]);

  await b.context.close();
  await c.context.close();
  await reader.context.close();
});

test('Reopen puts a closed ticket back in the attendant’s Assigned list, open', async ({
  browser,
  request,
}) => {
  const token = await adminToken(request);
  const auth = { authorization: `Bearer ${token}` };
  const tag = uniqueTag();
  const bruna = await createAttendant(request, token, { name: `Bruna ${tag}` });
  const name = `Reabrir ${tag}`;
  await visitorSays(request, await seededWebchat(request, token), { id: `reopen-${tag}`, name }, 'Oi');
  const ticket = await findTicket(request, token, name);
  // Bruna served it earlier and it was closed.
  for (const data of [{ status: 'open', userId: bruna.id }, { status: 'closed' }]) {
    expect((await request.put(`/api/tickets/${ticket.id}`, { headers: auth, data })).ok()).toBe(true);
  }

  const b = await signedIn(browser, bruna);
  await expect(rowIn(b.page, 'open', ticket.id)).toHaveCount(0);
  await b.page.getByTestId('tab-closed').click();
  await b.page.getByTestId(`ticket-row-${ticket.id}`).getByTestId('ticket-row-name').click();
  await expect(b.page.getByTestId('conversation-status')).toHaveText('Resolvido');
  await expect(b.page.getByTestId('composer-disabled')).toBeVisible();
  await b.page.getByTestId('header-reopen').click();

  // Open again and hers: the Open tab's Assigned list has it, and she can write.
  await expect(b.page.getByTestId('conversation-status')).toHaveText('Aberto');
  await expect(b.page.getByTestId('header-reopen')).toHaveCount(0);
  await expect(b.page.getByTestId('composer-input')).toBeEnabled();
  await b.page.getByTestId('tab-open').click();
  await expect(b.page.getByTestId('subtab-open')).toHaveAttribute('aria-selected', 'true');
  await expect(rowIn(b.page, 'open', ticket.id)).toContainText(name);
  await b.page.getByTestId('tab-closed').click();
  await expect(b.page.getByTestId(`ticket-row-${ticket.id}`)).toHaveCount(0);
  await b.context.close();
});

test('an attendant who accepts a ticket another took meanwhile is told who has it', async ({
  browser,
  request,
}) => {
  const token = await adminToken(request);
  const tag = uniqueTag();
  const ana = await createAttendant(request, token, { name: `Ana ${tag}` });
  const bia = await createAttendant(request, token, { name: `Bia ${tag}` });
  const name = `Disputado ${tag}`;
  await visitorSays(request, await seededWebchat(request, token), { id: `race-${tag}`, name }, 'Alguém?');
  const ticket = await findTicket(request, token, name);

  // Bia's screen falls behind: from `held` on, her socket does not pass on this ticket's events.
  let held = false;
  const a = await signedIn(browser, ana);
  const b = await signedIn(browser, bia, 1400, {
    prepare: async (context) => {
      await context.routeWebSocket(/\/ws/, (ws) => {
        const server = ws.connectToServer();
        ws.onMessage((frame) => server.send(frame));
        server.onMessage((frame) => {
          const data = JSON.parse(String(frame)).data ?? {};
          if (held && (data.ticketId === ticket.id || data.ticket?.id === ticket.id)) return;
          ws.send(frame);
        });
      });
    },
  });
  await openPending(a.page);
  await openPending(b.page);
  await expect(rowIn(b.page, 'pending', ticket.id)).toBeVisible();
  held = true;

  // Ana takes it; Bia still sees it waiting and clicks Accept.
  await rowIn(a.page, 'pending', ticket.id).getByTestId('ticket-accept').click();
  await expect(a.page).toHaveURL(new RegExp(`/tickets/${ticket.uuid}$`));
  const stale = rowIn(b.page, 'pending', ticket.id);
  await expect(stale).toBeVisible();
  await stale.getByTestId('ticket-accept').click();

  const notice = b.page.getByTestId('other-user-dialog');
  await expect(notice).toContainText('Este ticket já está aberto com outro atendente.');
  await expect(notice).toContainText(`Ana ${tag}`);
  await expect(notice).toContainText('Sem fila');
  await expect(b.page).toHaveURL(/\/tickets$/);
  await b.page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(notice).toHaveCount(0);
  // Still Ana's.
  await expect(a.page.getByTestId('conversation-status')).toHaveText('Aberto');
  await a.context.close();
  await b.context.close();
});

test('an admin deletes a ticket after confirming; it disappears for the attendant serving it, live', async ({
  browser,
  request,
}) => {
  const token = await adminToken(request);
  const tag = uniqueTag();
  const bruna = await createAttendant(request, token, { name: `Bruna ${tag}` });
  const name = `Excluir ${tag}`;
  await visitorSays(request, await seededWebchat(request, token), { id: `delete-${tag}`, name }, 'Tchau');
  const ticket = await findTicket(request, token, name);
  const accepted = await request.put(`/api/tickets/${ticket.id}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { status: 'open', userId: bruna.id },
  });
  expect(accepted.ok()).toBe(true);

  // Bruna has the conversation open; the admin opens it too.
  const b = await signedIn(browser, bruna);
  await rowIn(b.page, 'open', ticket.id).getByTestId('ticket-row-name').click();
  await expect(b.page.getByTestId('conversation-status')).toHaveText('Aberto');
  const admin = await signedIn(browser, USERS.admin);
  await admin.page.goto(`/tickets/${ticket.uuid}`);
  await expect(admin.page.getByTestId('conversation-name')).toContainText(name);

  // Cancel keeps it; confirming deletes it.
  await headerMenu(admin.page, 'header-delete');
  const confirm = admin.page.getByRole('alertdialog');
  await expect(confirm).toContainText('Deseja realmente excluir esse registro?');
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(admin.page).toHaveURL(new RegExp(`/tickets/${ticket.uuid}$`));
  await headerMenu(admin.page, 'header-delete');
  await admin.page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(admin.page.getByText('Ticket excluído com sucesso.')).toBeVisible();
  await expect(admin.page).toHaveURL(/\/tickets$/);

  // Bruna's list drops it and her conversation closes, without a reload.
  await expect(b.page.getByText('Ticket encerrado com sucesso.')).toBeVisible();
  await expect(b.page).toHaveURL(/\/tickets$/);
  await expect(b.page.getByTestId(`ticket-row-${ticket.id}`)).toHaveCount(0);
  const gone = await request.get(`/api/tickets/${ticket.id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(gone.status()).toBe(404);
  await b.context.close();
  await admin.context.close();
});
