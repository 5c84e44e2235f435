/**
 * React DOM's client as a module of the React chunk (vite.config.ts): the entry loads it on its own,
 * a task before the app (boot.ts), and needs no interop code of its own to do so.
 */
export { createRoot, hydrateRoot } from 'react-dom/client';
