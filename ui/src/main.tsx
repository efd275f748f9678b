import './zod-jitless';
import '@blueprintjs/core/lib/css/blueprint.css';
import './theme/theme.css';
import './app.css';
import { FocusStyleManager } from '@blueprintjs/core';
import { IconNames, IconSize, Icons } from '@blueprintjs/icons';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { installSessionHooks, restoreSession } from './session/session-actions';

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
// Icons load lazily by default and would flash as empty boxes: the 16 px paths (every icon of standard size, one
// cached chunk) arrive before the first paint; the 20 px ones (large icons only) follow after it.
Icons.load(Object.values(IconNames), IconSize.STANDARD)
  .catch(warn)
  .finally(() => {
    render();
    void Icons.load(Object.values(IconNames), IconSize.LARGE).catch(warn);
  });
