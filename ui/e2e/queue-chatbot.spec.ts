import { expect } from '@playwright/test';
import { adminToken, createAttendant, signedIn } from './attendance';
import { setTheme, shot, USERS } from './helpers';
import { test } from './queues';

// Spec part 2 §2 Queues: chatbot options are nested trees inside the queue modal; the service-hours tab shows only
// when the company keeps hours per queue (scheduleType queue). §5: a level needs a message. §8: 'Bot saved successfully'.

test('an admin builds a queue with a two-level chatbot tree, saves it and finds it again; hours per queue get their tab', async ({
  browser,
  request,
  createQueue,
}) => {
  test.setTimeout(180_000); // a long form filled by hand, reopened, in two themes and widths
  const token = await adminToken(request);
  const auth = { authorization: `Bearer ${token}` };
  const tag = `${Date.now() % 100_000}${Math.random().toString(36).slice(2, 4)}`;
  const scheduleType = (value: string) =>
    request.put('/api/settings/scheduleType', { headers: auth, data: { value } });
  expect((await scheduleType('queue')).ok()).toBe(true);
  const finance = await createQueue(`Financeiro ${tag}`);
  const ana = await createAttendant(request, token, { name: `Ana ${tag}` });
  const name = `Atendimento ${tag}`;
  try {
    const { context, page } = await signedIn(browser, USERS.admin, 1400);
    await page.goto('/queues');
    await page.getByTestId('queues-add').click();
    await page.getByTestId('queue-name').fill(name);
    await page.getByTestId('queue-rotation').check({ force: true });
    await page.getByTestId('queue-rotation-time').selectOption('15');
    // Prompts are the openai plugin's records: a new queue picks none.
    await expect(page.getByTestId('queue-promptId').locator('option:checked')).toHaveText('Nenhuma');

    // The tree: "Boletos" with "Segunda via" under it, an option to the finance queue and one to Ana.
    await page.getByTestId('queue-tab-chatbot').click();
    await expect(page.getByText('Nenhuma opção ainda')).toBeVisible();
    await page.getByTestId('chatbot-add').click();
    await page.getByTestId('chatbot-0-name').fill('Boletos');
    await page.getByTestId('chatbot-0-add').click();
    await page.getByTestId('chatbot-0-0-name').fill('Segunda via');
    await page.getByTestId('chatbot-0-0-message').fill('Enviamos a segunda via por aqui.');
    await page.getByTestId('chatbot-add').click();
    await page.getByTestId('chatbot-1-name').fill('Falar com Ana');
    // Integration hands the conversation to a bot engine the admin selects (file lists have no page yet).
    await expect(page.getByTestId('chatbot-1-type').locator('option')).toHaveText([
      'Texto',
      'Atendente',
      'Fila',
      'Integração',
    ]);
    await page.getByTestId('chatbot-1-type').selectOption('attendent');
    await page.getByTestId('chatbot-1-target').selectOption(String(ana.id));
    await page.getByTestId('chatbot-add').click();
    await page.getByTestId('chatbot-2-name').fill('Fin');
    await page.getByTestId('chatbot-2-type').selectOption('queue');
    await page.getByTestId('chatbot-2-target').selectOption(String(finance.id));
    await page.getByTestId('queue-save').click();
    // Refused where it stands: a level without a message, a name under 4 characters.
    await expect(page.getByTestId('chatbot-0')).toContainText(
      'A mensagem é obrigatória para seguir ao próximo nível',
    );
    await expect(page.getByTestId('chatbot-2')).toContainText('Muito curto!');
    await page.getByTestId('chatbot-0-message').fill('Qual boleto?');
    await page.getByTestId('chatbot-2-name').fill('Falar com o financeiro');
    // Reordered: the finance option goes above Ana's.
    await page.getByTestId('chatbot-2-up').click();
    await expect(page.getByTestId('chatbot-1-name')).toHaveValue('Falar com o financeiro');
    await shot(page, 'queue-chatbot-tree-light-wide');

    // Hours per queue: Monday morning ends at 11:30.
    await page.getByTestId('queue-tab-schedules').click();
    await page.getByTestId('queue-schedules-monday-endTimeA').fill('11:30');
    await page.getByTestId('queue-out-of-hours').fill('Estamos fora do horário.');
    await page.getByTestId('queue-save').click();
    await expect(page.getByText('Bot salvo com sucesso')).toBeVisible();
    const row = page.getByTestId('queues-table').locator('tr', { hasText: name });
    await expect(row).toBeVisible();

    // Opened again (in the dark theme, to look at): the tree, in its order, with its targets; rotation and hours.
    await setTheme(page, 'dark');
    await row.getByRole('button', { name: 'Editar' }).click();
    await expect(page.getByTestId('queue-rotation-time')).toHaveValue('15');
    await page.getByTestId('queue-tab-chatbot').click();
    await expect(page.getByTestId('chatbot-0-name')).toHaveValue('Boletos');
    await expect(page.getByTestId('chatbot-0-message')).toHaveValue('Qual boleto?');
    await expect(page.getByTestId('chatbot-0-0-name')).toHaveValue('Segunda via');
    await expect(page.getByTestId('chatbot-1-target')).toHaveValue(String(finance.id));
    await expect(page.getByTestId('chatbot-2-name')).toHaveValue('Falar com Ana');
    await expect(page.getByTestId('chatbot-2-target')).toHaveValue(String(ana.id));
    await page.getByTestId('queue-tab-schedules').click();
    await expect(page.getByTestId('queue-schedules-monday-endTimeA')).toHaveValue('11:30');
    await page.getByTestId('queue-tab-chatbot').click();
    await shot(page, 'queue-chatbot-tree-dark-wide');
    await page.setViewportSize({ width: 420, height: 860 });
    await shot(page, 'queue-chatbot-tree-dark-narrow');
    await page.setViewportSize({ width: 1400, height: 860 });
    await page.getByTestId('queue-save').click();
    // Toasts last 3000 ms here (spec part 2 §9): the first save's may still show.
    await expect(page.getByText('Bot salvo com sucesso').last()).toBeVisible();
    await setTheme(page, 'light');

    // What the server keeps: the tree, in order, with parents and positions.
    const queues = (await (await request.get('/api/queue', { headers: auth })).json()) as {
      id: number;
      name: string;
    }[];
    const id = queues.find((q) => q.name === name)?.id;
    const saved = await (await request.get(`/api/queue/${id}`, { headers: auth })).json();
    expect(saved).toMatchObject({
      ativarRoteador: true,
      tempoRoteador: 15,
      outOfHoursMessage: 'Estamos fora do horário.',
    });
    expect(saved.schedules[0]).toMatchObject({ weekdayEn: 'monday', endTimeA: '11:30' });
    expect(
      saved.chatbots.map(
        (n: { name: string; position: number; options: { name: string; parentId: number }[] }) => [
          n.name,
          n.position,
          n.options.map((c) => c.name),
        ],
      ),
    ).toEqual([
      ['Boletos', 0, ['Segunda via']],
      ['Falar com o financeiro', 1, []],
      ['Falar com Ana', 2, []],
    ]);
    expect(saved.chatbots[0].options[0].parentId).toBe(saved.chatbots[0].id);

    // Without hours per queue the tab is gone.
    expect((await scheduleType('disabled')).ok()).toBe(true);
    await expect
      .poll(async () => {
        await row.getByRole('button', { name: 'Editar' }).click();
        await expect(page.getByTestId('queue-tab-chatbot')).toBeVisible();
        const tabs = await page.getByTestId('queue-tab-schedules').count();
        await page.getByRole('button', { name: 'Cancelar' }).click();
        return tabs;
      })
      .toBe(0);
    await context.close();
    expect((await request.delete(`/api/queue/${id}`, { headers: auth })).status()).toBe(204);
  } finally {
    expect((await scheduleType('disabled')).ok()).toBe(true);
  }
});
