import { expect, type Page, test } from '@playwright/test';
import {
  adminToken,
  createAttendant,
  findTicket,
  openPending,
  rowIn,
  seededWebchat,
  signedIn,
  uniqueTag,
  visitorSays,
} from './attendance';
import { randomColor } from './queues';

// Spec part 1 §4 "Users, contacts, queues lists update on create/update/delete events", and §2: a ticket row shows its
// contact's name and tags (the first, plus how many more), the conversation header the contact's name. An admin
// changes a contact, a queue and an attendant in one browser; the other screens follow without a reload.

/** The names the list's queue select offers (its menu opened, then closed again). */
async function queueChoices(page: Page): Promise<string> {
  await page.getByTestId('queue-select').click();
  const menu = page.getByTestId('queue-select-menu');
  await expect(menu).toBeVisible();
  const text = await menu.innerText();
  await page.getByTestId('queue-select').click();
  await expect(menu).toBeHidden();
  return text;
}

test("a contact's new name and tags, a new queue and an attendant's new queues reach the other screens live", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = uniqueTag();
  const token = await adminToken(request);
  const auth = { authorization: `Bearer ${token}` };
  const name = `Vivo Contato ${tag}`;
  const renamed = `Vivo Renomeado ${tag}`;
  await visitorSays(request, await seededWebchat(request, token), { id: `live-cqu-${tag}`, name }, 'Olá');
  const ticket = await findTicket(request, token, name);
  const tagNames = [`Atacado ${tag}`, `VIP ${tag}`];
  const tagIds: number[] = [];
  for (const tagName of tagNames) {
    const res = await request.post('/api/tags', {
      headers: auth,
      data: { name: tagName, color: randomColor() },
    });
    expect(res.ok()).toBe(true);
    tagIds.push(((await res.json()) as { id: number }).id);
  }
  const editor = await createAttendant(request, token, { name: 'Edite Vivo', profile: 'admin' });
  const bruna = await createAttendant(request, token, { name: `Bruna Vivo ${tag}`, queueIds: [] });
  let queueId: number | null = null;

  // The admin's tab on the conversation, the attendant on the Pending list, the admin's other tab on the contacts.
  const watcher = await signedIn(browser, editor);
  const attendant = await signedIn(browser, bruna);
  try {
    await watcher.page.goto(`/tickets/${ticket.uuid}`);
    await expect(watcher.page.getByTestId('conversation-name')).toContainText(name);
    await expect(watcher.page.getByTestId('realtime-status')).toHaveAttribute('data-realtime', 'ready');
    await openPending(attendant.page);
    const attendantRow = rowIn(attendant.page, 'pending', ticket.id);
    await expect(attendantRow.getByTestId('ticket-row-name')).toHaveText(name);
    await expect(attendantRow.getByTestId('ticket-row-contact-tag')).toHaveCount(0);
    expect(await queueChoices(attendant.page)).toContain('Nenhuma fila ainda');

    const editing = await watcher.context.newPage();
    await editing.goto('/contacts');
    await expect(editing.getByTestId('contacts-screen')).toBeVisible();
    await editing.getByTestId('contacts-search').fill(name);
    const contactRow = editing.locator(`[data-name="${name}"]`);
    await contactRow.getByTestId('contact-edit').click();
    await editing.getByTestId('contact-name').fill(renamed);
    for (const tagName of tagNames) {
      await editing.getByTestId('contact-tag-input').fill(tagName.slice(0, 5));
      await editing.getByTestId('contact-tag-options').getByText(tagName).click();
    }
    await expect(editing.getByTestId('contact-dialog-tag')).toHaveText(tagNames);
    await editing.getByTestId('contact-save').click();
    await expect(editing.getByTestId('contact-form')).toBeHidden();

    // The row: the new name, the first tag by name and the count of the others; the header: the new name.
    await expect(attendantRow.getByTestId('ticket-row-name')).toHaveText(renamed);
    await expect(attendantRow.getByTestId('ticket-row-contact-tag')).toHaveText(`${tagNames[0]} +1`);
    await expect(watcher.page.getByTestId('conversation-name')).toContainText(renamed);
    const watcherRow = rowIn(watcher.page, 'pending', ticket.id);
    await watcher.page.getByTestId('subtab-pending').click();
    await expect(watcherRow.getByTestId('ticket-row-name')).toHaveText(renamed);
    await expect(watcherRow.getByTestId('ticket-row-contact-tag')).toHaveText(`${tagNames[0]} +1`);

    // A tag renamed elsewhere: both rows show its new name at once.
    const tagRenamed = `Atacado Novo ${tag}`;
    const put = await request.put(`/api/tags/${tagIds[0]}`, { headers: auth, data: { name: tagRenamed } });
    expect(put.ok(), await put.text()).toBe(true);
    await expect(attendantRow.getByTestId('ticket-row-contact-tag')).toHaveText(`${tagRenamed} +1`);
    await expect(watcherRow.getByTestId('ticket-row-contact-tag')).toHaveText(`${tagRenamed} +1`);

    // A new queue: offered at once in the admin's queue select.
    const queueName = `Fila Viva ${tag}`;
    const created = await watcher.page.request.post('/api/queue', {
      headers: auth,
      data: { name: queueName, color: randomColor() },
    });
    expect(created.status()).toBe(201);
    queueId = ((await created.json()) as { id: number }).id;
    await expect.poll(() => queueChoices(watcher.page)).toContain(queueName);

    // A waiting ticket in that queue: not the attendant's to see yet.
    const queued = `Vivo Na Fila ${tag}`;
    await visitorSays(
      request,
      await seededWebchat(request, token),
      { id: `live-cqq-${tag}`, name: queued },
      'Oi',
    );
    const inQueue = await findTicket(request, token, queued);
    expect((await request.put(`/api/tickets/${inQueue.id}`, { headers: auth, data: { queueId } })).ok()).toBe(
      true,
    );
    const queuedRow = rowIn(attendant.page, 'pending', inQueue.id);
    await expect(queuedRow).toHaveCount(0);

    // The attendant is given the queue: their session, hence their queue select, has it at once, and their list
    // shows the queue's waiting ticket (no ticket event says so: the list is read again for the new access).
    const given = await watcher.page.request.put(`/api/users/${bruna.id}`, {
      headers: auth,
      data: { queueIds: [queueId] },
    });
    expect(given.ok()).toBe(true);
    await expect.poll(() => queueChoices(attendant.page)).toContain(queueName);
    expect(await queueChoices(attendant.page)).not.toContain('Nenhuma fila ainda');
    await expect(queuedRow).toBeVisible();

    // Renamed: both screens show the new name (the attendant's through their session's queues).
    const queueRenamed = `Fila Nova ${tag}`;
    const color = randomColor();
    const renamedQueue = await watcher.page.request.put(`/api/queue/${queueId}`, {
      headers: auth,
      data: { name: queueRenamed, color },
    });
    expect(renamedQueue.ok()).toBe(true);
    await expect.poll(() => queueChoices(attendant.page)).toContain(queueRenamed);
    await expect.poll(() => queueChoices(watcher.page)).toContain(queueRenamed);

    // Removed: gone from both.
    const removed = await watcher.page.request.delete(`/api/queue/${queueId}`, { headers: auth });
    expect(removed.status()).toBe(204);
    queueId = null;
    await expect.poll(() => queueChoices(attendant.page)).not.toContain(queueRenamed);
    await expect.poll(() => queueChoices(watcher.page)).not.toContain(queueRenamed);

    // The contact removed: its ticket leaves the list, and the open conversation goes back to the list.
    const read = await request.get(`/api/tickets/${ticket.id}`, { headers: auth });
    const { contactId } = (await read.json()) as { contactId: number };
    expect((await request.delete(`/api/contacts/${contactId}`, { headers: auth })).status()).toBe(204);
    await expect(attendantRow).toHaveCount(0);
    await expect(watcher.page).toHaveURL(/\/tickets$/);
  } finally {
    if (queueId !== null) await request.delete(`/api/queue/${queueId}`, { headers: auth });
    await watcher.context.close();
    await attendant.context.close();
  }
});
