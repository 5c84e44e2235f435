import { DESKTOP_WIDTH_TO_HEIGHT, LAYOUT_DEBOUNCE_MS } from '@wps/contract/firstLoadConstants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  APP_MAX_WIDTH_PROPERTY,
  DESKTOP_MIN_WIDTH_PX,
  desktopBodyMaxWidth,
  setAppMaxWidth,
  watchDesktopLayout,
} from './layout';

describe('desktopBodyMaxWidth', () => {
  it.each<[string, number, number, number | null]>([
    ['full HD desktop', 1920, 1080, Math.floor(DESKTOP_WIDTH_TO_HEIGHT * 1080)],
    ['laptop', 1366, 768, 432],
    ['odd height rounds down', 1280, 719, Math.floor(DESKTOP_WIDTH_TO_HEIGHT * 719)],
    [
      'exactly the minimum width, landscape',
      DESKTOP_MIN_WIDTH_PX,
      500,
      Math.floor(DESKTOP_WIDTH_TO_HEIGHT * 500),
    ],
    ['one pixel narrower than the minimum', DESKTOP_MIN_WIDTH_PX - 1, 500, null],
    ['phone portrait', 390, 844, null],
    ['phone landscape', 844, 390, Math.floor(DESKTOP_WIDTH_TO_HEIGHT * 390)],
    ['tablet portrait', 820, 1180, null],
    ['square window', 1000, 1000, null],
    ['zero height', 1200, 0, null],
    ['negative height', 1200, -5, null],
    ['NaN width', Number.NaN, 800, null],
    ['infinite height', 1200, Number.POSITIVE_INFINITY, null],
  ])('%s (%i × %i) → %j', (_name, width, height, expected) => {
    expect(desktopBodyMaxWidth(width, height)).toBe(expected);
  });
});

describe('watchDesktopLayout', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function resizeTo(width: number, height: number) {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: height });
    window.dispatchEvent(new Event('resize'));
  }

  it('measures at once, then once after resizing settles', () => {
    resizeTo(1920, 1080);
    const apply = vi.fn();
    const stop = watchDesktopLayout(window, apply);
    expect(apply).toHaveBeenCalledExactlyOnceWith(607);

    resizeTo(1600, 900);
    resizeTo(1400, 800);
    vi.advanceTimersByTime(LAYOUT_DEBOUNCE_MS - 1);
    resizeTo(1280, 720);
    vi.advanceTimersByTime(LAYOUT_DEBOUNCE_MS - 1);
    expect(apply).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(apply).toHaveBeenCalledTimes(2);
    expect(apply).toHaveBeenLastCalledWith(405);

    resizeTo(390, 844);
    vi.advanceTimersByTime(LAYOUT_DEBOUNCE_MS);
    expect(apply).toHaveBeenLastCalledWith(null);
    stop();
  });

  it('does not call apply when the answer is unchanged', () => {
    resizeTo(390, 844);
    const apply = vi.fn();
    const stop = watchDesktopLayout(window, apply);
    resizeTo(400, 850);
    vi.advanceTimersByTime(LAYOUT_DEBOUNCE_MS);
    expect(apply).toHaveBeenCalledExactlyOnceWith(null);
    stop();
  });

  it('re-measures on orientation change', () => {
    resizeTo(820, 1180);
    const apply = vi.fn();
    const stop = watchDesktopLayout(window, apply);
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1180 });
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: 820 });
    window.dispatchEvent(new Event('orientationchange'));
    vi.advanceTimersByTime(LAYOUT_DEBOUNCE_MS);
    expect(apply).toHaveBeenLastCalledWith(461);
    stop();
  });

  it('stops watching, including a pending measurement', () => {
    resizeTo(1920, 1080);
    const apply = vi.fn();
    const stop = watchDesktopLayout(window, apply);
    resizeTo(1280, 720);
    stop();
    vi.advanceTimersByTime(LAYOUT_DEBOUNCE_MS * 2);
    resizeTo(1000, 600);
    vi.advanceTimersByTime(LAYOUT_DEBOUNCE_MS * 2);
    expect(apply).toHaveBeenCalledTimes(1);
  });
});

describe('setAppMaxWidth', () => {
  it('sets and removes the custom property', () => {
    const root = document.createElement('div');
    setAppMaxWidth(root, 607);
    expect(root.style.getPropertyValue(APP_MAX_WIDTH_PROPERTY)).toBe('607px');
    setAppMaxWidth(root, null);
    expect(root.style.getPropertyValue(APP_MAX_WIDTH_PROPERTY)).toBe('');
  });
});
