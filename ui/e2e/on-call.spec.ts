import { expect, test } from '@playwright/test';
import { login, USERS } from './helpers';

// The spec's messages are pt-BR: the browser asks for it.
test.use({ locale: 'pt-BR' });

test('the on-call dialog says what is missing, then the entry is listed with its hours and removed', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await login(page, USERS.admin);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.goto('/plantao');
  await page.getByTestId('on-call-add').click({ timeout: 40_000 });
  const form = page.getByTestId('on-call-form');
  await expect(form).toBeVisible();

  // Nothing filled: the spec's three messages.
  await form.getByTestId('on-call-save').click();
  await expect(form.getByTestId('on-call-error-userId')).toHaveText('Informe o usuário');
  await expect(form.getByTestId('on-call-error-phone')).toHaveText('Informe o telefone');
  await expect(form.getByTestId('on-call-error-days')).toHaveText(
    'Pelo menos um dia da semana deve ter o horário de início e fim preenchido',
  );

  // Times are masked ##:##; an impossible one, or a start without its end, is refused where it was typed.
  await form.getByTestId('on-call-user').selectOption({ index: 1 });
  await form.getByTestId('on-call-phone').fill('5511955550000');
  // The interval starts at 1 (spec part 2 §9); cleared, it is asked for.
  await expect(form.getByTestId('on-call-interval')).toHaveValue('1');
  await form.getByTestId('on-call-interval').fill('');
  await form.getByTestId('on-call-monday-startTime').fill('2500');
  await expect(form.getByTestId('on-call-monday-startTime')).toHaveValue('25:00');
  await form.getByTestId('on-call-save').click();
  await expect(form.getByTestId('on-call-error-days.0.startTime')).toHaveText('Use um horário como 08:30.');
  await expect(form.getByTestId('on-call-error-days.0.endTime')).toHaveText('Obrigatório');
  await expect(form.getByTestId('on-call-error-interval')).toHaveText('Obrigatório');
  await form.getByTestId('on-call-interval').fill('2');

  await form.getByTestId('on-call-monday-startTime').fill('1900');
  await form.getByTestId('on-call-monday-endTime').fill('2300');
  await form.getByTestId('on-call-save').click();
  await expect(form).toHaveCount(0);
  const row = page.getByTestId('on-call-table').locator('tr', { hasText: '5511955550000' });
  await expect(row).toContainText('Segunda-feira - 19:00 às 23:00');
  await expect(row).not.toContainText('Terça-feira');

  await row.getByTestId('on-call-delete').click();
  await expect(page.getByText('Deseja realmente excluir este plantonista?')).toBeVisible();
  await expect(page.getByText('Remover plantonista')).toBeVisible();
  await page.getByRole('button', { name: 'Excluir', exact: true }).last().click();
  await expect(page.getByText('Plantão removido com sucesso')).toBeVisible();
  await expect(row).toHaveCount(0);
});
