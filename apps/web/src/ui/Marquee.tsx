import { MARQUEE_SPEED_PX_PER_S } from '@wps/contract/constants';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { usePrefersReducedMotion } from './reducedMotion';
import './marquee.css';

/**
 * One line of announcements scrolling sideways at `speed` px/s (spec section 9: 60 by default). The
 * animation moves a track holding two copies of the text by one copy's width, so the loop is
 * seamless; its duration is that measured width divided by the speed (a CSS custom property, the
 * animation only touches `transform`). It pauses while hovered or focused, runs the other way in
 * right-to-left, and with `prefers-reduced-motion: reduce` it does not move at all: the text is shown
 * wrapped. Screen readers read the text once: the second copy is aria-hidden.
 */

/** Seconds one loop takes: the width of one copy of the text over the speed; 0 when nothing moves. */
export function marqueeDurationSeconds(contentWidthPx: number, speedPxPerS: number): number {
  if (!Number.isFinite(contentWidthPx) || !Number.isFinite(speedPxPerS)) return 0;
  if (contentWidthPx <= 0 || speedPxPerS <= 0) return 0;
  return contentWidthPx / speedPxPerS;
}

export interface MarqueeItem {
  id: string;
  text: string;
}

export interface MarqueeProps {
  items: readonly MarqueeItem[];
  /** The accessible name of the line (e.g. "Announcements"). */
  label: string;
  speed?: number;
  /** Tapping the line (or its button) opens the full list. */
  onOpen?: () => void;
  openLabel?: string;
}

export function Marquee({ items, label, speed = MARQUEE_SPEED_PX_PER_S, onOpen, openLabel }: MarqueeProps) {
  const reducedMotion = usePrefersReducedMotion();
  const contentRef = useRef<HTMLSpanElement>(null);
  const [width, setWidth] = useState(0);
  const textKey = items.map((item) => `${item.id}\u0000${item.text}`).join('\u0001');

  useEffect(() => {
    const content = contentRef.current;
    if (content === null || reducedMotion) return;
    const measure = () => setWidth(content.getBoundingClientRect().width);
    // The observer reports the first size as soon as it observes, then every change (fonts, rotation).
    if (typeof ResizeObserver === 'undefined') {
      const frame = requestAnimationFrame(measure);
      return () => cancelAnimationFrame(frame);
    }
    const observer = new ResizeObserver(measure);
    observer.observe(content);
    return () => observer.disconnect();
  }, [reducedMotion, textKey]);

  if (items.length === 0) return null;

  const duration = reducedMotion ? 0 : marqueeDurationSeconds(width, speed);
  // The one-line layout holds from the first paint; only the animation waits for the measurement,
  // so the line never renders wrapped and then collapses (a layout shift under everything below).
  const moving = duration > 0;
  const trackStyle = moving ? ({ '--marquee-duration': `${duration}s` } as CSSProperties) : undefined;
  const layout = reducedMotion ? 'marquee marquee-static' : 'marquee marquee-line';
  const line = items.map((item) => (
    <span key={item.id} className="marquee-item">
      {item.text}
    </span>
  ));

  return (
    <div
      className={moving ? `${layout} marquee-moving` : layout}
      role="region"
      aria-label={label}
      data-testid="marquee"
    >
      <span className="marquee-icon" aria-hidden="true" />
      {/* The button below is the keyboard way in (focusing it pauses the line); the line itself is a
          larger tap target for the same action. */}
      <div className="marquee-viewport" onClick={onOpen}>
        <div className="marquee-track" style={trackStyle}>
          <span ref={contentRef} className="marquee-content">
            {line}
          </span>
          {moving && (
            <span className="marquee-content" aria-hidden="true">
              {line}
            </span>
          )}
        </div>
      </div>
      {onOpen && (
        <button type="button" className="marquee-open" aria-label={openLabel} onClick={onOpen}>
          <span aria-hidden="true" className="marquee-open-icon" />
        </button>
      )}
    </div>
  );
}
