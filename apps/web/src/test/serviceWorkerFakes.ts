import { vi } from 'vitest';

// The browser's service-worker objects as the PWA's tests fake them (features/pwa/startPwa*.test.ts),
// enough for the page's side, and a page around them.

/** Fakes of the browser's service-worker objects, enough for the page's side. */
export class FakeWorker extends EventTarget {
  postMessage = vi.fn();
  constructor(
    public state: ServiceWorkerState,
    public scriptURL = 'http://localhost/m/sw.js?environment=test',
  ) {
    super();
  }
  become(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

export class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  active: FakeWorker | null = null;
  unregister = vi.fn(async () => true);
  update = vi.fn(async () => {});
}

export class FakeContainer extends EventTarget {
  registration = new FakeRegistration();
  others: FakeRegistration[] = [];
  register = vi.fn(async () => this.registration);
  getRegistrations = vi.fn(async () => this.others);
  get ready() {
    return Promise.resolve(this.registration);
  }
}

export interface Page {
  win: Window;
  container: FakeContainer;
  reload: ReturnType<typeof vi.fn>;
  assign: ReturnType<typeof vi.fn>;
}

/** `used`: the visitor has tapped or typed on the page (the install offer waits for it). */
export function fakePage(path: string, search = '', used = true): Page {
  const container = new FakeContainer();
  const reload = vi.fn();
  const assign = vi.fn();
  const win = Object.assign(new EventTarget(), {
    navigator: { serviceWorker: container, onLine: true, userActivation: { hasBeenActive: used } },
    isSecureContext: true,
    location: { pathname: path, search, hash: '', reload, assign },
    document,
    performance: {
      getEntriesByType: () => [
        { name: 'http://localhost/m/assets/i18n/en-abc.js' },
        { name: 'http://localhost/m/assets/index-abc.js' },
      ],
    },
    setTimeout: (run: () => void, ms: number) => window.setTimeout(run, ms),
    setInterval: (run: () => void, ms: number) => window.setInterval(run, ms),
    clearInterval: (id: number) => window.clearInterval(id),
  }) as unknown as Window;
  return { win, container, reload, assign };
}

/** Lets the fake timers run what is due now (promises included). */
export const settle = () => vi.advanceTimersByTimeAsync(0);
