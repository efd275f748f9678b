import { checkUiEntry, createFakeUiHost, renderInShell, renderPluginPage } from '@balcao/testing/ui';
import { describe, expect, it } from 'vitest';
import { chatErrors } from '../server/errors';
import { ChatPopover } from './chat-popover';
import ui from './index';

describe('the internal chat UI entry', () => {
  it('is complete: pages, the top-bar fill, four languages and its error texts', () => {
    expect(checkUiEntry(ui, { serverName: 'internal-chat', errors: chatErrors })).toEqual([]);
  });

  it("paints the chats page and the top bar's button in the user's language", async () => {
    const pt = await renderPluginPage(ui, '/chats');
    expect(pt.html).toContain('Chat Interno');
    expect(pt.html).toContain('Nova conversa');
    const tr = await renderPluginPage(ui, '/chats', { language: 'tr' });
    expect(tr.html).toContain('Yeni sohbet');
    const { html } = await renderInShell(ui, <ChatPopover />, { language: 'en' });
    expect(html).toContain('data-testid="chat-popover-button"');
    expect(html).toContain('Internal chat, 0 unread messages');
  });

  it('hands alerts to the shell through notify', () => {
    const fake = createFakeUiHost();
    fake.host.notify({
      title: 'Ana em Vendas',
      body: 'Oi',
      tag: 'internal-chat-1',
      onClick: () => undefined,
    });
    expect(fake.alerts.map((a) => a.title)).toEqual(['Ana em Vendas']);
  });
});
