import { expect, test } from '@playwright/test';
import {
  adminToken,
  createAttendant,
  createWebchat,
  findTicket,
  openVisitorPage,
  signedIn,
  uniqueTag,
} from './attendance';
import { shot } from './helpers';

// Issue 15, the closing rating (docs/automation.md): with userRating on, an attendant's close with farewell asks the
// contact for a 0–10 rating; the ticket waits (status nps) until the answer closes it, and its row shows the emoji.
// The rules themselves are proved in core/src/modules/automation/rating.int.test.ts.

test('an attendant resolves with farewell, the visitor is asked for a rating, answers 10, and the closed row shows 😍', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000); // two browsers and a whole attendance: 45 s ran out on a busy machine
  const token = await adminToken(request);
  const auth = { authorization: `Bearer ${token}` };
  const setRating = async (value: 'enabled' | 'disabled') =>
    expect((await request.put('/api/settings/userRating', { headers: auth, data: { value } })).ok()).toBe(
      true,
    );
  const tag = uniqueTag();
  const name = `Avaliação ${tag}`;
  const channelToken = await createWebchat(request, token, {
    ratingMessage: 'De 0 a 10, como foi o atendimento, {{firstName}}?',
    complationMessage: 'Obrigado pela nota! Até logo.',
  });
  const bruna = await createAttendant(request, token, { name: `Bruna ${tag}` });
  await setRating('enabled');
  const visitor = await openVisitorPage(browser, channelToken, name);
  const b = await signedIn(browser, bruna);
  try {
    await visitor.say('Oi, preciso de ajuda');
    const ticket = await findTicket(request, token, name);
    const accepted = await request.put(`/api/tickets/${ticket.id}`, {
      headers: auth,
      data: { status: 'open', userId: bruna.id },
    });
    expect(accepted.ok()).toBe(true);

    await b.page.getByTestId(`ticket-row-${ticket.id}`).getByTestId('ticket-row-name').click();
    await b.page.getByTestId('header-resolve').click();
    await b.page.getByTestId('resolve-with').click();

    // Resolving leaves the conversation; the visitor is asked.
    await expect(b.page).toHaveURL(/\/tickets$/);
    await expect(
      visitor.page.getByText(`De 0 a 10, como foi o atendimento, ${name.split(' ')[0]}?`),
    ).toBeVisible({
      timeout: 15_000,
    });
    // The message states its scale: the platform adds no second one, only how to go back to the attendant.
    await expect(visitor.page.getByText('Envie uma nota de 0 a 10')).toHaveCount(0);
    await expect(visitor.page.getByText('para voltar ao atendimento')).toBeVisible();
    // The ticket waits in no Open list; opened again, it says why nobody can write in it.
    await expect(b.page.getByTestId(`ticket-row-${ticket.id}`)).toHaveCount(0);
    await b.page.goto(`/tickets/${ticket.uuid}`);
    await expect(b.page.getByTestId('conversation-status')).toHaveText('Aguardando avaliação');
    await expect(b.page.getByTestId('composer-disabled')).toContainText('avaliar o atendimento');
    await shot(b.page, 'rating-waiting');

    // Not visitor.say: its check would find '10' in the question too.
    await visitor.page.getByTestId('webchat-input').fill('10');
    await visitor.page.keyboard.press('Enter');
    await expect(visitor.page.getByText('Obrigado pela nota! Até logo.')).toBeVisible({ timeout: 15_000 });
    // Closed by the answer: it is in the Resolved tab with the visitor's mood.
    await b.page.getByTestId('tab-closed').click();
    const row = b.page.getByTestId(`ticket-row-${ticket.id}`);
    await expect(row.getByTestId('ticket-row-rating')).toHaveText('😍', { timeout: 15_000 });
    await shot(b.page, 'rating-closed-row');
  } finally {
    // Company 1's settings are every spec's: a close with farewell elsewhere must close at once.
    await setRating('disabled');
    await visitor.context.close();
    await b.context.close();
  }
});
