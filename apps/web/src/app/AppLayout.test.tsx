import { LazyStorageKey } from '@/platform/lazyStorageKeys';
import type { RegistrationResult } from '@wps/contract/accounts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from '@/platform/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as accounts from '@/api/endpoints/accounts';
import { closeRegisterDialog, registerDialogStore } from '@/features/session';
import { RegisterDialogHost } from './RegisterDialogHost';
import { sessionStore } from '@/platform/storage';
import { clearSession, getSession } from '@/state/session';
import { renderWithI18n } from '@/test/renderWithI18n';
import { settingsStore } from '@/state/settings';
import { applyTestSettings, testSettings } from '@/test/settingsFixture';
import type * as Idle from '@/platform/idle';
import { AppLayout, SETTINGS_WAIT_MS } from './AppLayout';

// The page's idle moment, opened by hand: the customer-service buttons' code waits for it.
const idle = vi.hoisted(() => {
  let open: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open: () => open() };
});
vi.mock('@/platform/idle', async (importOriginal) => ({
  ...(await importOriginal<typeof Idle>()),
  whenIdle: () => idle.promise,
}));

vi.mock('@/api/endpoints/accounts', () => ({
  fetchMemberInfo: vi.fn(),
  fetchRankProgress: vi.fn(),
  fetchUnreadCount: vi.fn(),
  register: vi.fn(),
  fetchCaptcha: vi.fn(),
  verifyCaptcha: vi.fn(),
  requestSmsCode: vi.fn(),
}));
const register = vi.mocked(accounts.register);

const registered: RegistrationResult = {
  token: 'tok-new',
  customerId: '77',
  userName: 'newbie2',
  customerName: 'newbie2',
  firstTimeLogin: false,
  customerType: 0,
};

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`/m${location.pathname}`}</p>;
}

function renderAt(url: string) {
  renderWithI18n(
    <MemoryRouter basename="/m" initialEntries={[url]}>
      <Routes>
        <Route element={<AppLayout />}>
          <Route path="*" element={<Where />} />
        </Route>
      </Routes>
      <RegisterDialogHost />
    </MemoryRouter>,
  );
}

const registerLink = () => screen.getByRole('link', { name: 'Register' });

async function registerInDialog() {
  const dialog = await screen.findByRole('dialog', { name: 'Register' });
  expect(dialog).toBeInTheDocument();
  await userEvent.type(screen.getByLabelText('Username'), 'newbie2');
  await userEvent.type(screen.getByLabelText('Password'), 'Secret123');
  await userEvent.type(screen.getByLabelText('Confirm password'), 'Secret123');
  await userEvent.click(screen.getByRole('button', { name: 'Register' }));
}

describe("the header's Register link", () => {
  beforeEach(() => {
    vi.clearAllMocks();
    applyTestSettings([]);
    clearSession();
  });
  afterEach(async () => {
    act(() => closeRegisterDialog());
    act(() => clearSession());
    // The registration lock is released 500 ms after a registration ends.
    await new Promise((resolve) => setTimeout(resolve, 600));
  });

  it('is a real link to /m/register', () => {
    renderAt('/m/game');
    expect(registerLink()).toHaveAttribute('href', '/m/register');
  });

  it('a plain click opens the register dialog over the current page', async () => {
    renderAt('/m/game');
    await userEvent.click(registerLink());
    expect(await screen.findByRole('dialog', { name: 'Register' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/m/game');
  });

  it('a modified click is left to the browser (a new tab): no dialog, no navigation', async () => {
    renderAt('/m/game');
    // Stands for the browser opening the tab (jsdom cannot); runs after the app's own handler.
    const browser = (event: MouseEvent) => event.preventDefault();
    window.addEventListener('click', browser);
    const user = userEvent.setup();
    await user.keyboard('{Control>}');
    await user.click(registerLink());
    await user.keyboard('{/Control}');
    window.removeEventListener('click', browser);
    expect(registerDialogStore.get()).toBe(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/m/game');
  });

  it('on the register page itself it just navigates', async () => {
    renderAt('/m/register');
    await userEvent.click(registerLink());
    expect(registerDialogStore.get()).toBe(false);
    expect(screen.getByTestId('where')).toHaveTextContent('/m/register');
  });

  it('success stores the token, closes the dialog and goes to /m/home', async () => {
    register.mockResolvedValue(registered);
    renderAt('/m/game');
    await userEvent.click(registerLink());
    await registerInDialog();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(registerDialogStore.get()).toBe(false);
    expect(getSession()).toMatchObject({ token: 'tok-new', id: '77', userName: 'newbie2' });
    // The navigation follows the dialog's closing (as in the go-to case below): waited for, not assumed.
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/m/home'));
    expect(register).toHaveBeenCalledWith(
      expect.objectContaining({ username: 'newbie2', password: 'Secret123', login: true }),
      false,
    );
  });

  it('success goes to the stored go-to target instead when there is one', async () => {
    register.mockResolvedValue(registered);
    sessionStore.setString(LazyStorageKey.goTarget, '/m/activity');
    renderAt('/m/game');
    await userEvent.click(registerLink());
    await registerInDialog();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/m/activity'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(getSession()?.token).toBe('tok-new');
  });
});

describe('the screen area while the settings load', () => {
  afterEach(() => applyTestSettings([]));

  it.each([
    ['ready', () => applyTestSettings([]), true],
    [
      'failed (the screens run on defaults)',
      () => settingsStore.set({ status: 'failed', errorCode: 'x' }),
      true,
    ],
    ['still loading', () => settingsStore.set({ status: 'loading' }), false],
  ])('settings %s: the screen shows: %s', (_name, arrange, shows) => {
    arrange();
    renderAt('/m/game');
    expect(screen.queryByTestId('where') !== null).toBe(shows);
    expect(screen.getByRole('main').querySelector('[aria-busy="true"]') !== null).toBe(!shows);
  });

  it('shows the screen on defaults when the settings take longer than SETTINGS_WAIT_MS', () => {
    vi.useFakeTimers();
    try {
      settingsStore.set({ status: 'loading' });
      renderAt('/m/game');
      act(() => void vi.advanceTimersByTime(SETTINGS_WAIT_MS - 1));
      expect(screen.queryByTestId('where')).not.toBeInTheDocument();
      act(() => void vi.advanceTimersByTime(1));
      expect(screen.getByTestId('where')).toHaveTextContent('/m/game');
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the screen once the settings arrive', () => {
    settingsStore.set({ status: 'loading' });
    renderAt('/m/game');
    expect(screen.queryByTestId('where')).not.toBeInTheDocument();
    act(() => applyTestSettings([]));
    expect(screen.getByTestId('where')).toHaveTextContent('/m/game');
  });
});

describe('the customer-service buttons (issue 16)', () => {
  afterEach(() => applyTestSettings([]));
  const placing = (positions: ('HEADER' | 'FLOATING' | 'HOME')[], labelIds: string[] = []) =>
    settingsStore.set({
      status: 'ready',
      settings: {
        ...testSettings(),
        customerService: positions.map((csPosition) => ({
          path: '/m/supportChat',
          csType: 'CHAT' as const,
          csPosition,
          labelIds,
        })),
      },
    });

  const renderLayout = () =>
    renderWithI18n(
      <MemoryRouter basename="/m" initialEntries={['/m/home']}>
        <Routes>
          <Route element={<AppLayout />}>
            <Route path="*" element={<Where />} />
          </Route>
        </Routes>
      </MemoryRouter>,
    );

  it('their code waits for the idle page; the header slot is kept meanwhile', async () => {
    placing(['HEADER', 'FLOATING']);
    const { container } = renderLayout();
    const slot = container.querySelector('header .cs-slot');
    expect(slot).not.toBeNull();
    expect(slot?.childElementCount).toBe(0);
    expect(screen.queryByRole('link', { name: 'Help and support' })).toBeNull();
    act(() => idle.open());
    await waitFor(() => expect(screen.getAllByRole('link', { name: 'Help and support' })).toHaveLength(2), {
      timeout: 5_000,
    });
    expect(container.querySelector('header .cs-slot')).toBe(slot);
  });

  // [case, positions, labels, header slot kept, buttons shown to a visitor]
  it.each<[string, ('HEADER' | 'FLOATING' | 'HOME')[], string[], boolean, number]>([
    [
      'a header entry: its slot is there before its code (nothing moves when it comes)',
      ['HEADER'],
      [],
      true,
      1,
    ],
    ['a label-only header entry keeps the slot (the member is known later)', ['HEADER'], ['VIP2'], true, 0],
    ['no header entry: no slot; the floating button', ['HOME', 'FLOATING'], [], false, 1],
    ['header and floating', ['HEADER', 'FLOATING'], [], true, 2],
  ])('%s', async (_case, positions, labelIds, slot, buttons) => {
    placing(positions, labelIds);
    const { container } = renderLayout();
    const header = container.querySelector('header');
    expect(header?.querySelector('.cs-slot') !== null).toBe(slot);
    // The buttons come with their own chunks, once the page is idle.
    await waitFor(
      () => expect(screen.queryAllByRole('link', { name: 'Help and support' })).toHaveLength(buttons),
      { timeout: 5_000 },
    );
    if (buttons > 0 && slot) {
      expect(header?.querySelector('.cs-slot a')).not.toBeNull();
    }
  });
});

describe('the legal footer (issue 29)', () => {
  // Pages that show it first: its code is then loaded, so a page without it is not just early.
  it.each([
    ['/m/game', true],
    ['/m/activity', true],
    ['/m/supportChat', false],
    ['/m/launchGame', false],
  ])('%s shows it once the page is idle: %s', async (url, shown) => {
    applyTestSettings([]);
    act(() => idle.open());
    renderAt(url);
    if (shown) {
      const footer = await screen.findByTestId('legal-footer', {}, { timeout: 5_000 });
      expect(footer.closest('main')).not.toBeNull();
      expect(screen.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute(
        'href',
        '/m/legal/terms',
      );
    } else {
      await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
      expect(screen.queryByTestId('legal-footer')).toBeNull();
    }
  });
});
