import { checkUiEntry, renderPluginPage } from '@balcao/testing/ui';
import { describe, expect, it } from 'vitest';
import { quickMessageErrors } from '../server/errors.js';
import ui from './index.js';

describe('the quick-messages UI entry', () => {
  it('is complete: name, four languages, every server error translated', () => {
    expect(checkUiEntry(ui, { serverName: 'quick-messages', errors: quickMessageErrors })).toEqual([]);
  });

  it("keeps its dialogs beside the shell's list page, which shows its empty state instead of its children", async () => {
    // The fake shell's ListPage paints none of its children, as the real one does on an empty list (or an empty
    // search): what the page puts beside it still paints, so Add and delete work from the empty state.
    const { html } = await renderPluginPage(ui, '/quick-messages', { language: 'en' });
    expect(html).toContain('data-shell-block="ListPage"');
    expect(html).toContain('data-shell-block="DeleteConfirmation"');
  });
});
