import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, useNavigate, type NavigateFunction } from '@/platform/router';
import { AppRoutes } from './App';
import { beforeEach, describe, expect, it } from 'vitest';
import { readArrival } from '@/platform/arrival';
import { setSession } from '@/state/session';
import { renderWithI18n } from '@/test/renderWithI18n';
import { applyTestSettings } from '@/test/settingsFixture';
import { ROUTER_BASENAME } from './routeTable';

interface Probe {
  where: () => string;
  navigate: NavigateFunction;
}

/** Renders the real route table at `url` and exposes where the app is and a way to navigate. */
function renderAt(url: string): Probe {
  const probe = {} as { location: { pathname: string; search: string }; navigate: NavigateFunction };
  function Spy() {
    probe.location = useLocation();
    probe.navigate = useNavigate();
    return null;
  }
  renderWithI18n(
    <MemoryRouter basename={ROUTER_BASENAME} initialEntries={[url]}>
      <AppRoutes />
      <Spy />
    </MemoryRouter>,
  );
  return {
    where: () => `/m${probe.location.pathname}${probe.location.search}`,
    navigate: ((...args: [string]) => probe.navigate(...args)) as NavigateFunction,
  } as Probe;
}

function signIn() {
  setSession({
    spanId: '',
    id: '7',
    token: 'tok',
    merchantCode: 'aurora',
    userName: 'ann',
    type: 0,
    firstTimeLogin: false,
  });
}

beforeEach(() => applyTestSettings([]));

describe('the app routes (spec section 2 rules)', () => {
  it.each([
    ['/m/member/home', '/m/login?go=%2Fm%2Fmember%2Fhome'],
    ['/m/changePsw', '/m/login?go=%2Fm%2FchangePsw'],
    [
      '/m/launchGame?code=LOTTO&backUrl=%2Fm%2Fhome',
      '/m/login?go=%2Fm%2FlaunchGame%3Fcode%3DLOTTO%26backUrl%3D%252Fm%252Fhome',
    ],
    ['/m/agentRegister', '/m/login?go=%2Fm%2FagentRegister'],
    ['/m/feedback', '/m/home'],
  ])('without a session %s goes to %s', async (url, expected) => {
    const router = renderAt(url);
    await screen.findByRole('heading', { level: 1 });
    expect(router.where()).toBe(expected);
  });

  it('a redirect to login keeps the tracking parameters', async () => {
    const router = renderAt('/m/member/home?affiliateCode=A1&cid=9');
    await screen.findByRole('heading', { name: 'Log in' });
    const params = new URL(router.where(), 'http://x').search;
    expect(params).toContain('affiliateCode=A1');
    expect(params).toContain('cid=9');
    expect(params).toContain('go=');
  });

  it.each([
    ['/m/member/home', 'My account'],
    ['/m/feedback', 'Feedback'],
    ['/m/changePsw', 'Change password'],
  ])('with a stored session %s opens', async (url, heading) => {
    signIn();
    renderAt(url);
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
  });

  it.each([
    ['/m/login?go=%2Fm%2Fgame', '/m/game'],
    ['/m/login?go=%2F%2Fevil.example', '/m/home'],
    ['/m/login?go=https%3A%2F%2Fevil.example%2Fm%2Fhome', '/m/home'],
    ['/m/login', '/m/home'],
  ])('a member opening %s is sent to %s', async (url, expected) => {
    signIn();
    const router = renderAt(url);
    await screen.findByRole('heading', { level: 1 });
    expect(router.where()).toBe(expected);
  });

  it('links are real anchors that carry the kept parameters, and unknown ones are dropped', async () => {
    const user = userEvent.setup();
    const router = renderAt('/m/home?gclid=G1&r=REF&other=x');
    const sports = await screen.findByRole('link', { name: 'Sports' });
    const href = new URL(sports.getAttribute('href') ?? '', 'http://localhost');
    expect(href.pathname).toBe('/m/sports');
    expect(Object.fromEntries(href.searchParams)).toEqual({ gclid: 'G1', r: 'REF' });
    await user.click(sports);
    await screen.findByRole('heading', { name: 'Sports' });
    expect(new URL(router.where(), 'http://x').pathname).toBe('/m/sports');
    expect(Object.fromEntries(new URLSearchParams(new URL(router.where(), 'http://x').search))).toEqual({
      gclid: 'G1',
      r: 'REF',
    });
  });

  it('a navigation that drops kept parameters gets them back without a new history entry', async () => {
    // What main.tsx does at start: the arrival parameters are stored for the rest of the visit.
    readArrival(new URL('http://localhost/m/home?fbclid=F1'));
    const router = renderAt('/m/home?fbclid=F1');
    await screen.findByRole('heading', { level: 1 });
    await act(async () => {
      await router.navigate('/game');
    });
    await screen.findByRole('heading', { name: 'Games' });
    expect(router.where()).toBe('/m/game?fbclid=F1');
    await act(async () => {
      await router.navigate(-1);
    });
    expect(new URL(router.where(), 'http://x').pathname).toBe('/m/home');
  });

  it('an unknown path shows the not-found page with a way home', async () => {
    renderAt('/m/definitely-not-here');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/m/home');
  });
});
