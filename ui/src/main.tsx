import './zod-jitless';
import '@blueprintjs/core/lib/css/blueprint.css';
import './theme/theme.css';
import './app.css';
import { FocusStyleManager } from '@blueprintjs/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { i18nReady } from './i18n';
import { installSessionHooks, restoreSession } from './session/session-actions';
import { loadIconsBeforePaint, loadRemainingIcons } from './theme/icon-loading';

// Focus rings for keyboard users only.
FocusStyleManager.onlyShowFocusOnTabs();
installSessionHooks();
void restoreSession();

function render(): void {
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

const warn = (err: unknown) => console.warn('[icons] could not preload Blueprint icons', err);
// Icons load lazily by default and would flash as empty boxes: what the first page shows arrives before the first
// paint (theme/icon-loading.ts), the rest after it. The first language's texts arrive before it too.
Promise.all([loadIconsBeforePaint(window.location.pathname).catch(warn), i18nReady]).finally(() => {
  render();
  void loadRemainingIcons().catch(warn);
});
