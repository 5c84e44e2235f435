import { afterEach, describe, expect, it } from 'vitest';
import { EARLY_TAP_MAX_AGE_MS, EARLY_TAP_MAX_ATTEMPTS, watchEarlyTaps, type EarlyTaps } from './earlyTaps';

/**
 * A page where React's dropping of a click is played by a container that stops its propagation
 * (what React does for a tap on markup still waiting for its code) until it is "hydrated".
 */
function page(markup: string) {
  document.body.innerHTML = `<div id="part">${markup}</div>`;
  const part = document.getElementById('part') as HTMLElement;
  let hydrated = false;
  const handled: string[] = [];
  part.addEventListener('click', (event) => {
    if (!hydrated) {
      event.stopPropagation();
      return;
    }
    const target = (event.target as Element).closest('[data-name]');
    if (target) handled.push(target.getAttribute('data-name') ?? '');
  });
  return {
    handled,
    hydrate: () => {
      hydrated = true;
    },
    tap: (name: string) => (document.querySelector(`[data-name="${name}"]`) as HTMLElement).click(),
  };
}

let clock = 0;
let taps: EarlyTaps | null = null;
const watch = () => {
  taps = watchEarlyTaps(window, () => clock);
  return taps;
};
afterEach(() => {
  taps?.stop();
  taps = null;
  clock = 0;
  document.body.innerHTML = '';
});

describe('early taps: replayed once the part hydrates', () => {
  const cases: { name: string; markup: string; tap: string; before?: () => void; replayed: string[] }[] = [
    { name: 'a button', markup: '<button data-name="open">Open</button>', tap: 'open', replayed: ['open'] },
    {
      name: 'an element playing a button',
      markup: '<div role="button" tabindex="0" data-name="pause">Pause</div>',
      tap: 'pause',
      replayed: ['pause'],
    },
    {
      name: 'the text inside a button (the button is clicked again)',
      markup: '<button data-name="open"><span data-name="label">Open</span></button>',
      tap: 'label',
      replayed: ['open'],
    },
    // The browser follows a link itself: replaying it would open it twice.
    { name: 'a link', markup: '<a href="/m/game" data-name="link">Games</a>', tap: 'link', replayed: [] },
    {
      name: 'a button inside a link',
      markup: '<a href="/m/game"><button data-name="inner">Go</button></a>',
      tap: 'inner',
      replayed: [],
    },
    { name: 'plain text', markup: '<p data-name="text">Hello</p>', tap: 'text', replayed: [] },
    {
      name: 'a tap older than the limit',
      markup: '<button data-name="open">Open</button>',
      tap: 'open',
      before: () => {
        clock += EARLY_TAP_MAX_AGE_MS + 1;
      },
      replayed: [],
    },
    {
      name: 'a button disabled meanwhile',
      markup: '<button data-name="open">Open</button>',
      tap: 'open',
      before: () => document.querySelector('button')?.setAttribute('disabled', ''),
      replayed: [],
    },
    {
      name: 'a button gone meanwhile',
      markup: '<button data-name="open">Open</button>',
      tap: 'open',
      before: () => document.querySelector('button')?.remove(),
      replayed: [],
    },
  ];
  it.each(cases)('$name', ({ markup, tap, before, replayed }) => {
    const early = watch();
    const view = page(markup);
    view.tap(tap);
    expect(view.handled).toEqual([]);
    before?.();
    view.hydrate();
    early.replay();
    expect(view.handled).toEqual(replayed);
    // Never twice.
    early.replay();
    expect(view.handled).toEqual(replayed);
  });

  it('a tap that reached its handler is not replayed', () => {
    const early = watch();
    const view = page('<button data-name="open">Open</button>');
    view.hydrate();
    view.tap('open');
    early.replay();
    expect(view.handled).toEqual(['open']);
  });

  it('a tap its handler cancelled (a swipe guard) is not replayed', () => {
    const early = watch();
    const view = page('<button data-name="open">Open</button>');
    document.getElementById('part')?.addEventListener(
      'click',
      (event) => {
        event.preventDefault();
        event.stopPropagation();
      },
      { capture: true, once: true },
    );
    view.tap('open');
    view.hydrate();
    early.replay();
    expect(view.handled).toEqual([]);
  });

  it('taps are replayed in the order they were made', () => {
    const early = watch();
    const view = page('<button data-name="pause">Pause</button><button data-name="slide-2">2</button>');
    view.tap('pause');
    view.tap('slide-2');
    view.hydrate();
    early.replay();
    expect(view.handled).toEqual(['pause', 'slide-2']);
  });

  it('a tap whose part is still waiting is kept for the next part, a bounded number of times', () => {
    const early = watch();
    const view = page('<button data-name="open">Open</button>');
    view.tap('open');
    // Another part hydrated: this one is still waiting, so the replay is dropped again.
    early.replay();
    expect(view.handled).toEqual([]);
    view.hydrate();
    early.replay();
    expect(view.handled).toEqual(['open']);

    const stuck = page('<button data-name="stuck">Stuck</button>');
    stuck.tap('stuck');
    for (let attempt = 0; attempt < EARLY_TAP_MAX_ATTEMPTS + 2; attempt += 1) early.replay();
    stuck.hydrate();
    early.replay();
    expect(stuck.handled).toEqual([]);
  });

  it('after stop nothing is noted', () => {
    const early = watch();
    early.stop();
    const view = page('<button data-name="open">Open</button>');
    view.tap('open');
    view.hydrate();
    early.replay();
    expect(view.handled).toEqual([]);
  });
});

describe('early taps before the app has started (the page’s watcher, from the entry on)', () => {
  /** A page with no app yet: nothing stops a click, nothing handles it until `start`. */
  function bare(markup: string) {
    document.body.innerHTML = markup;
    const handled: string[] = [];
    let listening = false;
    document.body.addEventListener('click', (event) => {
      const target = (event.target as Element).closest('[data-name]');
      if (listening && target) handled.push(target.getAttribute('data-name') ?? '');
    });
    document.body.addEventListener('submit', (event) => {
      if (listening) {
        event.preventDefault();
        handled.push('submitted');
      }
    });
    return { handled, start: () => (listening = true) };
  }
  const beforeApp = () => {
    taps = watchEarlyTaps(window, () => clock, true);
    return taps;
  };

  it.each([
    ['a button', '<button type="button" data-name="open">Open</button>', 'open', ['open']],
    ['a link (the browser follows it)', '<a href="#x" data-name="link">Go</a>', 'link', []],
    ['plain text', '<p data-name="text">Hi</p>', 'text', []],
  ])('%s tapped before the app: replayed once it has started', (_case, markup, name, replayed) => {
    const page = bare(markup);
    const watcher = beforeApp();
    (document.querySelector(`[data-name="${name}"]`) as HTMLElement).click();
    page.start();
    watcher.appStarted();
    watcher.replay();
    expect(page.handled).toEqual(replayed);
  });

  it('a form submitted before the app is not sent by the browser; the app submits it when it replays', () => {
    const page = bare(
      '<form action="/m/login"><input name="password" value="secret"><button data-name="go">Log in</button></form>',
    );
    const watcher = beforeApp();
    const submits: boolean[] = [];
    window.addEventListener('submit', (event) => submits.push(event.defaultPrevented));
    (document.querySelector('[data-name="go"]') as HTMLElement).click();
    expect(submits).toEqual([true]);
    page.start();
    watcher.appStarted();
    watcher.replay();
    expect(page.handled).toEqual(['go', 'submitted']);
  });

  it('once started, a tap that reached the window was handled: not replayed', () => {
    const page = bare('<button type="button" data-name="open">Open</button>');
    const watcher = beforeApp();
    page.start();
    watcher.appStarted();
    (document.querySelector('[data-name="open"]') as HTMLElement).click();
    watcher.replay();
    expect(page.handled).toEqual(['open']);
  });
});
