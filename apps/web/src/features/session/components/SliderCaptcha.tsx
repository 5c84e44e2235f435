import type { CaptchaChallenge } from '@wps/contract/accounts';
import { useCallback, useEffect, useId, useRef, useState, type RefObject } from 'react';
import { fetchCaptcha, verifyCaptcha, type CaptchaProofResult } from '@/api/endpoints/accounts';
import { useT } from '@/i18n/I18nProvider';
import { showToast } from '@/ui/notices';
import { captchaLanguageFor } from '@/features/session/captcha';
import { captchaGuard } from './captchaGuard';
import { addSample, elapsedSince, type DragSample } from './dragSamples';
import { PuzzleSlider } from './PuzzleSlider';
import { TextCaptcha } from './TextCaptcha';

export { captchaGuard };

interface SliderCaptchaProps {
  /** Called with the proof once verified; null when the captcha is reset. */
  onChange: (proof: CaptchaProofResult | null) => void;
  /** Changing it loads a new puzzle (after a failed login or registration). */
  resetKey?: number;
  /** The form's message about the check ("please complete it"), under the slider. */
  message?: string | null;
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
 * The security check: the slider puzzle from GET /wps/captcha/geetest (PuzzleSlider: drag, or arrow
 * keys and Enter), or, for a person who cannot see the picture, the server's question in words
 * (TextCaptcha). Either gives the one-time pass the form sends.
 */
export function SliderCaptcha({ onChange, resetKey = 0, message = null }: SliderCaptchaProps) {
  const { t, language } = useT();
  const id = useId();
  const [reloads, setReloads] = useState(0);
  const [text, setText] = useState(false);
  const messageId = `${id}-message`;
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  return (
    <fieldset className="captcha" aria-describedby={message ? messageId : undefined}>
      <legend>{t('captcha_title')}</legend>
      {text ? (
        <TextCaptcha
          key={`${resetKey}-${reloads}`}
          onVerified={(proof) => onChangeRef.current(proof)}
          describedBy={message ? messageId : ''}
        />
      ) : (
        <Puzzle
          key={`${resetKey}-${reloads}-${language}`}
          onChange={onChange}
          messageId={message ? messageId : null}
          onReload={() => setReloads((count) => count + 1)}
          // A new puzzle after a refusal or a reload is for someone already at work on the form.
          eager={resetKey > 0 || reloads > 0}
        />
      )}
      {message && (
        <p id={messageId} className="auth-error" role="alert">
          {message}
        </p>
      )}
      <button
        type="button"
        className="link-button captcha-switch"
        onClick={() => {
          onChangeRef.current(null);
          setText((on) => !on);
        }}
      >
        {text ? t('captcha_text_back') : t('captcha_text_switch')}
      </button>
    </fieldset>
  );
}

interface PuzzleProps {
  onChange: SliderCaptchaProps['onChange'];
  onReload: () => void;
  messageId: string | null;
  eager: boolean;
}

/** Runs `callback` after the browser has painted twice: the frame after the first paint. */
function afterPaint(callback: () => void): () => void {
  const frame = globalThis.requestAnimationFrame ?? ((next: () => void) => setTimeout(next, 16));
  const cancel = globalThis.cancelAnimationFrame ?? clearTimeout;
  let handle = frame(() => {
    handle = frame(callback);
  });
  return () => cancel(handle);
}

/**
 * True once the check is on screen after the page's first paint (or at once when `eager`): the
 * puzzle shows without waiting for the person to start on the form, and its fetch stays off the
 * first paint's critical path. Where the browser cannot tell what is in view, after the first paint.
 */
function useShown(ref: RefObject<HTMLElement | null>, eager: boolean): boolean {
  const [shown, setShown] = useState(eager);
  useEffect(() => {
    const element = ref.current;
    if (shown || !element) return undefined;
    let observer: IntersectionObserver | undefined;
    const cancel = afterPaint(() => {
      if (typeof IntersectionObserver === 'undefined') {
        setShown(true);
        return;
      }
      observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) setShown(true);
        },
        // A little before it scrolls into view, so it is drawn when it arrives.
        { rootMargin: '200px 0px' },
      );
      observer.observe(element);
    });
    return () => {
      cancel();
      observer?.disconnect();
    };
  }, [ref, shown]);
  return shown;
}

function Puzzle({ onChange, onReload, messageId, eager }: PuzzleProps) {
  const { t, language } = useT();
  const id = useId();
  const frame = useRef<HTMLDivElement>(null);
  const shown = useShown(frame, eager);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [position, setPosition] = useState(0);
  const startedAt = useRef<number | null>(null);
  const samples = useRef<DragSample[]>([]);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  useEffect(() => {
    if (!shown) return undefined;
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
  }, [language, shown]);

  const begin = () => {
    startedAt.current ??= performance.now();
  };

  const move = (x: number) => {
    setPosition(x);
    addSample(samples.current, elapsedSince(startedAt.current), x);
  };

  const verify = useCallback(async () => {
    if (state.kind !== 'ready' || samples.current.length === 0) return;
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

  const puzzle =
    state.kind === 'ready' || state.kind === 'verifying' ? (state.challenge.puzzle ?? null) : null;
  const labelId = `${id}-label`;
  const helpId = `${id}-help`;
  const statusId = `${id}-status`;
  const problem = state.kind === 'failed' || state.kind === 'unavailable';

  return (
    <div
      ref={frame}
      className="captcha-puzzle"
      aria-busy={state.kind === 'loading' || state.kind === 'verifying'}
    >
      {state.kind !== 'verified' && (
        <>
          <p id={labelId} className="captcha-label">
            {t('captcha_slider_label')}
          </p>
          <PuzzleSlider
            puzzle={puzzle}
            position={position}
            disabled={!puzzle || state.kind === 'verifying'}
            labelId={labelId}
            describedBy={[messageId, helpId, statusId].filter(Boolean).join(' ')}
            invalid={messageId !== null}
            onBegin={begin}
            onMove={move}
            onRelease={() => void verify()}
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
      {state.kind !== 'verified' && (
        <button type="button" className="link-button" onClick={onReload}>
          {t('captcha_reload')}
        </button>
      )}
    </div>
  );
}
