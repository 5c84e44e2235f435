import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GameImage } from './GameImage';
import { offeredFormats } from './imageFormat';

describe('offeredFormats: the spec rule of image formats, as <picture> sources', () => {
  it.each([
    ['Android', null, false, ['avif', 'webp']],
    ['desktop', null, false, ['avif', 'webp']],
    ['iOS 13.7', 13.7, true, []],
    ['iOS 14.0', 14, true, ['webp']],
    ['iOS 16.3', 16.3, true, ['webp']],
    ['iOS 16.4', 16.4, true, ['avif', 'webp']],
    ['iOS 18', 18, true, ['avif', 'webp']],
    ['iOS of unknown version', null, true, ['avif', 'webp']],
  ] as const)('%s → %j', (_case, version, isIos, expected) => {
    expect(offeredFormats(version, isIos)).toEqual(expected);
  });
});

function sources(container: HTMLElement): string[] {
  return [...container.querySelectorAll('source')].map((source) => source.getAttribute('type') ?? '');
}

function failLoading(image: HTMLImageElement, currentSrc: string): void {
  Object.defineProperty(image, 'currentSrc', { configurable: true, value: currentSrc });
  fireEvent.error(image);
}

describe('GameImage', () => {
  it('offers AVIF, WebP and the PNG, lazily unless eager', () => {
    const lazy = render(<GameImage imageBase="/wps/game/image/g1" alt="" />);
    expect(sources(lazy.container)).toEqual(['image/avif', 'image/webp']);
    expect(lazy.container.querySelector('img')).toHaveAttribute('loading', 'lazy');
    const eager = render(<GameImage imageBase="/wps/game/image/g2" alt="" eager />);
    expect(eager.container.querySelector('img')).toHaveAttribute('loading', 'eager');
  });

  it('drops a format that fails, then the next, then shows the placeholder when the PNG fails', () => {
    const { container } = render(<GameImage imageBase="/wps/game/image/g1" alt="Lucky 7" />);
    const image = () => container.querySelector('img') as HTMLImageElement;
    failLoading(image(), 'http://localhost/wps/game/image/g1.avif');
    expect(sources(container)).toEqual(['image/webp']);
    failLoading(image(), 'http://localhost/wps/game/image/g1.webp');
    expect(sources(container)).toEqual([]);
    failLoading(image(), 'http://localhost/wps/game/image/g1.png');
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('[role="img"]')).toHaveAccessibleName('Lucky 7');
  });

  it('a new picture starts again from every format', () => {
    const view = render(<GameImage imageBase="/wps/game/image/g1" alt="" />);
    failLoading(
      view.container.querySelector('img') as HTMLImageElement,
      'http://localhost/wps/game/image/g1.avif',
    );
    view.rerender(<GameImage imageBase="/wps/game/image/g2" alt="" />);
    expect(sources(view.container)).toEqual(['image/avif', 'image/webp']);
  });
});
