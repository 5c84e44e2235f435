import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type CSSProperties,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { useT } from '@/i18n/I18nProvider';
import { usePrefersReducedMotion } from './reducedMotion';
import './carousel.css';

/**
 * A reusable carousel following the WAI-ARIA carousel pattern: a region with
 * aria-roledescription="carousel", slides as groups "n of m", previous/next buttons, pagination dots,
 * a pause/play control, arrow keys and pointer swipes (both flip in right-to-left). Autoplay loops and
 * pauses while hovered, focused or touched, while the tab is hidden, and does not start with
 * `prefers-reduced-motion: reduce` (the play control still starts it). When `ratio` is given the box
 * reserves its aspect ratio before any image loads, so nothing below it moves.
 */

export const CAROUSEL_INTERVAL_MS = 5_000;
/** A pointer must travel this far (px) horizontally for a swipe. */
export const SWIPE_THRESHOLD_PX = 40;
/** A click this soon after a swipe belongs to the swipe. */
const SWIPE_CLICK_GUARD_MS = 400;

function subscribeVisibility(onChange: () => void): () => void {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

/** True while the tab is hidden. */
export function useDocumentHidden(): boolean {
  return useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState === 'hidden',
    () => false,
  );
}

export interface CarouselProps<T> {
  items: readonly T[];
  itemKey: (item: T) => string;
  renderSlide: (item: T, index: number, active: boolean) => ReactNode;
  /** The accessible name of the carousel region. */
  label: string;
  /** Width / height of the box (e.g. BANNER_RATIO 2 → 2/1); none: the slides' own height. */
  ratio?: number;
  autoplay?: boolean;
  intervalMs?: number;
  dots?: boolean;
  className?: string;
  onIndexChange?: (index: number) => void;
}

export function Carousel<T>({
  items,
  itemKey,
  renderSlide,
  label,
  ratio,
  autoplay = true,
  intervalMs = CAROUSEL_INTERVAL_MS,
  dots = true,
  className,
  onIndexChange,
}: CarouselProps<T>) {
  const { t } = useT();
  const count = items.length;
  const [rawIndex, setIndex] = useState(0);
  const index = count === 0 ? 0 : Math.min(rawIndex, count - 1);
  const reducedMotion = usePrefersReducedMotion();
  const hidden = useDocumentHidden();
  const [playChoice, setPlayChoice] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [touching, setTouching] = useState(false);
  const rootRef = useRef<HTMLElement>(null);
  const swipeStart = useRef<{ id: number; x: number; y: number } | null>(null);
  /** When the last swipe ended: the click a browser may send right after it must not follow a link. */
  const swipedAt = useRef(Number.NEGATIVE_INFINITY);
  const slidesId = useId();

  const canPlay = autoplay && count > 1;
  const playing = canPlay && (playChoice ?? !reducedMotion);
  const rotating = playing && !hovered && !focused && !touching && !hidden;

  // The latest callback, read at call time: callers pass a new function each render, and goTo must
  // stay the same or the autoplay timer below restarts on every render of the parent (a popup's
  // countdown re-renders it four times a second) and never fires.
  const onIndexChangeRef = useRef(onIndexChange);
  useEffect(() => {
    onIndexChangeRef.current = onIndexChange;
  });

  const goTo = useCallback(
    (next: number) => {
      if (count === 0) return;
      const wrapped = ((next % count) + count) % count;
      setIndex(wrapped);
      onIndexChangeRef.current?.(wrapped);
    },
    [count],
  );

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(() => goTo(index + 1), Math.max(intervalMs, 500));
    return () => window.clearTimeout(timer);
  }, [rotating, index, intervalMs, goTo]);

  const isRtl = () => rootRef.current !== null && getComputedStyle(rootRef.current).direction === 'rtl';

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (count < 2) return;
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const forward = (event.key === 'ArrowRight') !== isRtl();
    goTo(index + (forward ? 1 : -1));
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    swipeStart.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
    if (event.pointerType !== 'mouse') setTouching(true);
  };

  const endSwipe = (event: PointerEvent<HTMLDivElement>, cancelled: boolean) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    setTouching(false);
    if (cancelled || start === null || start.id !== event.pointerId || count < 2) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) < SWIPE_THRESHOLD_PX || Math.abs(dx) < Math.abs(dy)) return;
    // Swiping left shows the next slide (in right-to-left, swiping right does).
    swipedAt.current = Date.now();
    const forward = dx < 0 !== isRtl();
    goTo(index + (forward ? 1 : -1));
  };

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  const boxStyle: CSSProperties | undefined = ratio ? { aspectRatio: `${ratio} / 1` } : undefined;
  const trackStyle = { '--carousel-index': index } as CSSProperties;

  return (
    <section
      ref={rootRef}
      className={['carousel', ratio ? 'carousel-overlay' : '', className ?? ''].filter(Boolean).join(' ')}
      aria-roledescription="carousel"
      aria-label={label}
      onKeyDown={onKeyDown}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
      onPointerEnter={(event) => event.pointerType === 'mouse' && setHovered(true)}
      onPointerLeave={(event) => event.pointerType === 'mouse' && setHovered(false)}
    >
      <div
        className="carousel-viewport"
        style={boxStyle}
        onPointerDown={onPointerDown}
        onPointerUp={(event) => endSwipe(event, false)}
        onPointerCancel={(event) => endSwipe(event, true)}
        onClickCapture={(event) => {
          if (Date.now() - swipedAt.current > SWIPE_CLICK_GUARD_MS) return;
          swipedAt.current = Number.NEGATIVE_INFINITY;
          event.preventDefault();
          event.stopPropagation();
        }}
      >
        <div
          id={slidesId}
          className="carousel-track"
          style={trackStyle}
          aria-live={rotating ? 'off' : 'polite'}
        >
          {items.map((item, slideIndex) => {
            const active = slideIndex === index;
            return (
              <div
                key={itemKey(item)}
                className="carousel-slide"
                role="group"
                aria-roledescription="slide"
                aria-label={t('carousel_slide_of', {
                  index: String(slideIndex + 1),
                  count: String(count),
                })}
                aria-hidden={active ? undefined : true}
                inert={!active}
              >
                {renderSlide(item, slideIndex, active)}
              </div>
            );
          })}
        </div>
        {count > 1 && (
          <>
            <button
              type="button"
              className="carousel-button carousel-previous"
              aria-controls={slidesId}
              aria-label={t('carousel_previous')}
              onClick={() => goTo(index - 1)}
            >
              <span aria-hidden="true" className="carousel-chevron" />
            </button>
            <button
              type="button"
              className="carousel-button carousel-next"
              aria-controls={slidesId}
              aria-label={t('carousel_next')}
              onClick={() => goTo(index + 1)}
            >
              <span aria-hidden="true" className="carousel-chevron" />
            </button>
          </>
        )}
      </div>
      {count > 1 && (dots || canPlay) && (
        <div className="carousel-controls">
          {canPlay && (
            <button
              type="button"
              className="carousel-play"
              aria-controls={slidesId}
              aria-label={playing ? t('carousel_pause') : t('carousel_play')}
              onClick={() => setPlayChoice(!playing)}
            >
              <span aria-hidden="true" className={playing ? 'carousel-icon-pause' : 'carousel-icon-play'} />
            </button>
          )}
          {dots && (
            <div className="carousel-dots" role="group" aria-label={t('carousel_choose_slide')}>
              {items.map((item, dotIndex) => (
                <button
                  key={itemKey(item)}
                  type="button"
                  className="carousel-dot"
                  aria-controls={slidesId}
                  aria-label={t('carousel_go_to', { index: String(dotIndex + 1) })}
                  aria-current={dotIndex === index ? 'true' : undefined}
                  onClick={() => goTo(dotIndex)}
                >
                  <span aria-hidden="true" />
                </button>
              ))}
            </div>
          )}
        </div>
      )}
    </section>
  );
}
