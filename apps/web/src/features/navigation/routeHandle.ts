import { createContext, useContext } from 'react';
import type { MessageKey } from '@/i18n';

/** What a route of the app's route table says about itself (its title, for now). */
export interface RouteHandle {
  titleKey: MessageKey;
}

/**
 * The handle of the deepest route matching the current location. The app provides it around its
 * routes (app/App.tsx), so the layout and the screens read it without importing the route table
 * that imports them.
 */
export const RouteHandleContext = createContext<RouteHandle | null>(null);

export function useRouteHandle(): RouteHandle | null {
  return useContext(RouteHandleContext);
}
