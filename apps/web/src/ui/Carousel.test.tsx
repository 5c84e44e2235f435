import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '@/test/renderWithI18n';
import { CAROUSEL_INTERVAL_MS, Carousel, SWIPE_THRESHOLD_PX } from './Carousel';
import { stubMatchMedia } from '@/test/matchMedia';

// jsdom has neither PointerEvent nor matchMedia.
beforeAll(() => {
  if (typeof window.PointerEvent === 'undefined') {
    class PointerEventPolyfill extends MouseEvent {
      pointerId: number;
      pointerType: string;
      constructor(type: string, init: PointerEventInit = {}) {
        super(type, init);
        this.pointerId = init.pointerId ?? 1;
        this.pointerType = init.pointerType ?? 'touch';
      }
    }
    window.PointerEvent = PointerEventPolyfill as unknown as typeof PointerEvent;
  }
});

function mockReducedMotion(reduce: boolean) {
  stubMatchMedia({ reduceMotion: reduce });
}

const items = ['one', 'two', 'three'];

function renderCarousel(props: Partial<Parameters<typeof Carousel<string>>[0]> = {}) {
  return renderWithI18n(
    <Carousel
      items={items}
      itemKey={(item) => item}
      renderSlide={(item) => <a href={`#${item}`}>{item}</a>}
      label="Featured"
      ratio={2}
      {...props}
    />,
  );
}

function activeSlide(): string {
  const slides = screen
    .getAllByRole('group', { hidden: true })
    .filter((slide) => slide.getAttribute('aria-roledescription') === 'slide');
  const active = slides.filter((slide) => !slide.hasAttribute('aria-hidden'));
  expect(active).toHaveLength(1);
  return active[0]?.textContent ?? '';
}

beforeEach(() => {
  vi.useFakeTimers();
  mockReducedMotion(false);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('Carousel', () => {
  it('follows the ARIA carousel pattern and reserves its aspect ratio', () => {
    renderCarousel();
    const region = screen.getByRole('region', { name: 'Featured' });
    expect(region).toHaveAttribute('aria-roledescription', 'carousel');
    expect(screen.getByRole('group', { name: '1 of 3' })).toHaveAttribute('aria-roledescription', 'slide');
    expect(region.querySelector('.carousel-viewport')).toHaveStyle({ aspectRatio: '2 / 1' });
    expect(screen.getByRole('button', { name: 'Pause the slide show' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Slide 1' })).toHaveAttribute('aria-current', 'true');
    // hidden slides are inert: their links are out of the tab order
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });

  it('autoplays, loops and stops with the pause control', () => {
    renderCarousel();
    expect(activeSlide()).toBe('one');
    act(() => void vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS));
    expect(activeSlide()).toBe('two');
    act(() => void vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS));
    expect(activeSlide()).toBe('three');
    act(() => void vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS));
    expect(activeSlide()).toBe('one');
    fireEvent.click(screen.getByRole('button', { name: 'Pause the slide show' }));
    fireEvent.blur(screen.getByRole('button', { name: 'Play the slide show' }));
    act(() => void vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS * 3));
    expect(activeSlide()).toBe('one');
  });

  it('pauses while focus is inside and resumes when it leaves', () => {
    renderCarousel();
    const link = screen.getByRole('link', { name: 'one' });
    fireEvent.focus(link);
    act(() => void vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS * 2));
    expect(activeSlide()).toBe('one');
    fireEvent.blur(link, { relatedTarget: document.body });
    act(() => void vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS));
    expect(activeSlide()).toBe('two');
  });

  it('pauses while hovered with a mouse and while touched', () => {
    renderCarousel();
    const region = screen.getByRole('region', { name: 'Featured' });
    fireEvent.pointerEnter(region, { pointerType: 'mouse' });
    act(() => void vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS * 2));
    expect(activeSlide()).toBe('one');
    fireEvent.pointerLeave(region, { pointerType: 'mouse' });
    const viewport = region.querySelector('.carousel-viewport') as HTMLElement;
    fireEvent.pointerDown(viewport, { pointerId: 3, pointerType: 'touch', clientX: 100, clientY: 10 });
    act(() => void vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS * 2));
    expect(activeSlide()).toBe('one');
    fireEvent.pointerUp(viewport, { pointerId: 3, pointerType: 'touch', clientX: 100, clientY: 10 });
    act(() => void vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS));
    expect(activeSlide()).toBe('two');
  });

  it('pauses while the tab is hidden', () => {
    renderCarousel();
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    act(() => void vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS * 2));
    expect(activeSlide()).toBe('one');
    visibility.mockReturnValue('visible');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    act(() => void vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS));
    expect(activeSlide()).toBe('two');
    visibility.mockRestore();
  });

  it('does not autoplay with prefers-reduced-motion: reduce, until play is pressed', () => {
    mockReducedMotion(true);
    renderCarousel();
    act(() => void vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS * 3));
    expect(activeSlide()).toBe('one');
    fireEvent.click(screen.getByRole('button', { name: 'Play the slide show' }));
    fireEvent.blur(screen.getByRole('button', { name: 'Pause the slide show' }));
    act(() => void vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS));
    expect(activeSlide()).toBe('two');
  });

  it.each([
    ['left', -(SWIPE_THRESHOLD_PX + 10), 'two'],
    ['right', SWIPE_THRESHOLD_PX + 10, 'three'],
    ['too short', -(SWIPE_THRESHOLD_PX - 10), 'one'],
  ])('a swipe %s shows the expected slide', (_name, dx, expected) => {
    renderCarousel({ autoplay: false });
    const viewport = screen.getByRole('region').querySelector('.carousel-viewport') as HTMLElement;
    fireEvent.pointerDown(viewport, { pointerId: 1, pointerType: 'touch', clientX: 200, clientY: 50 });
    fireEvent.pointerUp(viewport, { pointerId: 1, pointerType: 'touch', clientX: 200 + dx, clientY: 55 });
    expect(activeSlide()).toBe(expected);
  });

  it('a mostly vertical move is a scroll, not a swipe', () => {
    renderCarousel({ autoplay: false });
    const viewport = screen.getByRole('region').querySelector('.carousel-viewport') as HTMLElement;
    fireEvent.pointerDown(viewport, { pointerId: 1, pointerType: 'touch', clientX: 200, clientY: 0 });
    fireEvent.pointerUp(viewport, { pointerId: 1, pointerType: 'touch', clientX: 140, clientY: 200 });
    expect(activeSlide()).toBe('one');
  });

  it('dots, previous/next buttons and arrow keys move between slides, looping', () => {
    renderCarousel({ autoplay: false });
    expect(screen.queryByRole('button', { name: /slide show/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Slide 3' }));
    expect(activeSlide()).toBe('three');
    expect(screen.getByRole('button', { name: 'Slide 3' })).toHaveAttribute('aria-current', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(activeSlide()).toBe('one');
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(activeSlide()).toBe('three');
    const region = screen.getByRole('region');
    fireEvent.keyDown(region, { key: 'ArrowRight' });
    expect(activeSlide()).toBe('one');
    fireEvent.keyDown(region, { key: 'ArrowLeft' });
    expect(activeSlide()).toBe('three');
  });

  it('a single slide has no controls', () => {
    renderCarousel({ items: ['only'] });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS * 2));
    expect(activeSlide()).toBe('only');
  });

  it('reports the index it shows', () => {
    const onIndexChange = vi.fn();
    renderCarousel({ autoplay: false, onIndexChange });
    fireEvent.click(screen.getByRole('button', { name: 'Slide 2' }));
    expect(onIndexChange).toHaveBeenLastCalledWith(1);
  });
});

describe('Carousel swipe and links', () => {
  it('the click that ends a swipe does not follow the link', () => {
    const onClick = vi.fn();
    renderWithI18n(
      <Carousel
        items={items}
        itemKey={(item) => item}
        renderSlide={(item) => (
          <a href={`#${item}`} onClick={onClick}>
            {item}
          </a>
        )}
        label="Featured"
        autoplay={false}
      />,
    );
    const viewport = screen.getByRole('region').querySelector('.carousel-viewport') as HTMLElement;
    const link = screen.getByRole('link', { name: 'one' });
    fireEvent.pointerDown(link, { pointerId: 1, pointerType: 'mouse', button: 0, clientX: 200, clientY: 5 });
    fireEvent.pointerUp(link, { pointerId: 1, pointerType: 'mouse', clientX: 100, clientY: 5 });
    fireEvent.click(link);
    expect(onClick).not.toHaveBeenCalled();
    expect(viewport.querySelector('[aria-label="2 of 3"]')).not.toHaveAttribute('aria-hidden');
    // a plain click later still works
    vi.advanceTimersByTime(1000);
    fireEvent.click(screen.getByRole('link', { name: 'two' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
