import { expect, test } from '@playwright/test';
import { adminToken, createAttendant, findTicket, headerMenu, signedIn, uniqueTag } from './attendance';
import { fakeWhatsapp } from './fake-whatsapp';

// A WhatsApp LID mapped late (issue 13, identity): a person wrote from a LID nobody had mapped and from their number;
// when the session learns the two are one (the fake WhatsApp's merge route, ConversationsPort.mergeContact), the
// attendant holding the number's ticket sees the LID conversation's messages arrive in it without reopening it, and
// the contact beside it is read again: blocked, as the LID contact was.

test('a merge through WhatsApp shows the moved messages in the open conversation and carries the block', async ({
  browser,
  request,
}) => {
  const token = await adminToken(request);
  const auth = { authorization: `Bearer ${token}` };
  const connection = await fakeWhatsapp(request, token);
  const tag = uniqueTag();
  const digits = String(Date.now()).slice(-8);
  const LID = `1000000${digits}`;
  const NUMBER = `55119${digits}`;
  const says = async (from: string, name: string, body: string) => {
    const res = await request.post(`/test-channel/${connection.token}/inbound`, {
      data: { externalId: `e2e-merge-${tag}-${body.length}-${from}`, from: { id: from, name }, body },
    });
    expect(res.status()).toBe(201);
  };
  const byLid = `Escrevi pelo LID ${tag}`;
  const byNumber = `Agora pelo número ${tag}`;
  await says(LID, `Bia LID ${tag}`, byLid);
  await says(NUMBER, `Bia ${tag}`, byNumber);
  const ticket = await findTicket(request, token, `Bia ${tag}`);

  // The LID contact was blocked by someone (after it wrote: a blocked contact's messages are refused).
  const lid = await request.get('/api/contacts', {
    headers: auth,
    params: { searchParam: `Bia LID ${tag}` },
  });
  const [lidContact] = (await lid.json()).contacts as { id: number }[];
  expect(
    (
      await request.put(`/api/contacts/block/${lidContact.id}`, { headers: auth, data: { active: false } })
    ).ok(),
  ).toBe(true);

  const rita = await createAttendant(request, token, { name: `Rita Merge ${tag}` });
  const accepted = await request.put(`/api/tickets/${ticket.id}`, {
    headers: auth,
    data: { status: 'open', userId: rita.id },
  });
  expect(accepted.ok()).toBe(true);

  const { context, page } = await signedIn(browser, rita);
  await page.goto(`/tickets/${ticket.uuid}`);
  await expect(page.locator('.message--them', { hasText: byNumber })).toBeVisible();
  await expect(page.locator('.message--them', { hasText: byLid })).toHaveCount(0);
  await headerMenu(page, 'header-contact');
  const drawer = page.getByTestId('contact-drawer');
  await expect(drawer.getByTestId('contact-drawer-block')).toHaveText('Bloquear');

  // WhatsApp tells the session the LID is this number: the attended ticket stays and the LID's messages move in.
  const merged = await request.post(`/test-channel/${connection.token}/merge`, {
    data: { alias: LID, id: NUMBER },
  });
  expect(merged.ok()).toBe(true);
  expect(await merged.json()).toMatchObject({ outcome: 'merged' });

  // Shown without reopening: the moved message, before the number's (it was written first), and the block.
  const lidMessage = page.locator('.message--them', { hasText: byLid });
  await expect(lidMessage).toBeVisible();
  await expect(page.locator('.message--them', { hasText: byNumber })).toBeVisible();
  const order = await page
    .locator('.message--them')
    .allTextContents()
    .then((texts) => texts.filter((t) => t.includes(tag)).map((t) => (t.includes('LID') ? 'lid' : 'number')));
  expect(order).toEqual(['lid', 'number']);
  await expect(drawer.getByTestId('contact-drawer-block')).toHaveText('Desbloquear');
  await expect(page).toHaveURL(new RegExp(`/tickets/${ticket.uuid}$`));
  await context.close();

  // The fake's merge route refuses what is not a pair of ids, with the field named.
  const refused = await request.post(`/test-channel/${connection.token}/merge`, { data: { alias: LID } });
  expect(refused.status()).toBe(400);
});
