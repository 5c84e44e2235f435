import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '@/test/renderWithI18n';
import { Marquee, marqueeDurationSeconds } from './Marquee';
import { stubMatchMedia } from '@/test/matchMedia';

function mockReducedMotion(reduce: boolean) {
  stubMatchMedia({ reduceMotion: reduce });
}

/** A ResizeObserver that reports at once, and every content measuring `width` px. */
function mockLayout(width: number) {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
    width,
    height: 20,
  } as DOMRect);
  class ImmediateResizeObserver {
    constructor(private readonly callback: ResizeObserverCallback) {}
    observe() {
      this.callback([], this as unknown as ResizeObserver);
    }
    unobserve() {}
    disconnect() {}
  }
  vi.stubGlobal('ResizeObserver', ImmediateResizeObserver);
}

const items = [
  { id: 'a', text: 'Welcome to Aurora Play' },
  { id: 'b', text: 'Maintenance on Friday' },
];

beforeEach(() => mockReducedMotion(false));
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('marqueeDurationSeconds', () => {
  it.each([
    [600, 60, 10],
    [60, 60, 1],
    [90, 60, 1.5],
    [1200, 120, 10],
    [300, 30, 10],
    [0, 60, 0],
    [-5, 60, 0],
    [600, 0, 0],
    [600, -60, 0],
    [Number.NaN, 60, 0],
    [600, Number.POSITIVE_INFINITY, 0],
  ])('%s px at %s px/s → %s s', (width, speed, seconds) => {
    expect(marqueeDurationSeconds(width, speed)).toBe(seconds);
  });
});

describe('Marquee', () => {
  it('scrolls for width / 60 px/s by default, with the copy hidden from screen readers', () => {
    mockLayout(600);
    renderWithI18n(<Marquee items={items} label="Announcements" />);
    const region = screen.getByRole('region', { name: 'Announcements' });
    expect(region).toHaveClass('marquee-moving');
    const track = region.querySelector('.marquee-track') as HTMLElement;
    expect(track.style.getPropertyValue('--marquee-duration')).toBe('10s');
    const copies = region.querySelectorAll('.marquee-content');
    expect(copies).toHaveLength(2);
    expect(copies[1]).toHaveAttribute('aria-hidden', 'true');
    // the text is readable exactly once
    const readable = screen
      .getAllByText('Welcome to Aurora Play')
      .filter((element) => element.closest('[aria-hidden="true"]') === null);
    expect(readable).toHaveLength(1);
  });

  it('keeps the one-line layout before it is measured, so nothing below it moves', () => {
    renderWithI18n(<Marquee items={items} label="Announcements" />);
    const region = screen.getByRole('region', { name: 'Announcements' });
    expect(region).toHaveClass('marquee-line');
    expect(region).not.toHaveClass('marquee-static');
    expect(region).not.toHaveClass('marquee-moving');
    expect(region.querySelectorAll('.marquee-content')).toHaveLength(1);
  });

  it('takes another speed', () => {
    mockLayout(600);
    renderWithI18n(<Marquee items={items} label="Announcements" speed={120} />);
    const track = screen.getByRole('region').querySelector('.marquee-track') as HTMLElement;
    expect(track.style.getPropertyValue('--marquee-duration')).toBe('5s');
  });

  it('with prefers-reduced-motion: reduce it does not move and shows the text once', () => {
    mockReducedMotion(true);
    mockLayout(600);
    renderWithI18n(<Marquee items={items} label="Announcements" />);
    const region = screen.getByRole('region', { name: 'Announcements' });
    expect(region).toHaveClass('marquee-static');
    expect(region).not.toHaveClass('marquee-line');
    expect(region.querySelectorAll('.marquee-content')).toHaveLength(1);
    expect(
      (region.querySelector('.marquee-track') as HTMLElement).style.getPropertyValue('--marquee-duration'),
    ).toBe('');
    expect(screen.getByText('Maintenance on Friday')).toBeInTheDocument();
  });

  it('renders nothing without announcements', () => {
    const { container } = renderWithI18n(<Marquee items={[]} label="Announcements" />);
    expect(container).toBeEmptyDOMElement();
  });

  it('opens the list from its button and from a tap on the line', () => {
    mockLayout(600);
    const onOpen = vi.fn();
    renderWithI18n(<Marquee items={items} label="Announcements" onOpen={onOpen} openLabel="Show all" />);
    fireEvent.click(screen.getByRole('button', { name: 'Show all' }));
    act(() => void fireEvent.click(screen.getAllByText('Maintenance on Friday')[0] as HTMLElement));
    expect(onOpen).toHaveBeenCalledTimes(2);
  });
});
