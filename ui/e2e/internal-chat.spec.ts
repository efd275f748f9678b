import { expect, test } from '@playwright/test';
import { adminToken, createAttendant, signedIn } from './attendance';
import { shot, USERS } from './helpers';

// Spec part 2 §2 "Internal chat": two users of the company talk live — the owner makes a chat, the other hears it
// in the top bar, opens it from there, answers; only the owner edits, and a member taken out loses the chat at once.

test('two users chat live: the top-bar count, the conversation, owner-only edits', async ({
  browser,
  request,
}) => {
  // Two signed-in browsers and a whole journey: on a busy 2-core machine a step can take seconds.
  test.setTimeout(180_000);
  const token = await adminToken(request);
  const bruna = await createAttendant(request, token);
  // A second member for when Bruna is taken out (a chat needs one besides its owner); she never signs in.
  const carla = await createAttendant(request, token, { name: 'Carla Atendente' });
  const title = `Equipe ${Date.now() % 100_000}`;

  const admin = await signedIn(browser, USERS.admin);
  const other = await signedIn(browser, bruna);
  const owner = admin.page;
  const member = other.page;

  // The owner makes the chat with Bruna.
  await owner.getByTestId('menu-/chats').click();
  await expect(owner).toHaveURL(/\/chats$/);
  await owner.getByTestId('chat-new').click();
  const dialog = owner.getByTestId('chat-dialog');
  await dialog.getByTestId('chat-title').fill(title);
  // Save waits for a member.
  await expect(dialog.getByTestId('chat-save')).toBeDisabled();
  await dialog.getByTestId(`chat-user-${bruna.id}`).click();
  await dialog.getByTestId('chat-save').click();
  await expect(owner).toHaveURL(/\/chats\/[0-9a-f-]{36}$/);
  const uuid = owner.url().split('/').pop() as string;

  // A formatted message; Bruna's top bar counts it without a reload.
  await owner.getByTestId('chat-input').fill('*Bom dia*, Bruna!');
  await owner.keyboard.press('Enter');
  await expect(owner.getByTestId('chat-message').last()).toContainText('Bom dia, Bruna!');
  await expect(member.getByTestId('chat-popover-unread')).toHaveText('1');

  // She opens it from the popover: the message is there, bold, and her count goes back to 0.
  await member.getByTestId('chat-popover-button').click();
  await member.getByTestId('chat-popover').getByText(title).click();
  await expect(member).toHaveURL(new RegExp(`/chats/${uuid}$`));
  const received = member.getByTestId('chat-message').last();
  await expect(received.locator('strong')).toHaveText('Bom dia');
  await expect(member.getByTestId('chat-popover-unread')).toHaveCount(0);
  await expect(member.getByTestId('chat-popover-button')).toHaveAttribute('data-unread', '0');

  // She answers; the owner sees it live. Edit and delete are the owner's only.
  await member.getByTestId('chat-input').fill('Bom dia! Tudo certo por aqui.');
  await member.getByTestId('chat-send').click();
  await expect(owner.getByTestId('chat-message').last()).toContainText('Tudo certo por aqui.');
  const memberRow = member.getByTestId('chat-list').locator('li', { hasText: title });
  await expect(memberRow.getByTestId('chat-edit')).toHaveCount(0);
  await expect(memberRow.getByTestId('chat-delete')).toHaveCount(0);
  await shot(owner, 'internal-chat-light-wide');

  // On a narrow screen the page has two tabs.
  await member.setViewportSize({ width: 420, height: 860 });
  await member.getByTestId('chat-tab-chats').click();
  await expect(member.getByTestId('chat-list').getByText(title)).toBeVisible();
  await member.setViewportSize({ width: 1400, height: 860 });

  // The owner takes her out: the chat leaves her screen at once.
  const ownerRow = owner.getByTestId('chat-list').locator('li', { hasText: title });
  await ownerRow.getByTestId('chat-edit').click();
  await owner.getByTestId('chat-dialog').getByTestId(`chat-user-${bruna.id}`).click();
  await expect(owner.getByTestId('chat-save')).toBeDisabled();
  await owner.getByTestId('chat-dialog').getByTestId('chat-title').fill(`${title} N2`);
  await owner.getByTestId(`chat-user-${carla.id}`).click();
  await owner.getByTestId('chat-save').click();
  await expect(member).toHaveURL(/\/chats$/);
  await expect(member.getByTestId('chat-list').getByText(title)).toHaveCount(0);

  await admin.context.close();
  await other.context.close();
});
