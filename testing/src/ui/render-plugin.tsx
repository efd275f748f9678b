import type { Language } from '@balcao/sdk';
import { UiHostContext, type UiPluginDefinition } from '@balcao/sdk/ui';
import { createInstance } from 'i18next';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { createFakeUiHost, type FakeUiHost } from './fake-ui-host.js';

/**
 * Renders a plugin page (by its path in the entry) as the shell would on first paint: inside a fake shell host and
 * with the plugin's locales in its i18next namespace, in `language` (pt-BR by default). Answers the HTML and the fake
 * host (its API calls, toasts). Effects do not run in this render: it shows the page's first state (loading, empty,
 * labels), and a page that crashes or reads a missing translation shows it.
 * @example const { html } = await renderPluginPage(helloUi, '/hello', { language: 'en' }); expect(html).toContain('Greetings')
 */
export async function renderPluginPage(
  entry: UiPluginDefinition,
  path: string,
  opts: { language?: Language; fake?: FakeUiHost } = {},
): Promise<{ html: string; fake: FakeUiHost }> {
  const page = entry.pages?.find((p) => p.path === path);
  if (!page) throw new Error(`plugin ${entry.name} has no page ${path}`);
  const Page = page.component;
  return renderInShell(entry, <Page />, { ...opts, path });
}

/**
 * Renders any of a plugin's components (a slot fill) the same way, inside a router at `path` ('/' by default).
 * @example const { html } = await renderInShell(helloUi, <HelloBadge />)
 */
export async function renderInShell(
  entry: UiPluginDefinition,
  node: ReactNode,
  opts: { language?: Language; fake?: FakeUiHost; path?: string } = {},
): Promise<{ html: string; fake: FakeUiHost }> {
  const language = opts.language ?? 'pt-BR';
  const fake = opts.fake ?? createFakeUiHost();
  const i18n = createInstance();
  await i18n.init({
    lng: language,
    fallbackLng: 'es',
    resources: Object.fromEntries(
      Object.entries(entry.locales ?? {}).map(([lang, texts]) => [lang, { [entry.name]: texts ?? {} }]),
    ),
    interpolation: { escapeValue: false },
  });
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[opts.path ?? '/']}>
        <UiHostContext.Provider value={fake.host}>{node}</UiHostContext.Provider>
      </MemoryRouter>
    </I18nextProvider>,
  );
  return { html, fake };
}
