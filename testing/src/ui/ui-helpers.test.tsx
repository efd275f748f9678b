import { definePluginErrors } from '@balcao/sdk';
import { defineUiPlugin } from '@balcao/sdk/ui';
import { describe, expect, it } from 'vitest';
import { HelloBadge } from '../../../examples/hello-plugin/ui/hello-badge.js';
import helloUi from '../../../examples/hello-plugin/ui/index.js';
import { checkUiEntry, createFakeUiHost, renderInShell, renderPluginPage } from './index.js';

describe('renderPluginPage and renderInShell', () => {
  it("renders a plugin page inside a fake shell host, in the plugin's own texts and the language asked", async () => {
    const pt = await renderPluginPage(helloUi, '/hello');
    expect(pt.html).toContain('Saudações');
    const en = await renderPluginPage(helloUi, '/hello', { language: 'en' });
    expect(en.html).toContain('Greetings');
    expect(en.html).not.toContain('hello:');
    await expect(renderPluginPage(helloUi, '/nowhere')).rejects.toThrow(/no page \/nowhere/);
  });

  it('renders a slot fill that uses the router and the host', async () => {
    const { html } = await renderInShell(helloUi, <HelloBadge />, { language: 'es' });
    expect(html).toContain('data-testid="hello-badge"');
    expect(html).toContain('Saludos');
  });
});

describe('createFakeUiHost', () => {
  it('answers API calls from its table, records them, rejects an unknown one; records toasts; drives realtime', async () => {
    const fake = createFakeUiHost({
      answers: { 'GET /hello?pageNumber=1': { greetings: [] }, 'POST /hello': (b: unknown) => b },
    });
    expect(await fake.host.api.get('/hello', { pageNumber: 1 })).toEqual({ greetings: [] });
    expect(await fake.host.api.post('/hello', { message: 'Oi' })).toEqual({ message: 'Oi' });
    await expect(fake.host.api.delete('/hello/1')).rejects.toThrow(/no answer for DELETE \/hello\/1/);
    expect(fake.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'get /hello?pageNumber=1',
      'post /hello',
      'delete /hello/1',
    ]);
    fake.host.toastError('ERR_X');
    expect(fake.toasts.errors).toEqual(['ERR_X']);
    const seen: unknown[] = [];
    const stop = fake.host.subscribe('company-1-hello', (d) => seen.push(d));
    fake.emit('company-1-hello', { n: 1 });
    stop();
    fake.emit('company-1-hello', { n: 2 });
    expect(seen).toEqual([{ n: 1 }]);
  });
});

describe('checkUiEntry', () => {
  it('finds nothing wrong with the hello example', () => {
    expect(checkUiEntry(helloUi, { serverName: 'hello' })).toEqual([]);
  });

  it('names each problem: name, locales, pages, slots, titles and untranslated server error codes', () => {
    const Page = () => null;
    const broken = defineUiPlugin({
      name: 'Tour',
      pages: [
        { path: 'tour', component: Page, menu: { labelKey: 'Tour:nope', icon: 'map', section: 'main' } },
        { path: 'tour', component: Page },
      ],
      slots: {
        'settings.tabs': [{ component: Page, titleKey: 'Tour:tab' }],
        ['nowhere' as 'topbar.items']: Page,
      },
      locales: {
        en: { tab: 'Tour', errors: { ERR_FULL: 'Full' } },
        'pt-BR': { tab: 'Passeio' },
        es: { tab: '' },
      },
    });
    const errors = definePluginErrors('tour', { ERR_FULL: 409 });
    expect(checkUiEntry(broken, { serverName: 'tour', errors })).toEqual([
      'name "Tour" is not kebab-case',
      'name "Tour" is not the server plugin\'s ("tour")',
      'locales: pt-BR lacks errors.ERR_FULL',
      'locales: es lacks errors.ERR_FULL',
      'locales: es:tab is empty',
      'locales: tr is missing',
      "page tour: the path must start with '/'",
      'page tour: menu label Tour:nope has no text',
      "page tour: the path must start with '/'",
      'page tour is declared twice',
      'slot nowhere is not a slot of the shell',
      'locales: pt-BR lacks errors.ERR_FULL (a server error code)',
      'locales: es lacks errors.ERR_FULL (a server error code)',
      'locales: tr lacks errors.ERR_FULL (a server error code)',
    ]);
  });
});
