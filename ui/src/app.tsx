import { BlueprintProvider } from '@blueprintjs/core';
import { Provider } from 'jotai';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import { i18n } from './i18n';
import { AppRoutes } from './routes/app-routes';
import { SessionEffects } from './session/session-effects';
import { appStore } from './session/session-store';
import { ThemeEffect } from './theme/theme-effect';

export function App() {
  return (
    <Provider store={appStore}>
      <I18nextProvider i18n={i18n}>
        <BlueprintProvider>
          <BrowserRouter>
            <ThemeEffect />
            <SessionEffects />
            <AppRoutes />
          </BrowserRouter>
        </BlueprintProvider>
      </I18nextProvider>
    </Provider>
  );
}
