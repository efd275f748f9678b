import { expect, test } from '@playwright/test';
import { adminToken, createWebchat, openPending, signedIn, visitorSays } from './attendance';
import { setTheme, shot, USERS } from './helpers';

test('the contact drawer: switches, tags, block and unblock, ticket notes', async ({ browser, request }) => {
  const token = await adminToken(request);
  const auth = { authorization: `Bearer ${token}` };
  const channel = await createWebchat(request, token);
  const tagName = `VIP ${Date.now() % 100_000}`;
  expect(
    (await request.post('/api/tags', { headers: auth, data: { name: tagName, color: '#8e24aa' } })).ok(),
  ).toBe(true);
  const visitor = { id: `drawer-${Date.now()}`, name: `Cliente Gaveta ${Date.now() % 100_000}` };
  await visitorSays(request, channel, visitor, 'Quero falar sobre minha conta');

  const { context, page } = await signedIn(browser, USERS.admin);
  await openPending(page);
  await page
    .locator('[data-status="pending"]', { hasText: visitor.name })
    .getByTestId('ticket-accept')
    .click();
  await expect(page.getByTestId('composer-input')).toBeEnabled();
  const openDrawer = async () => {
    await page.getByTestId('header-more').click();
    await page.getByTestId('header-contact').click();
  };
  await openDrawer();
  const drawer = page.getByTestId('contact-drawer');
  await expect(drawer).toContainText(visitor.name);

  // Switches persist on the server.
  const disableBot = drawer.getByTestId('contact-disable-bot');
  await drawer.getByText('Desabilitar chatbot').click();
  await expect(disableBot).toBeChecked();

  // Tags: pick one from the menu; it shows on the drawer.
  await drawer.getByTestId('contact-tags-edit').click();
  await page.getByTestId('contact-tags-menu').getByText(tagName).click();
  await page.keyboard.press('Escape');
  await expect(drawer.getByTestId('contact-tag')).toHaveText([tagName]);

  // Block and unblock, each with its toast.
  await drawer.getByTestId('contact-drawer-block').click();
  await expect(page.getByText('Contato bloqueado')).toBeVisible();
  await drawer.getByTestId('contact-drawer-block').click();
  await expect(page.getByText('Contato desbloqueado')).toBeVisible();

  // Notes: one character is refused next to the field; a real note is added, then deleted.
  await drawer.getByTestId('note-input').fill('x');
  await drawer.getByTestId('note-add').click();
  await expect(drawer).toContainText('mínimo de 2 caracteres');
  await drawer.getByTestId('note-input').fill('Cliente prefere contato pela manhã');
  await drawer.getByTestId('note-add').click();
  await expect(page.getByText('Observação adicionada com sucesso!')).toBeVisible();
  await expect(drawer.getByTestId('note')).toHaveCount(1);
  await expect(drawer.getByTestId('note')).toContainText('Cliente prefere contato pela manhã');
  // Day/month/year and a 24-hour clock in every language (spec part 1 §9), not the browser's short English form.
  await expect(drawer.getByTestId('note')).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  await shot(page, 'contact-drawer-light-wide');
  await setTheme(page, 'dark');
  await shot(page, 'contact-drawer-dark-wide');
  await setTheme(page, 'light');

  // After a reload everything is still there: the server kept it.
  await page.reload();
  await openDrawer();
  await expect(disableBot).toBeChecked();
  await expect(drawer.getByTestId('contact-tag')).toHaveText([tagName]);
  await drawer.getByTestId('note-delete').click();
  await expect(page.getByText('Observação excluída com sucesso!')).toBeVisible();
  await expect(drawer.getByTestId('note')).toHaveCount(0);
  await context.close();
});
