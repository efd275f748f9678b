import { renderInShell } from '@balcao/testing/ui';
import { describe, expect, it } from 'vitest';
import ui from './index';
import { OptOutLine } from './opt-out-section';

describe("the contact drawer's opt-out section", () => {
  it('is a drawer section of plans with useCampaigns, registered whatever the browser holds (it is no route)', () => {
    // Registered outside the cshow condition (index.tsx): it shows in a browser without the flag too.
    expect(ui.slots?.['contact.drawer.sections']).toMatchObject({ planFlag: 'useCampaigns' });
  });

  it('says since when the contact opted out, or that they receive campaigns', async () => {
    const at = new Date(2026, 10, 29, 9, 30).toISOString();
    const out = await renderInShell(ui, <OptOutLine optOut={{ contactId: 3, optedOutAt: at }} />, {
      language: 'pt-BR',
    });
    expect(out.html).toContain('Descadastrado em 29/11/2026');
    const inside = await renderInShell(ui, <OptOutLine optOut={{ contactId: 3, optedOutAt: null }} />, {
      language: 'en',
    });
    expect(inside.html).toContain('Receives campaigns.');
  });
});
