import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ar from '@/i18n/catalogs/ar.json';
import en from '@/i18n/catalogs/en.json';
import vi_ from '@/i18n/catalogs/vi.json';
import type { Catalog } from '@/i18n';
import * as environment from '@/platform/environment';
import { languageStore } from '@/state/language';
import { dialogQueue, toasts } from '@/ui/notices';
import {
  captureInstallPrompt,
  clearDeferredInstallPrompt,
  deferredInstallPrompt,
} from '@/features/pwa/installCapture';
import { showStartInAppDialog } from '@/features/pwa/startInApp';

vi.mock('@/platform/environment', async (original) => ({
  ...(await original<typeof environment>()),
  currentEnvironment: vi.fn(),
}));
const currentEnvironment = vi.mocked(environment.currentEnvironment);

type Place = 'iosSafari' | 'androidChrome' | 'lineOnIos' | 'telegramOnAndroid';

function env(place: Place): environment.Environment {
  const ios = place === 'iosSafari' || place === 'lineOnIos';
  return {
    isNativeApp: false,
    nativeAppVersion: null,
    isInstalledPwa: false,
    isIosWebClip: false,
    isIos: ios,
    isIpad: false,
    iosVersion: ios ? { major: 17, minor: 4 } : null,
    isAndroid: !ios,
    isSafari: place === 'iosSafari',
    inAppBrowser: place === 'lineOnIos' ? 'line' : place === 'telegramOnAndroid' ? 'telegram' : null,
    isMobile: true,
  };
}

captureInstallPrompt(window);
const prompt = vi.fn(() => Promise.resolve());

/** The browser offers its install prompt (Chrome's `beforeinstallprompt`), answered with `outcome`. */
function offerInstall(outcome: 'accepted' | 'dismissed'): void {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt,
    userChoice: Promise.resolve({ outcome }),
  });
  window.dispatchEvent(event);
}

function speak(language: 'EN' | 'AR' | 'VI'): void {
  const catalog = { EN: en, AR: ar, VI: vi_ }[language] as Catalog;
  languageStore.set({ language, catalog });
}

async function open(): Promise<{ closed: () => boolean; dialog: HTMLElement }> {
  let done = false;
  void showStartInAppDialog().then(() => {
    done = true;
  });
  const dialog = await screen.findByRole('dialog');
  return { closed: () => done, dialog };
}

const STEPS = {
  ios: ['Tap the Share button', 'Add to Home Screen', 'Tap “Add”'],
  other: ['Open the browser', 'Install app', 'Confirm'],
};

beforeEach(() => {
  speak('EN');
  prompt.mockClear();
});
afterEach(async () => {
  clearDeferredInstallPrompt();
  toasts.set([]);
  dialogQueue.set([]);
  // Let a closed dialog's root unmount before the next case.
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  document.body.textContent = '';
});

describe('the start-in-app dialog (STARTGAMEINAPP3 in a browser)', () => {
  it.each<[string, Place, string[]]>([
    ['iOS Safari: Share → Add to Home Screen', 'iosSafari', STEPS.ios],
    ['Android Chrome without a prompt: menu → Install app', 'androidChrome', STEPS.other],
    ['LINE on iOS: open in the browser first', 'lineOnIos', ['Open this page in your browser', ...STEPS.ios]],
    [
      'Telegram on Android: open in the browser first',
      'telegramOnAndroid',
      ['Open this page in your browser', ...STEPS.other],
    ],
  ])('without an install prompt, %s', async (_name, place, steps) => {
    currentEnvironment.mockReturnValue(env(place));
    const { dialog, closed } = await open();
    expect(dialog).toHaveAccessibleName('Play in the app');
    expect(dialog).toHaveAccessibleDescription(en.label_start_game_error);
    const items = within(dialog).getAllByRole('listitem');
    expect(items).toHaveLength(steps.length);
    steps.forEach((text, index) => expect(items[index]).toHaveTextContent(text));
    // No Install without the browser's prompt; not only a Confirm either.
    expect(within(dialog).queryByRole('button', { name: 'Install the app' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Confirm' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(closed()).toBe(true));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it.each([
    ['accepted', 'accepted', true],
    ['dismissed', 'dismissed', false],
  ] as const)('with the browser’s prompt captured: Install runs it (%s)', async (_name, outcome, toast) => {
    currentEnvironment.mockReturnValue(env('androidChrome'));
    offerInstall(outcome);
    const { dialog, closed } = await open();
    expect(within(dialog).queryByRole('list')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Install the app' }));
    expect(prompt).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(closed()).toBe(true));
    // Used up: a deferred prompt shows once.
    expect(deferredInstallPrompt()).toBeNull();
    await waitFor(() => expect(toasts.get().some((item) => item.id === 'a2hs-installing')).toBe(toast));
    if (!toast) expect(window.sessionStorage.getItem('wps.installDeclined')).not.toBeNull();
  });

  it('Cancel leaves the captured prompt for later', async () => {
    currentEnvironment.mockReturnValue(env('androidChrome'));
    offerInstall('accepted');
    const { dialog, closed } = await open();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(closed()).toBe(true));
    expect(prompt).not.toHaveBeenCalled();
    expect(deferredInstallPrompt()).not.toBeNull();
  });

  it.each([
    ['AR', ar],
    ['VI', vi_],
  ] as const)('speaks the member’s language: %s', async (language, catalog) => {
    currentEnvironment.mockReturnValue(env('androidChrome'));
    speak(language);
    offerInstall('accepted');
    const { dialog } = await open();
    expect(dialog).toHaveAccessibleName(catalog.start_in_app_title);
    expect(within(dialog).getByRole('button', { name: catalog.start_in_app_install })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: catalog.cancel })).toBeVisible();
    expect(dialog).toHaveTextContent(catalog.label_start_game_error);
    expect(dialog).not.toHaveTextContent('Install the app');
    await userEvent.click(within(dialog).getByRole('button', { name: catalog.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a second call while it is open shows no second dialog', async () => {
    currentEnvironment.mockReturnValue(env('iosSafari'));
    const first = showStartInAppDialog();
    const second = showStartInAppDialog();
    await screen.findByRole('dialog');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(Promise.all([first, second])).resolves.toEqual([undefined, undefined]);
  });
});
