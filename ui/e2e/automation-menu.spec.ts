import { expect, test } from '@playwright/test';
import { adminToken, createWebchat } from './attendance';
import { shot } from './helpers';
import { randomColor } from './queues';

// Issue 15: a web chat visitor on a connection with queues is greeted with the numbered queue menu and routed by their
// answer (core/src/modules/automation); the rules themselves are proved in the module's scripted conversations.

test('a web chat visitor is greeted with the queue menu, answers with a number and lands in that queue', async ({
  browser,
  request,
}) => {
  const token = await adminToken(request);
  const auth = { authorization: `Bearer ${token}` };
  const tag = Date.now().toString(36);
  const queue = async (name: string, orderQueue: number, greetingMessage?: string) => {
    const res = await request.post('/api/queue', {
      headers: auth,
      data: { name, color: randomColor(), orderQueue, greetingMessage },
    });
    expect(res.ok()).toBe(true);
    return ((await res.json()) as { id: number }).id;
  };
  const suporte = await queue(`Suporte ${tag}`, 1);
  const vendas = await queue(
    `Vendas ${tag}`,
    2,
    'Você está na fila {{queue}}. Já vamos atender, {{firstName}}!',
  );
  const webchatToken = await createWebchat(request, token, {
    greetingMessage: 'Olá, {{firstName}}! Escolha uma opção:',
    queueIds: [vendas, suporte],
  });

  const visitorContext = await browser.newContext({ locale: 'pt-BR' });
  try {
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/webchat/${webchatToken}`);
    await visitor.getByTestId('webchat-name').fill('Marina Lopes');
    await visitor.getByTestId('webchat-start').click();
    await visitor.getByTestId('webchat-input').fill('Oi');
    await visitor.keyboard.press('Enter');

    await expect(visitor.getByText('Olá, Marina! Escolha uma opção:')).toBeVisible({ timeout: 15_000 });
    await expect(visitor.getByText(`- Suporte ${tag}`)).toBeVisible();
    await expect(visitor.getByText(`- Vendas ${tag}`)).toBeVisible();
    // The way out, "sair" (docs/automation.md "Sair").
    await expect(visitor.getByText('[ Sair ] - Encerrar atendimento')).toBeVisible();
    await shot(visitor, 'automation-webchat-menu');

    await visitor.getByTestId('webchat-input').fill('2');
    await visitor.keyboard.press('Enter');
    await expect(visitor.getByText(`Você está na fila Vendas ${tag}. Já vamos atender, Marina!`)).toBeVisible(
      {
        timeout: 15_000,
      },
    );

    // The queue's tickets: the admin's list filtered by Vendas, whatever queues the admin serves.
    const query = `status=pending&showAll=true&queueIds=${encodeURIComponent(JSON.stringify([vendas]))}`;
    const pending = await (await request.get(`/api/tickets?${query}`, { headers: auth })).json();
    const ticket = pending.tickets.find(
      (t: { contact: { name: string }; queueId: number | null }) => t.contact.name === 'Marina Lopes',
    );
    expect(ticket).toMatchObject({ queueId: vendas, status: 'pending', userId: null });
  } finally {
    await visitorContext.close();
    // Company 1's queues are every spec's: with queues, accepting a ticket asks which one (other specs do not).
    for (const id of [suporte, vendas]) await request.delete(`/api/queue/${id}`, { headers: auth });
  }
});

test('a web chat visitor walks a queue chatbot two levels deep and back to the queue menu', async ({
  browser,
  request,
}) => {
  const token = await adminToken(request);
  const auth = { authorization: `Bearer ${token}` };
  const tag = Date.now().toString(36);
  const created: number[] = [];
  const queue = async (name: string, orderQueue: number, extra: Record<string, unknown> = {}) => {
    const res = await request.post('/api/queue', {
      headers: auth,
      data: { name, color: randomColor(), orderQueue, ...extra },
    });
    expect(res.ok()).toBe(true);
    const id = ((await res.json()) as { id: number }).id;
    created.push(id);
    return id;
  };
  const visitorContext = await browser.newContext({ locale: 'pt-BR' });
  try {
    const suporte = await queue(`Suporte ${tag}`, 1);
    const financeiro = await queue(`Financeiro ${tag}`, 2, {
      greetingMessage: 'Financeiro, {{firstName}}. Escolha:',
      chatbots: [
        {
          name: 'Boletos',
          greetingMessage: 'Qual boleto?',
          options: [
            { name: 'Segunda via', greetingMessage: 'Segue a segunda via do ticket {{ticket_id}}.' },
            { name: 'Boleto vencido', greetingMessage: 'Um boleto vencido pode ser pago até 30 dias.' },
          ],
        },
        { name: 'Notas fiscais', greetingMessage: 'As notas chegam por e-mail.' },
      ],
    });
    const webchatToken = await createWebchat(request, token, {
      greetingMessage: 'Olá! Escolha uma opção:',
      queueIds: [suporte, financeiro],
    });

    const visitor = await visitorContext.newPage();
    const say = async (text: string) => {
      await visitor.getByTestId('webchat-input').fill(text);
      await visitor.keyboard.press('Enter');
    };
    await visitor.goto(`/webchat/${webchatToken}`);
    await visitor.getByTestId('webchat-name').fill('Paulo Reis');
    await visitor.getByTestId('webchat-start').click();
    await say('Oi');
    await expect(visitor.getByText(`- Financeiro ${tag}`)).toBeVisible({ timeout: 15_000 });

    // Level 1: the queue's options, with the way back to the menu.
    await say('2');
    await expect(visitor.getByText('Financeiro, Paulo. Escolha:')).toBeVisible({ timeout: 15_000 });
    await expect(visitor.getByText('- Boletos')).toBeVisible();
    await expect(visitor.getByText('- Notas fiscais')).toBeVisible();
    await expect(visitor.getByText('Voltar para o menu principal').first()).toBeVisible();
    await expect(visitor.getByText('Encerrar atendimento')).toHaveCount(2); // the menu's and the level's

    // Level 2: an option's own options, then a leaf's answer.
    await say('1');
    await expect(visitor.getByText('Qual boleto?')).toBeVisible({ timeout: 15_000 });
    await expect(visitor.getByText('- Boleto vencido')).toBeVisible();
    await say('2');
    await expect(visitor.getByText('Um boleto vencido pode ser pago até 30 dias.')).toBeVisible({
      timeout: 15_000,
    });
    await shot(visitor, 'automation-webchat-chatbot');

    // '#' leaves the tree: the queue menu again.
    await say('#');
    await expect(visitor.getByText('Olá! Escolha uma opção:')).toHaveCount(2, { timeout: 15_000 });
  } finally {
    await visitorContext.close();
    for (const id of created) await request.delete(`/api/queue/${id}`, { headers: auth });
  }
});
