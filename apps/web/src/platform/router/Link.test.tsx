import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Link, MemoryRouter, useSearchParams, type LinkProps } from './index';
import { go, inMemory, probe, where, Probe } from '@/test/routerProbe';

describe('useSearchParams', () => {
  function Filters() {
    const [params, setParams] = useSearchParams();
    return (
      <>
        <p data-testid="category">{params.get('category') ?? 'none'}</p>
        <button type="button" onClick={() => setParams({ category: 'live' })}>
          set
        </button>
        <button
          type="button"
          onClick={() =>
            setParams(
              (current) => {
                const next = new URLSearchParams(current);
                next.set('vendor', 'a&b =');
                next.delete('category');
                return next;
              },
              { replace: true },
            )
          }
        >
          update
        </button>
        <button type="button" onClick={() => setParams('')}>
          clear
        </button>
      </>
    );
  }

  it('reads the query and changes it: push, replace with an updater, clear', async () => {
    inMemory('/m/game?category=rng&x=1#grid', <Filters />);
    expect(screen.getByTestId('category')).toHaveTextContent('rng');
    fireEvent.click(screen.getByRole('button', { name: 'set' }));
    await act(async () => undefined);
    // The path stays, the hash goes (as react-router does).
    expect(where()).toBe('/game?category=live');
    expect(screen.getByTestId('category')).toHaveTextContent('live');
    fireEvent.click(screen.getByRole('button', { name: 'update' }));
    await act(async () => undefined);
    expect(where()).toBe('/game?vendor=a%26b+%3D');
    await go(-1);
    expect(where()).toBe('/game?category=rng&x=1#grid');
    fireEvent.click(screen.getByRole('button', { name: 'clear' }));
    await act(async () => undefined);
    expect(where()).toBe('/game');
  });
});

describe('Link', () => {
  /** Records whether the router took the click, then stops jsdom from following the link itself. */
  let taken: boolean | null = null;
  const record = (event: MouseEvent) => {
    taken = event.defaultPrevented;
    event.preventDefault();
  };
  beforeEach(() => window.addEventListener('click', record));
  afterEach(() => {
    window.removeEventListener('click', record);
    taken = null;
  });

  const renderLink = (props: LinkProps, entry = '/m/home') => inMemory(entry, <Link {...props}>go</Link>);

  it.each<[string, LinkProps['to'], string]>([
    ['an absolute path', '/game', '/m/game'],
    ['a query and hash', '/game?category=live#grid', '/m/game?category=live#grid'],
    ['the root', '/', '/m'],
    ['a query alone', '?x=1', '/m/home?x=1'],
    ['a relative path', 'next', '/m/home/next'],
    ['an object', { pathname: '/game', search: '?x=1' }, '/m/game?x=1'],
    ['a protocol-relative host', '//evil.example', '/m/evil.example'],
    ['a backslash host', '/\\evil.example', '/m/evil.example'],
    ['an absolute URL', 'https://evil.example', '/m/home/https:/evil.example'],
  ])('%s: href of %j is %s', (_case, to, href) => {
    renderLink({ to });
    expect(screen.getByRole('link')).toHaveAttribute('href', href);
  });

  it('passes the anchor attributes and the ref on', () => {
    let anchor: HTMLAnchorElement | null = null;
    renderLink({
      to: '/game',
      className: 'nav',
      'aria-current': 'page',
      ref: (node) => void (anchor = node),
    });
    const link = screen.getByRole('link');
    expect(link).toHaveClass('nav');
    expect(link).toHaveAttribute('aria-current', 'page');
    expect(anchor).toBe(link);
  });

  it.each<[string, boolean, Parameters<typeof fireEvent.click>[1], string | undefined]>([
    ['a plain left click', true, {}, undefined],
    ['a left click with target _self', true, {}, '_self'],
    ['a middle click', false, { button: 1 }, undefined],
    ['a right click', false, { button: 2 }, undefined],
    ['a ctrl click', false, { ctrlKey: true }, undefined],
    ['a meta (cmd) click', false, { metaKey: true }, undefined],
    ['a shift click', false, { shiftKey: true }, undefined],
    ['an alt click', false, { altKey: true }, undefined],
    ['a click on a target=_blank link', false, {}, '_blank'],
    ['a click on a link to another frame', false, {}, 'other'],
  ])('%s is followed in the app: %s', async (_case, inApp, init, target) => {
    renderLink({ to: '/game?x=1', target });
    fireEvent.click(screen.getByRole('link'), init);
    await act(async () => undefined);
    expect(taken).toBe(inApp);
    expect(where()).toBe(inApp ? '/game?x=1' : '/home');
  });

  it('the caller’s onClick runs first and may keep the router out', async () => {
    const onClick = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    renderLink({ to: '/game', onClick });
    fireEvent.click(screen.getByRole('link'));
    await act(async () => undefined);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(where()).toBe('/home');
  });

  it.each<[string, LinkProps, string]>([
    ['a link pushes', { to: '/game' }, '/home?x=1'],
    ['a link to the current location replaces', { to: '/home?x=1' }, '/start'],
    ['replace replaces', { to: '/game', replace: true }, '/start'],
    ['replace={false} pushes even to the same location', { to: '/home?x=1', replace: false }, '/home?x=1'],
  ])('%s (back goes to %s)', async (_case, props, back) => {
    render(
      <MemoryRouter basename="/m" initialEntries={['/m/start', '/m/home?x=1']}>
        <Link {...props}>go</Link>
        <Probe />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('link'));
    await act(async () => undefined);
    await go(-1);
    expect(where()).toBe(back);
  });

  it('stores the state with the entry', async () => {
    renderLink({ to: '/game', state: { from: 'link' } });
    fireEvent.click(screen.getByRole('link'));
    await act(async () => undefined);
    expect(probe.location.state).toEqual({ from: 'link' });
  });
});
