import { vi } from 'vitest';

/**
 * jsdom has no `window.matchMedia`: a stand-in where only the reduced-motion query can match
 * (when `reduceMotion` is set); every other query answers false.
 */
export function stubMatchMedia({ reduceMotion = false }: { reduceMotion?: boolean } = {}): void {
  window.matchMedia = vi.fn().mockImplementation((query: string) => ({
    matches: reduceMotion && query.includes('reduce'),
    media: query,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  })) as unknown as typeof window.matchMedia;
}
