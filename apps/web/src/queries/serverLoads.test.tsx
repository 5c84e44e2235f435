import { renderHook } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '@/state/session';
import { settingsStore } from '@/state/settings';
import { signIn } from '@/test/sessionFixture';
import { testSettings } from '@/test/settingsFixture';
import {
  primeQueries,
  readyPublicAnswers,
  startServerLoads,
  stopServerLoads,
  takeServerLoads,
  type QuerySpec,
} from './store';
import { useQuery } from './useQuery';

function setMerchant(merchantCode: string): void {
  settingsStore.set({ status: 'ready', settings: { ...testSettings(), merchantCode } });
}

function Show({ spec }: { spec: QuerySpec<string> }) {
  const state = useQuery(spec);
  return <p>{state.status === 'ready' ? state.data : state.status}</p>;
}

beforeEach(() => setMerchant('aurora'));
afterEach(() => {
  stopServerLoads();
  clearSession();
  settingsStore.set({ status: 'loading' });
});

describe('server loads: the render asks, the renderer waits, the next render has the data', () => {
  it('loads what a render observes once, and the second render shows it', async () => {
    const load = vi.fn(() => Promise.resolve('banners!'));
    const spec = { key: ['banners'], load };
    startServerLoads();
    expect(renderToString(<Show spec={spec} />)).toContain('loading');
    const loads = takeServerLoads();
    expect(loads).toHaveLength(1);
    await Promise.all(loads);
    expect(renderToString(<Show spec={spec} />)).toContain('banners!');
    expect(takeServerLoads()).toHaveLength(0);
    expect(load).toHaveBeenCalledTimes(1);
    expect(readyPublicAnswers()).toEqual({ '["aurora"]["banners"]': 'banners!' });
  });

  it('a failed load is not carried (the browser loads it again)', async () => {
    startServerLoads();
    renderToString(<Show spec={{ key: ['broken'], load: () => Promise.reject(new Error('down')) }} />);
    await Promise.all(takeServerLoads());
    expect(readyPublicAnswers()).toEqual({});
  });

  it('a member query is never loaded nor carried by the server render', async () => {
    const load = vi.fn(() => Promise.resolve('private'));
    startServerLoads();
    renderToString(<Show spec={{ key: ['favourites'], load, member: true }} />);
    expect(takeServerLoads()).toHaveLength(0);
    expect(load).not.toHaveBeenCalled();
  });

  it('outside a server render, rendering starts no load by itself', () => {
    const load = vi.fn(() => Promise.resolve('x'));
    renderToString(<Show spec={{ key: ['quiet'], load }} />);
    expect(load).not.toHaveBeenCalled();
  });
});

describe('primeQueries: the browser starts from the answers the page carries', () => {
  it('shows a primed answer at once, without loading', () => {
    const load = vi.fn(() => Promise.resolve('fresh'));
    primeQueries({ '["aurora"]["banners"]': 'from the page' });
    const { result } = renderHook(() => useQuery({ key: ['banners'], load }));
    expect(result.current).toMatchObject({ status: 'ready', data: 'from the page' });
    expect(load).not.toHaveBeenCalled();
  });

  it.each([
    ['another merchant', '["lotus"]["banners"]'],
    ['a prefix of the merchant', '["auror"]["banners"]'],
    ['a member scope', '["aurora","token-1"]["banners"]'],
    ['no scope', '["banners"]'],
  ])('ignores an answer of %s', (_case, id) => {
    const load = vi.fn(() => new Promise<string>(() => undefined));
    primeQueries({ [id]: 'foreign' });
    const { result } = renderHook(() => useQuery({ key: ['banners'], load }));
    expect(result.current.status).toBe('loading');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a member signed in still gets the public answer primed', () => {
    signIn();
    primeQueries({ '["aurora"]["hotGames"]': ['g1'] });
    const { result } = renderHook(() => useQuery({ key: ['hotGames'], load: () => Promise.resolve(['x']) }));
    expect(result.current).toMatchObject({ status: 'ready', data: ['g1'] });
  });
});
