import { checkUiEntry, renderInShell, renderPluginPage } from '@balcao/testing/ui';
import { describe, expect, it } from 'vitest';
import { kanbanErrors } from '../server/errors';
import type { KanbanCard as Card } from '../shared/board';
import { CARD_SLOT } from './board-rules';
import ui from './index';
import { KanbanCard } from './kanban-card';
import { KanbanLane } from './kanban-lane';

describe('the kanban UI entry', () => {
  it('is complete: four languages with the same texts, its error translated, pages under the plan flag', () => {
    expect(checkUiEntry(ui, { serverName: 'kanban', errors: kanbanErrors })).toEqual([]);
    expect(ui.pages?.map((p) => [p.path, p.planFlag])).toEqual([
      ['/Kanban', 'useKanban'],
      ['/TagsKanban', 'useKanban'],
    ]);
  });

  it('paints the board (its keyboard hint in pt-BR) and the kanban tags screen', async () => {
    const board = await renderPluginPage(ui, '/Kanban', { language: 'pt-BR' });
    expect(board.html).toContain('Kanban');
    expect(board.html).toContain('Pressione Espaço');
    const tags = await renderPluginPage(ui, '/TagsKanban', { language: 'en' });
    // The fake shell stands its list page in for the real one: the screen paints inside it.
    expect(tags.html).toContain('data-shell-block="ListPage"');
    // Its dialogs sit beside the list page, which paints its empty state instead of its children: Add works on none.
    expect(tags.html).toContain('data-shell-block="DeleteConfirmation"');
  });
});

describe('cards and lanes (spec part 2 §2)', () => {
  const card: Card = {
    id: 12,
    uuid: '7d3c0e4e-2f0b-4b53-9d0a-5f7c2b7d1a11',
    status: 'open',
    queueId: 1,
    contact: { id: 3, name: 'Marina Souza', number: '5511******01' },
    lastMessage: 'Quero saber do meu pedido',
    tagIds: [],
    updatedAt: '2026-11-29T12:00:00Z',
  };
  const paint = (c: Card) =>
    renderInShell(
      ui,
      <KanbanCard card={c} laneId={0} top={0} picked={false} onPick={() => {}} onKeys={() => {}} />,
    );

  it("shows the contact's name, the ticket number, the number as the board gave it (masked), the last message and 'Ver Ticket'", async () => {
    const { html } = await paint(card);
    for (const text of [
      'Marina Souza',
      'Ticket #12',
      '5511******01',
      'Quero saber do meu pedido',
      'Ver Ticket',
    ])
      expect(html).toContain(text);
    expect((await paint({ ...card, lastMessage: null })).html).toContain('Nenhuma mensagem ainda');
  });

  it('a lane of 2,000 cards paints only a window of them in a scroll area as tall as all', async () => {
    const cards = Array.from({ length: 2_000 }, (_, i) => ({ ...card, id: i + 1, uuid: `u-${i + 1}` }));
    const { html } = await renderInShell(
      ui,
      <KanbanLane
        lane={{ id: 0, name: 'Em aberto', color: '#607d8b' }}
        cards={cards}
        target={false}
        pickedId={null}
        onDrop={() => {}}
        onPick={() => {}}
        onKeys={() => {}}
      />,
    );
    expect(html).toContain(`height:${2_000 * CARD_SLOT}px`);
    const painted = html.match(/data-testid="kanban-card-\d+"/g) ?? [];
    expect(painted.length).toBeGreaterThan(0);
    expect(painted.length).toBeLessThan(20);
    expect(html).toContain('>2000<');
  });
});
