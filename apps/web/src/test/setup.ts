import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { clearQueries } from '@/queries/store';

afterEach(() => {
  cleanup();
  // Queries kept for a session (favourites, member info) would outlive the test otherwise.
  clearQueries();
  window.sessionStorage.clear();
  window.localStorage.clear();
});
