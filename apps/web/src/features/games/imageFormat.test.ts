import { LazyStorageKey } from '@/platform/lazyStorageKeys';
import type { ImageFormat } from '@wps/contract/games';
import { act, createElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  cachedImageFormat,
  detectImageFormat,
  imageFormatFor,
  iosVersionNumber,
  resetImageFormatCache,
  useOfferedFormats,
  type ImageFormatFacts,
} from './imageFormat';

const both = { supportsAvif: true, supportsWebp: true };
const webpOnly = { supportsAvif: false, supportsWebp: true };
const neither = { supportsAvif: false, supportsWebp: false };

describe('imageFormatFor (spec section 9)', () => {
  const cases: [string, ImageFormatFacts, string][] = [
    ['iOS 13.7 → na, whatever decodes', { isIos: true, iosVersion: 13.7, ...both }, 'na'],
    ['iOS 12 → na', { isIos: true, iosVersion: 12, ...neither }, 'na'],
    ['iOS 14.0 → webp', { isIos: true, iosVersion: 14, ...both }, 'webp'],
    ['iOS 16.3 → webp even with avif', { isIos: true, iosVersion: 16.3, ...both }, 'webp'],
    ['iOS 16.4 with avif → avif', { isIos: true, iosVersion: 16.4, ...both }, 'avif'],
    ['iOS 16.4 without avif → webp', { isIos: true, iosVersion: 16.4, ...webpOnly }, 'webp'],
    ['iOS 17 with avif → avif', { isIos: true, iosVersion: 17, ...both }, 'avif'],
    ['iOS 17 without avif → webp', { isIos: true, iosVersion: 17.2, ...neither }, 'webp'],
    ['Android with avif → avif', { isIos: false, iosVersion: null, ...both }, 'avif'],
    ['Android webp only → webp', { isIos: false, iosVersion: null, ...webpOnly }, 'webp'],
    ['desktop with avif → avif', { isIos: false, iosVersion: null, ...both }, 'avif'],
    ['desktop without avif → webp', { isIos: false, iosVersion: null, ...webpOnly }, 'webp'],
    ['no avif, no webp → na', { isIos: false, iosVersion: null, ...neither }, 'na'],
    ['iOS of unknown version → probes like others', { isIos: true, iosVersion: null, ...webpOnly }, 'webp'],
  ];
  it.each(cases)('%s', (_name, facts, expected) => {
    expect(imageFormatFor(facts)).toBe(expected);
  });

  it('reads the environment version as major.minor', () => {
    expect(iosVersionNumber({ major: 16, minor: 4 })).toBe(16.4);
    expect(iosVersionNumber({ major: 16, minor: 3 })).toBeLessThan(16.4);
    expect(iosVersionNumber({ major: 13, minor: 7 })).toBeLessThan(14);
    expect(iosVersionNumber(null)).toBeNull();
  });
});

describe('detectImageFormat', () => {
  const OriginalImage = globalThis.Image;
  let decodes: string[] = [];

  beforeEach(() => {
    resetImageFormatCache();
    decodes = [];
    // A browser that decodes only the formats in `decodes`.
    class FakeImage {
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      width = 0;
      height = 0;
      set src(value: string) {
        const ok = decodes.some((format) => value.startsWith(`data:image/${format};`));
        setTimeout(() => {
          if (ok) {
            this.width = 1;
            this.height = 1;
            this.onload?.();
          } else this.onerror?.();
        }, 0);
      }
    }
    vi.stubGlobal('Image', FakeImage);
  });

  afterEach(() => {
    vi.stubGlobal('Image', OriginalImage);
    resetImageFormatCache();
  });

  it('probes once, then answers from memory and local storage as na, webp or avif', async () => {
    decodes = ['avif', 'webp'];
    const [first, second] = await Promise.all([detectImageFormat(), detectImageFormat()]);
    expect(first).toBe('avif');
    expect(second).toBe('avif');
    expect(window.localStorage.getItem(LazyStorageKey.imageFormat)).toBe('avif');
    resetImageFormatCache();
    decodes = [];
    expect(cachedImageFormat()).toBe('avif');
    await expect(detectImageFormat()).resolves.toBe('avif');
  });

  it('falls back to webp, then to na', async () => {
    decodes = ['webp'];
    await expect(detectImageFormat()).resolves.toBe('webp');
    resetImageFormatCache();
    window.localStorage.clear();
    decodes = [];
    await expect(detectImageFormat()).resolves.toBe('na');
    expect(window.localStorage.getItem(LazyStorageKey.imageFormat)).toBe('na');
  });

  it('ignores a stored value that is not a format', async () => {
    window.localStorage.setItem(LazyStorageKey.imageFormat, 'gif');
    decodes = ['webp'];
    expect(cachedImageFormat()).toBeNull();
    await expect(detectImageFormat()).resolves.toBe('webp');
  });
});

describe('useOfferedFormats after hydration', () => {
  it('renders a picture once when this browser offers what the server did (no render again)', async () => {
    const renders: ImageFormat[][] = [];
    function Offered() {
      const formats = useOfferedFormats();
      renders.push(formats);
      return createElement('p', null, formats.join(' '));
    }
    const container = document.createElement('div');
    container.innerHTML = renderToString(createElement(Offered));
    renders.length = 0;
    const onRecoverableError = vi.fn();
    let root: Root | null = null;
    await act(async () => {
      root = hydrateRoot(container, createElement(Offered), { onRecoverableError });
      await Promise.resolve();
    });
    expect(container.textContent).toBe('avif webp');
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(renders).toHaveLength(1);
    act(() => root?.unmount());
  });
});
