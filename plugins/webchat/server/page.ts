import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { ChannelConnection, Language } from '@balcao/sdk';
import { createPageI18n } from '../page/page-i18n.js';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Where the visitor page's style and script are served (the plugin's public routes). */
export const VISITOR_ASSETS = '/webchat/assets';

const pageFile = (name: string) => fileURLToPath(new URL(`../page/${name}`, import.meta.url));

let script: Promise<string> | null = null;

/**
 * The visitor page's script (`${VISITOR_ASSETS}/page.js`): page/visitor-page.ts bundled for the browser with what it
 * imports (i18next, the SDK's formatter), once per process.
 */
export function visitorScript(): Promise<string> {
  // esbuild loads with the first visitor page, not at boot (idle memory, issue 30).
  script ??= import('esbuild')
    .then(({ build }) =>
      build({
        entryPoints: [pageFile('visitor-page.ts')],
        bundle: true,
        write: false,
        format: 'iife',
        platform: 'browser',
        target: 'es2022',
        minify: true,
        legalComments: 'none',
        charset: 'utf8',
      }),
    )
    .then((out) => out.outputFiles[0].text)
    .catch((err: unknown) => {
      script = null;
      throw err;
    });
  return script;
}

/** The visitor page's style (`${VISITOR_ASSETS}/page.css`). */
export const visitorStyle = (): Promise<string> => readFile(pageFile('visitor-page.css'), 'utf8');

/**
 * The chat page a visitor opens (directly or in the embed's iframe), in their language (from Accept-Language): name
 * first, then the conversation, live. Its words come from the plugin's locales through i18next; its style and script
 * are files of their own (no inline code under the Content-Security-Policy); the script reads the token from the body.
 */
export function visitorPage(connection: ChannelConnection, lang: Language): string {
  const { t } = createPageI18n(lang);
  const title = escapeHtml(connection.name);
  const w = (key: string) => escapeHtml(t(`page.${key}`));
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>${title}</title>
<link rel="stylesheet" href="${VISITOR_ASSETS}/page.css" />
</head>
<body data-token="${escapeHtml(connection.token)}">
<header>${title}<small id="hello">${w('hello')}</small></header>
<div id="log" aria-live="polite"></div>
<div id="status" role="status"></div>
<form id="intro" data-testid="webchat-intro"><input id="name" maxlength="50" required autocomplete="name" placeholder="${w('name')}" data-testid="webchat-name" /><button id="start" data-testid="webchat-start">${w('start')}</button></form>
<form id="chat" hidden data-testid="webchat-form"><textarea id="body" rows="1" maxlength="4000" placeholder="${w('placeholder')}" data-testid="webchat-input"></textarea><button id="send" data-testid="webchat-send">${w('send')}</button></form>
<script src="${VISITOR_ASSETS}/page.js"></script>
</body>
</html>`;
}
/** The `<script src=…/embed.js>` snippet's code: a bubble in the corner that opens the chat page in an iframe. */
export function embedScript(pageUrl: string): string {
  return `(() => {
  const url = ${JSON.stringify(pageUrl)};
  const button = document.createElement('button');
  button.setAttribute('aria-label', 'Chat');
  button.textContent = '💬';
  Object.assign(button.style, { position: 'fixed', right: '20px', bottom: '20px', width: '56px', height: '56px', borderRadius: '50%', border: '0', background: '#238551', color: '#fff', fontSize: '24px', cursor: 'pointer', zIndex: 2147483646, boxShadow: '0 4px 12px rgba(0,0,0,.25)' });
  const frame = document.createElement('iframe');
  frame.src = url;
  frame.title = 'Chat';
  Object.assign(frame.style, { position: 'fixed', right: '20px', bottom: '88px', width: '360px', height: '520px', maxWidth: 'calc(100vw - 40px)', border: '0', borderRadius: '12px', boxShadow: '0 8px 24px rgba(0,0,0,.25)', display: 'none', zIndex: 2147483647 });
  button.onclick = () => { frame.style.display = frame.style.display === 'none' ? 'block' : 'none'; };
  document.body.append(frame, button);
})();`;
}
