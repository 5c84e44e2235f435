import {
  LOCAL_CAPTCHA_MAX_SAMPLES,
  LOCAL_CAPTCHA_PUZZLE_SIZE,
  type CaptchaChallenge,
} from '@wps/contract/accounts';
import type { CaptchaVerifyPayload } from '@wps/contract/schemas/accounts';
import { useCallback, useEffect, useId, useRef, useState, type RefObject } from 'react';
import { fetchCaptcha, verifyCaptcha, type CaptchaProofResult } from '@/api/endpoints/accounts';
import { useT } from '@/i18n/I18nProvider';
import { showToast } from '@/ui/notices';
import { captchaLanguageFor, createCaptchaGuard } from '@/features/session/captcha';

/** One verification at a time across the app ('verify geetest too fast'). */
export const captchaGuard = createCaptchaGuard();

interface SliderCaptchaProps {
  /** Called with the proof once verified; null when the captcha is reset. */
  onChange: (proof: CaptchaProofResult | null) => void;
  /** Changing it loads a new puzzle (after a failed login or registration). */
  resetKey?: number;
  /** The form's message about the check ("please complete it"), under the slider. */
  message?: string | null;
}

type DragSample = CaptchaVerifyPayload['samples'][number];

/** A move sooner than this after the last point replaces it: about one point per frame at most. */
const SAMPLE_MIN_GAP_MS = 10;

/**
 * Adds the piece's position `x` at `t` (ms since the drag began) to the drag's points, which go with
 * the verify for the server's check of the drag (apps/server/src/services/captcha/trajectory.ts):
 * every point strictly later than the one before, steps kept short, and at most
 * LOCAL_CAPTCHA_MAX_SAMPLES points: a longer drag is thinned, keeping its shape.
 */
function addSample(samples: DragSample[], t: number, x: number): void {
  const last = samples[samples.length - 1];
  const before = samples[samples.length - 2];
  if (last !== undefined && t <= last.t) {
    last.x = x;
    return;
  }
  if (
    last !== undefined &&
    before !== undefined &&
    t - last.t < SAMPLE_MIN_GAP_MS &&
    Math.abs(x - before.x) <= 40
  ) {
    samples[samples.length - 1] = { t, x };
    return;
  }
  samples.push({ t, x });
  if (samples.length <= LOCAL_CAPTCHA_MAX_SAMPLES) return;
  // One inner point goes: the one whose loss changes the drag least (off the line between its
  // neighbours, plus a little for the longer step), never one that would leave a step over 40 px.
  let drop = 1;
  let least = Infinity;
  for (let index = 1; index < samples.length - 1; index += 1) {
    const [a, b, c] = [samples[index - 1], samples[index], samples[index + 1]];
    if (a === undefined || b === undefined || c === undefined) continue;
    const step = Math.abs(c.x - a.x);
    const off = Math.abs(b.x - (a.x + ((c.x - a.x) * (b.t - a.t)) / (c.t - a.t)));
    const cost = step > 40 ? Infinity : off + step / 4;
    if (cost < least) {
      least = cost;
      drop = index;
    }
  }
  samples.splice(drop, 1);
}

/** Whole ms since `start` (a `performance.now()`), 0 when the drag has not begun. */
function elapsedSince(start: number | null): number {
  const now = performance.now();
  return Math.round(now - (start ?? now));
}

type State =
  | { kind: 'loading' }
  | { kind: 'ready'; challenge: CaptchaChallenge }
  | { kind: 'verifying'; challenge: CaptchaChallenge }
  | { kind: 'verified' }
  /** The one attempt of the puzzle did not pass. */
  | { kind: 'failed' }
  /** No puzzle could be fetched: nothing was attempted yet. */
  | { kind: 'unavailable' };

/**
 * The slider captcha: a puzzle from GET /wps/captcha/geetest and a labelled range input (mouse,
 * touch or arrow keys + Enter) that moves the piece; letting go sends the position, with the drag's
 * points (time and position of every move), for verification.
 */
export function SliderCaptcha({ onChange, resetKey = 0, message = null }: SliderCaptchaProps) {
  const { language } = useT();
  const [reloads, setReloads] = useState(0);
  return (
    <Puzzle
      key={`${resetKey}-${reloads}-${language}`}
      onChange={onChange}
      onReload={() => setReloads((count) => count + 1)}
      message={message}
      // A new puzzle after a refusal or a reload is for someone already at work on the form.
      eager={resetKey > 0 || reloads > 0}
    />
  );
}

interface PuzzleProps {
  onChange: SliderCaptchaProps['onChange'];
  onReload: () => void;
  message: string | null;
  eager: boolean;
}

/**
 * True once the person starts on the form around `ref` (focus, a tap or typing inside it), or at
 * once when `eager`: a puzzle is made per attempt and spent on use, so a visitor who only looks at
 * the page costs none, and the page's largest paint is not a puzzle fetched after it loaded.
 */
function useEngaged(ref: RefObject<HTMLElement | null>, eager: boolean): boolean {
  const [engaged, setEngaged] = useState(eager);
  useEffect(() => {
    if (engaged) return undefined;
    const scope = ref.current?.closest('form') ?? ref.current;
    if (!scope) return undefined;
    const engage = () => setEngaged(true);
    if (scope.contains(document.activeElement)) {
      engage();
      return undefined;
    }
    const events = ['focusin', 'pointerdown', 'input'] as const;
    for (const name of events) scope.addEventListener(name, engage);
    return () => {
      for (const name of events) scope.removeEventListener(name, engage);
    };
  }, [ref, engaged]);
  return engaged;
}

function Puzzle({ onChange, onReload, message, eager }: PuzzleProps) {
  const { t, language } = useT();
  const id = useId();
  const fieldset = useRef<HTMLFieldSetElement>(null);
  const engaged = useEngaged(fieldset, eager);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [position, setPosition] = useState(0);
  const startedAt = useRef<number | null>(null);
  const samples = useRef<DragSample[]>([]);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  useEffect(() => {
    if (!engaged) return undefined;
    let live = true;
    onChangeRef.current(null);
    fetchCaptcha(captchaLanguageFor(language)).then(
      (challenge) => {
        if (live) setState({ kind: 'ready', challenge });
      },
      () => {
        if (live) setState({ kind: 'unavailable' });
      },
    );
    return () => {
      live = false;
    };
  }, [language, engaged]);

  const begin = () => {
    startedAt.current ??= performance.now();
  };

  const verify = useCallback(async () => {
    if (state.kind !== 'ready') return;
    if (!captchaGuard.enter()) {
      showToast('captcha-too-fast', { key: 'captcha_too_fast' });
      return;
    }
    const { challenge } = state;
    setState({ kind: 'verifying', challenge });
    try {
      const proof = await verifyCaptcha({
        challenge: challenge.challenge,
        x: position,
        durationMs: elapsedSince(startedAt.current),
        samples: [...samples.current],
      });
      setState({ kind: 'verified' });
      onChangeRef.current(proof);
    } catch {
      setState({ kind: 'failed' });
      onChangeRef.current(null);
    } finally {
      captchaGuard.leave();
    }
  }, [state, position]);

  const puzzle = state.kind === 'ready' || state.kind === 'verifying' ? state.challenge.puzzle : undefined;
  // While the puzzle loads, the same frame is reserved so the form below does not jump.
  const layout = puzzle ?? (state.kind === 'loading' ? LOCAL_CAPTCHA_PUZZLE_SIZE : undefined);
  const sliderId = `${id}-slider`;
  const helpId = `${id}-help`;
  const statusId = `${id}-status`;
  const messageId = `${id}-message`;
  const problem = state.kind === 'failed' || state.kind === 'unavailable';

  return (
    <fieldset
      ref={fieldset}
      className="captcha"
      aria-busy={(engaged && state.kind === 'loading') || state.kind === 'verifying'}
    >
      <legend>{t('captcha_title')}</legend>
      {layout && (
        <div
          className={puzzle ? 'captcha-board' : 'captcha-board captcha-board-loading'}
          style={{ width: layout.width, height: layout.height }}
        >
          {puzzle && (
            <>
              <img src={puzzle.background} alt="" width={puzzle.width} height={puzzle.height} />
              <img
                className="captcha-piece"
                src={puzzle.piece}
                alt=""
                width={LOCAL_CAPTCHA_PUZZLE_SIZE.piece}
                height={LOCAL_CAPTCHA_PUZZLE_SIZE.piece}
                style={{ transform: `translate(${position}px, ${puzzle.pieceY}px)` }}
              />
            </>
          )}
        </div>
      )}
      {layout && (
        <>
          <label htmlFor={sliderId}>{t('captcha_slider_label')}</label>
          <input
            id={sliderId}
            type="range"
            min={0}
            max={layout.width}
            step={1}
            value={position}
            disabled={!puzzle || state.kind === 'verifying'}
            aria-invalid={message ? true : undefined}
            aria-describedby={[message ? messageId : null, helpId, statusId].filter(Boolean).join(' ')}
            onPointerDown={begin}
            onKeyDown={(event) => {
              begin();
              if (event.key === 'Enter') {
                event.preventDefault();
                void verify();
              }
            }}
            onChange={(event) => {
              begin();
              const x = Number(event.currentTarget.value);
              setPosition(x);
              addSample(samples.current, elapsedSince(startedAt.current), x);
            }}
            onPointerUp={() => void verify()}
          />
          <p id={helpId} className="auth-hint">
            {t('captcha_instructions')}
          </p>
        </>
      )}
      <p id={statusId} className={problem ? 'auth-error' : 'auth-hint'} aria-live="polite">
        {state.kind === 'verified' && t('captcha_verified')}
        {state.kind === 'failed' && t('captcha_failed')}
        {state.kind === 'unavailable' && t('captcha_load_failed')}
      </p>
      {message && (
        <p id={messageId} className="auth-error" role="alert">
          {message}
        </p>
      )}
      {state.kind !== 'verified' && (
        <button type="button" className="link-button" onClick={onReload}>
          {t('captcha_reload')}
        </button>
      )}
    </fieldset>
  );
}
