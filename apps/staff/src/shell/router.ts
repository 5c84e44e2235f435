import { useEffect, useState } from 'react';

/** The app's own paths (the server answers each with the app, routes/staff/app.ts). */
export const STAFF_PATHS = {
  home: '/staff/',
  push: '/staff/push',
  cashier: '/staff/cashier',
  compliance: '/staff/compliance',
  audit: '/staff/audit',
  staff: '/staff/staff',
  merchants: '/staff/merchants',
  theme: '/staff/theme',
  reports: '/staff/reports',
  promotions: '/staff/promotions',
  legal: '/staff/legal',
  links: '/staff/links',
  members: '/staff/members',
  content: '/staff/content',
  games: '/staff/games',
} as const;
export type StaffPath = (typeof STAFF_PATHS)[keyof typeof STAFF_PATHS];

/** The support desk: still the server's page of its own (a full page load), until it is ported. */
export const SUPPORT_DESK_PATH = '/staff/chat';

const listeners = new Set<() => void>();

/** Goes to an app path without a page load (history.pushState), or replaces the current entry. */
export function navigate(path: string, replace = false): void {
  if (replace) window.history.replaceState(null, '', path);
  else window.history.pushState(null, '', path);
  for (const listener of listeners) listener();
}

/** The current path, following navigate() and the browser's back and forward. */
export function usePath(): string {
  const [path, setPath] = useState(() => window.location.pathname);
  useEffect(() => {
    const update = () => setPath(window.location.pathname);
    listeners.add(update);
    window.addEventListener('popstate', update);
    return () => {
      listeners.delete(update);
      window.removeEventListener('popstate', update);
    };
  }, []);
  return path;
}
