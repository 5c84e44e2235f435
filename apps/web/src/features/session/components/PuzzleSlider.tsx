import {
  LOCAL_CAPTCHA_MAX_X,
  LOCAL_CAPTCHA_PUZZLE_SIZE,
  type CaptchaChallenge,
} from '@wps/contract/accounts';
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { useT } from '@/i18n/I18nProvider';

type PuzzlePicture = NonNullable<CaptchaChallenge['puzzle']>;

interface PuzzleSliderProps {
  /** The puzzle's pictures; null while it loads (its frame is held, the slider inert). */
  puzzle: PuzzlePicture | null;
  /** The piece's x, in the puzzle's units (0 to LOCAL_CAPTCHA_MAX_X). */
  position: number;
  disabled: boolean;
  labelId: string;
  describedBy: string;
  invalid: boolean;
  /** The person starts moving the piece (the drag's clock starts). */
  onBegin: () => void;
  onMove: (x: number) => void;
  /** Let go (pointer up) or Enter: the position is sent for verification. */
  onRelease: () => void;
}

const { width: W, height: H, piece: PIECE } = LOCAL_CAPTCHA_PUZZLE_SIZE;
/** Page Up / Page Down: a tenth of the way, as a native slider moves. */
const PAGE_STEP = Math.round(LOCAL_CAPTCHA_MAX_X / 10);

const percent = (value: number, of: number) => `${(value / of) * 100}%`;
const clamp = (x: number) => Math.max(0, Math.min(LOCAL_CAPTCHA_MAX_X, Math.round(x)));

/** The new position a key asks for, or null for a key the slider does not take. */
function keyTarget(key: string, position: number): number | null {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowUp':
      return clamp(position + 1);
    case 'ArrowLeft':
    case 'ArrowDown':
      return clamp(position - 1);
    case 'PageUp':
      return clamp(position + PAGE_STEP);
    case 'PageDown':
      return clamp(position - PAGE_STEP);
    case 'Home':
      return 0;
    case 'End':
      return LOCAL_CAPTCHA_MAX_X;
    default:
      return null;
  }
}

/**
 * The picture and its slider in one box, left to right in every language (`dir="ltr"`: the piece
 * moves the way the finger does, in Arabic too). The picture scales to the box's width and the track
 * is that same width; the handle is the piece's width and sits right under it, so the handle's left
 * edge is the piece's. A drag moves the piece by the finger's travel (a tap on the track does not
 * jump it: the server refuses a jump), and the handle is a focusable `role="slider"`: arrows move
 * it 1 (Right and Up to the right), Page Up / Down a tenth, Home / End to the ends, Enter sends.
 */
export function PuzzleSlider(props: PuzzleSliderProps) {
  const { puzzle, position, disabled } = props;
  const { t } = useT();
  const drag = useRef<{ pointerX: number; from: number; scale: number } | null>(null);
  const handle = useRef<HTMLDivElement>(null);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (disabled) return;
    const box = event.currentTarget.getBoundingClientRect();
    // Puzzle units per screen pixel: the picture is shown at the track's width.
    drag.current = { pointerX: event.clientX, from: position, scale: box.width > 0 ? W / box.width : 1 };
    event.currentTarget.setPointerCapture?.(event.pointerId);
    handle.current?.focus({ preventScroll: true });
    props.onBegin();
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (current === null) return;
    const x = clamp(current.from + (event.clientX - current.pointerX) * current.scale);
    if (x !== position) props.onMove(x);
  };
  const onPointerEnd = () => {
    if (drag.current === null) return;
    drag.current = null;
    props.onRelease();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (disabled) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      props.onRelease();
      return;
    }
    const x = keyTarget(event.key, position);
    if (x === null) return;
    event.preventDefault();
    props.onBegin();
    if (x !== position) props.onMove(x);
  };

  const left = percent(position, W);
  const pieceWidth = percent(PIECE, W);
  return (
    <div className="captcha-stage" dir="ltr">
      <div
        className={puzzle ? 'captcha-board' : 'captcha-board captcha-board-loading'}
        style={{ aspectRatio: `${W} / ${H}` }}
      >
        {puzzle && (
          <>
            <img src={puzzle.background} alt="" width={W} height={H} draggable={false} />
            <img
              className="captcha-piece"
              src={puzzle.piece}
              alt=""
              draggable={false}
              style={{ left, top: percent(puzzle.pieceY, H), width: pieceWidth }}
            />
          </>
        )}
      </div>
      <div
        className="captcha-track"
        data-disabled={disabled || undefined}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
      >
        <div className="captcha-track-fill" style={{ width: percent(position + PIECE, W) }} />
        <div
          ref={handle}
          className="captcha-handle"
          role="slider"
          tabIndex={disabled ? -1 : 0}
          aria-labelledby={props.labelId}
          aria-describedby={props.describedBy}
          aria-valuemin={0}
          aria-valuemax={LOCAL_CAPTCHA_MAX_X}
          aria-valuenow={position}
          aria-valuetext={t('captcha_slider_value', {
            percent: Math.round((position / LOCAL_CAPTCHA_MAX_X) * 100),
          })}
          aria-orientation="horizontal"
          aria-disabled={disabled || undefined}
          aria-invalid={props.invalid || undefined}
          style={{ left, width: pieceWidth }}
          onKeyDown={onKeyDown}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <path d="M5 12h13M13 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.5" />
          </svg>
        </div>
      </div>
    </div>
  );
}
