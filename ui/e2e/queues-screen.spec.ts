import { expect } from '@playwright/test';
import { adminToken, createAttendant } from './attendance';
import { login, setTheme, shot } from './helpers';
import { test } from './queues';

test('an admin adds, edits and deletes a queue on /queues; colours stay unique', async ({
  page,
  request,
  createQueue,
}) => {
  const tag = Date.now().toString(36);
  // Another queue holds a palette colour: it is offered to no one else.
  const other = await createQueue(`Suporte ${tag}`);
  const token = await adminToken(request);
  const taken = '#00838f';
  const put = await request.put(`/api/queue/${other.id}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { name: other.name, color: taken },
  });
  expect(put.status()).toBe(200);
  const admin = await createAttendant(request, token, {
    name: 'Quitéria Filas',
    profile: 'admin',
    language: 'pt-BR',
  });
  await login(page, admin);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.getByTestId('menu-/queues').click();
  await expect(page).toHaveURL(/\/queues$/);
  const table = page.getByTestId('queues-table');
  await expect(table).toContainText(other.name);

  await page.getByTestId('queues-add').click();
  await expect(page.getByTestId(`queue-color-${taken.slice(1)}`)).toBeDisabled();
  await page.getByTestId('queue-name').fill('V');
  await page.getByTestId('queue-save').click();
  await expect(page.getByText('Muito curto!')).toBeVisible();
  await page.getByTestId('queue-name').fill(`Vendas ${tag}`);
  await page.getByTestId('queue-color-6a1b9a').click();
  await expect(page.getByTestId('queue-color')).toHaveValue('#6a1b9a');
  await page.getByTestId('queue-order').fill('3');
  await page.getByTestId('queue-greeting').fill('Olá! Bem-vindo às vendas.');
  // The bot engines the server registered (the platform tour's two, in a build with the examples) are offered.
  await expect(page.getByTestId('queue-botEngine').locator('option')).toContainText([
    'Nenhum (só robôs voluntários)',
    'Tour FAQ (tour:faq)',
    'Tour greeter (tour:greeter)',
  ]);
  await page.getByTestId('queue-botEngine').selectOption('tour:faq');
  await shot(page, 'queues-dialog-light-wide');
  await page.getByTestId('queue-save').click();
  await expect(page.getByText('Fila criada.')).toBeVisible();
  const row = table.locator('tr', { hasText: `Vendas ${tag}` });
  await expect(row).toContainText('Olá! Bem-vindo às vendas.');
  await expect(row).toContainText('3');

  // A colour typed by hand that another queue uses: the server refuses it, with its message.
  await row.getByRole('button', { name: 'Editar' }).click();
  await expect(page.getByTestId('queue-name')).toHaveValue(`Vendas ${tag}`);
  await expect(page.getByTestId('queue-botEngine')).toHaveValue('tour:faq');
  await page.getByTestId('queue-color').fill(taken);
  await page.getByTestId('queue-save').click();
  await expect(page.getByText('Esta cor já está em uso, escolha outra.')).toBeVisible();
  await page.getByTestId('queue-color-1565c0').click();
  await page.getByTestId('queue-name').fill(`Vendas Sul ${tag}`);
  await page.getByTestId('queue-save').click();
  await expect(page.getByText('Fila salva.')).toBeVisible();
  await expect(table.locator('tr', { hasText: `Vendas Sul ${tag}` })).toBeVisible();
  await setTheme(page, 'dark');
  await shot(page, 'queues-dark-wide');
  await setTheme(page, 'light');

  // Delete, confirmed: the row leaves (queues left behind would make later specs' Accept ask for one).
  const renamed = table.locator('tr', { hasText: `Vendas Sul ${tag}` });
  await renamed.getByRole('button', { name: 'Excluir' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Fila excluída.')).toBeVisible();
  await expect(renamed).toHaveCount(0);
});
