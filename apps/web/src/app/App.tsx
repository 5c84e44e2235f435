import { useEffect } from 'react';
import { BrowserRouter, StaticRouter, useNavigate, useRoutes } from '@/platform/router';
import { ForcedPasswordChange } from '@/features/session/ForcedPasswordChange';
import { toRouterPath } from '@/features/navigation/AppLink';
import { registerNavigate } from '@/features/navigation/navigate';
import { RouteHandleContext } from '@/features/navigation/routeHandle';
import { StatusGate } from '@/features/status/StatusGate';
import { I18nProvider } from '@/i18n/I18nProvider';
import { languageStore } from '@/state/language';
import { DialogHost } from '@/ui/DialogHost';
import { ToastHost } from '@/ui/ToastHost';
import { RegisterDialogHost } from './RegisterDialogHost';
import { appRoutes, ROUTER_BASENAME } from './routeTable';
import { useMatchedRouteHandle } from './useRouteHandle';

/** The route table, with the matched route's handle given to the layout and the screens. */
export function AppRoutes() {
  const handle = useMatchedRouteHandle();
  const routes = useRoutes(appRoutes);
  return <RouteHandleContext value={handle}>{routes}</RouteHandleContext>;
}

/** Lets code outside React (the API client's please-login flow) navigate through the router. */
function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(
    () => registerNavigate((href, { replace }) => void navigate(toRouterPath(href), { replace })),
    [navigate],
  );
  return null;
}

/** `location`: the address the server renders (entry-server.tsx); the browser's own address otherwise. */
export interface AppProps {
  /** The server renderer's address (no browser router). */
  location?: string;
  /** After the app's first commit (its hydration, on a page the server rendered). */
  onCommitted?: () => void;
}

export function App({ location, onCommitted }: AppProps) {
  const language = languageStore.use();
  useEffect(() => onCommitted?.(), [onCommitted]);
  if (!language) return null;
  const routes = (
    <>
      <NavigationBridge />
      <ForcedPasswordChange />
      <AppRoutes />
      <RegisterDialogHost />
    </>
  );
  return (
    <I18nProvider language={language.language} catalog={language.catalog}>
      <StatusGate>
        {location === undefined ? (
          <BrowserRouter basename={ROUTER_BASENAME}>{routes}</BrowserRouter>
        ) : (
          <StaticRouter basename={ROUTER_BASENAME} location={location}>
            {routes}
          </StaticRouter>
        )}
      </StatusGate>
      <DialogHost />
      <ToastHost />
    </I18nProvider>
  );
}
