import { BrowserRouter, useRoutes } from 'react-router';
import { StatusGate } from './features/status/StatusGate';
import { I18nProvider } from './i18n/I18nProvider';
import { appRoutes, ROUTER_BASENAME } from './routes/routeTable';
import { languageStore } from './state/language';
import { DialogHost } from './ui/DialogHost';
import { ToastHost } from './ui/ToastHost';

export function AppRoutes() {
  return useRoutes(appRoutes);
}

export function App() {
  const language = languageStore.use();
  if (!language) return null;
  return (
    <I18nProvider language={language.language} catalog={language.catalog}>
      <StatusGate>
        <BrowserRouter basename={ROUTER_BASENAME}>
          <AppRoutes />
        </BrowserRouter>
      </StatusGate>
      <DialogHost />
      <ToastHost />
    </I18nProvider>
  );
}
