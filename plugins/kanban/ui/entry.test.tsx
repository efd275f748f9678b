import { checkUiEntry, renderPluginPage } from '@balcao/testing/ui';
import { describe, expect, it } from 'vitest';
import { kanbanErrors } from '../server/errors';
import ui from './index';

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
