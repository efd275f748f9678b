import { expect, test } from '@playwright/test';
import { adminToken, findTicket, openVisitorPage, seededWebchat, signedIn } from './attendance';
import { shot, USERS } from './helpers';

/** The datetime-local value `seconds` from now, in the browser's zone (the spec's browsers run in the machine's). */
function secondsAhead(seconds: number): string {
  const d = new Date(Date.now() + seconds * 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

test('a message scheduled a little ahead reaches a web chat visitor, and the row says it was sent', async ({
  browser,
  request,
}) => {
  // The send waits for its time and the job runner's next pass (up to 5 s): more than the default budget on a busy box.
  test.setTimeout(150_000);
  const token = await adminToken(request);
  const channelToken = await seededWebchat(request, token);
  const name = `Clara ${Date.now()}`;
  const visitor = await openVisitorPage(browser, channelToken, name);
  await visitor.say('Podem me lembrar da consulta?');
  const ticket = (await findTicket(request, token, name)) as unknown as {
    id: number;
    uuid: string;
    contactId: number;
  };

  const admin = await signedIn(browser, USERS.admin);
  const page = admin.page;
  // ?contactId= opens the form for that contact.
  await page.goto(`/schedules?contactId=${ticket.contactId}`);
  const form = page.getByTestId('schedule-form');
  // A full page load fetches the shell and the plugins' UI again: slow while the machine is busy.
  await expect(form).toBeVisible({ timeout: 40_000 });
  await expect(form.getByTestId('schedule-contact')).toHaveValue(String(ticket.contactId));
  // The form's own rule first: too short.
  await form.getByTestId('schedule-body').fill('Oi');
  await form.getByTestId('schedule-save').click();
  await expect(form.getByTestId('schedule-error-body')).toHaveText('Mensagem muito curta');

  const body = 'Lembrete: sua consulta é amanhã às 10h';
  await form.getByTestId('schedule-body').fill(body);
  await form.getByTestId('schedule-send-at').fill(secondsAhead(6));
  await form.getByTestId('schedule-save').click();
  await expect(form).toHaveCount(0);

  const row = page.getByTestId('schedules-table').locator('tr', { hasText: name });
  await expect(row).toContainText('Lembrete: sua consulta é ...');
  await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/);
  // The send job runs at the time: the visitor gets it, and the row turns to sent live.
  await expect(visitor.page.getByText(body)).toBeVisible({ timeout: 30_000 });
  await expect(row.getByTestId('schedule-status')).toHaveText('Enviada');
  await shot(page, 'schedules-sent');

  // The composer offers "schedule a message" too: the form opens for the ticket's contact with what was typed.
  const auth = { authorization: `Bearer ${token}` };
  const me = (await (await request.get('/api/auth/me', { headers: auth })).json()) as { id: number };
  const opened = await request.put(`/api/tickets/${ticket.id}`, {
    headers: auth,
    data: { status: 'open', userId: me.id },
  });
  expect(opened.ok()).toBe(true);
  await page.goto(`/tickets/${ticket.uuid}`);
  await expect(page.getByTestId('composer-input')).toBeVisible({ timeout: 40_000 });
  await page.getByTestId('composer-input').fill('Retorno amanhã cedo');
  await page.getByTestId('schedules-composer-button').click();
  const fromComposer = page.getByTestId('schedule-form');
  await expect(fromComposer).toBeVisible({ timeout: 40_000 });
  await expect(fromComposer.getByTestId('schedule-contact')).toHaveValue(String(ticket.contactId));
  await expect(fromComposer.getByTestId('schedule-body')).toHaveValue('Retorno amanhã cedo');
  await page.keyboard.press('Escape');
  await expect(fromComposer).toHaveCount(0);
  await admin.context.close();
  await visitor.context.close();
});
