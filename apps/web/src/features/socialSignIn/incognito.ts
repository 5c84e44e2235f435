/**
 * Private-mode detection (spec section 5: incognito blocks social login, `not_support_incognito`).
 * Browsers do not say so; each engine gives itself away differently:
 * - Chromium: an off-the-record profile gets a storage quota tied to memory, well under a normal
 *   profile's (disk-based) quota — under twice the JavaScript heap limit;
 * - Firefox: no service workers in private windows;
 * - Safari: the origin-private file system refuses with "unknown transient reason".
 * Unknown engines count as not private (the social login is offered, the provider decides).
 */

export type Engine = 'chromium' | 'firefox' | 'safari' | 'other';

export interface PrivateModeFacts {
  engine: Engine;
  /** navigator.storage.estimate().quota (Chromium), bytes; null when unavailable. */
  quota: number | null;
  /** performance.memory.jsHeapSizeLimit (Chromium), bytes; null when unavailable. */
  heapLimit: number | null;
  /** navigator.serviceWorker exists (Firefox). */
  hasServiceWorker: boolean;
  /** The refusal text of navigator.storage.getDirectory() (Safari); null when it worked or is absent. */
  directoryError: string | null;
}

const ONE_GIB = 1024 * 1024 * 1024;

export function engineOf(userAgent: string): Engine {
  if (/\bFirefox\/|\bFxiOS\//.test(userAgent)) return 'firefox';
  if (/\b(?:Chrome|Chromium|CriOS|Edg)\//.test(userAgent) && !/\bCriOS\//.test(userAgent)) return 'chromium';
  if (/\bAppleWebKit\//.test(userAgent) && /\b(?:iPhone|iPad|Macintosh)\b/.test(userAgent)) return 'safari';
  return 'other';
}

export function isPrivateMode(facts: PrivateModeFacts): boolean {
  switch (facts.engine) {
    case 'chromium':
      if (facts.quota === null) return false;
      return facts.quota < (facts.heapLimit ?? ONE_GIB) * 2;
    case 'firefox':
      return !facts.hasServiceWorker;
    case 'safari':
      return facts.directoryError !== null && /unknown transient reason/i.test(facts.directoryError);
    default:
      return false;
  }
}

async function readFacts(): Promise<PrivateModeFacts> {
  const engine = engineOf(navigator.userAgent);
  const facts: PrivateModeFacts = {
    engine,
    quota: null,
    heapLimit: null,
    hasServiceWorker: 'serviceWorker' in navigator,
    directoryError: null,
  };
  const storage = navigator.storage as StorageManager | undefined;
  if (engine === 'chromium' && storage?.estimate) {
    facts.quota = (await storage.estimate()).quota ?? null;
    const memory: unknown = Reflect.get(performance, 'memory');
    const limit: unknown =
      typeof memory === 'object' && memory !== null ? Reflect.get(memory, 'jsHeapSizeLimit') : null;
    facts.heapLimit = typeof limit === 'number' ? limit : null;
  }
  if (engine === 'safari' && storage && typeof storage.getDirectory === 'function') {
    try {
      await storage.getDirectory();
    } catch (error) {
      facts.directoryError = error instanceof Error ? error.message : String(error);
    }
  }
  return facts;
}

let answer: Promise<boolean> | null = null;

/** Whether this is a private window; asked once per page. */
export function detectPrivateMode(): Promise<boolean> {
  answer ??= readFacts()
    .then(isPrivateMode)
    .catch(() => false);
  return answer;
}
