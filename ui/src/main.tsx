import './zod-jitless';
import '@blueprintjs/core/lib/css/blueprint.css';
import './theme/theme.css';
import './app.css';
import { FocusStyleManager } from '@blueprintjs/core';
import { Icons } from '@blueprintjs/icons';
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

// Icons load lazily by default and would flash as empty boxes; fetch them (two cached chunks) before the first paint.
Icons.loadAll()
  .catch((err: unknown) => console.warn('[icons] could not preload Blueprint icons', err))
  .finally(render);
