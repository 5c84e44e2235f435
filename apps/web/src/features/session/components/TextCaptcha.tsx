import type { CaptchaTextChallenge } from '@wps/contract/accounts';
import { useEffect, useId, useState } from 'react';
import { fetchCaptchaText, verifyCaptchaText, type CaptchaProofResult } from '@/api/endpoints/accounts';
import { useT } from '@/i18n/I18nProvider';
import { captchaLanguageFor } from '@/features/session/captcha';
import { captchaGuard } from './captchaGuard';

interface TextCaptchaProps {
  onVerified: (proof: CaptchaProofResult) => void;
  /** Ids of the form's message about the check, to describe the answer field with. */
  describedBy: string;
}

type State =
  | { kind: 'loading' }
  | { kind: 'ready'; question: CaptchaTextChallenge; wrong: boolean }
  | { kind: 'checking'; question: CaptchaTextChallenge }
  | { kind: 'verified' }
  | { kind: 'unavailable' };

/**
 * The slider's alternative for a person who cannot see the picture (a screen reader's user): the
 * server's question "what is a plus b?", asked in the interface's language, answered in digits and
 * checked by the server (one attempt per question; a wrong answer brings a new one). The pass it
 * gives is the slider's.
 */
export function TextCaptcha({ onVerified, describedBy }: TextCaptchaProps) {
  const { t, language } = useT();
  const id = useId();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [answer, setAnswer] = useState('');
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    fetchCaptchaText(captchaLanguageFor(language)).then(
      (question) => live && setState({ kind: 'ready', question, wrong: round > 0 }),
      () => live && setState({ kind: 'unavailable' }),
    );
    return () => {
      live = false;
    };
  }, [language, round]);

  const check = async () => {
    if (state.kind !== 'ready' || answer.trim() === '' || !captchaGuard.enter()) return;
    const { question } = state;
    setState({ kind: 'checking', question });
    try {
      const proof = await verifyCaptchaText({ challenge: question.challenge, answer });
      setState({ kind: 'verified' });
      onVerified(proof);
    } catch {
      // The question is spent either way: a new one, said to be after a wrong answer.
      setAnswer('');
      setRound((count) => count + 1);
    } finally {
      captchaGuard.leave();
    }
  };

  const inputId = `${id}-answer`;
  const statusId = `${id}-status`;
  if (state.kind === 'verified') {
    return (
      <p className="auth-hint" role="status">
        {t('captcha_verified')}
      </p>
    );
  }
  const question = state.kind === 'ready' || state.kind === 'checking' ? state.question : null;
  return (
    <div className="auth-field captcha-text">
      <label htmlFor={inputId}>
        {question ? t('captcha_text_question', { a: question.a, b: question.b }) : t('captcha_text_loading')}
      </label>
      <div className="captcha-text-row">
        <input
          id={inputId}
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          value={answer}
          disabled={question === null || state.kind === 'checking'}
          aria-describedby={[describedBy, statusId].filter(Boolean).join(' ')}
          onChange={(event) => setAnswer(event.currentTarget.value.replace(/\D/g, ''))}
          onKeyDown={(event) => {
            // Enter answers the question; it must not send the form around it.
            if (event.key !== 'Enter') return;
            event.preventDefault();
            void check();
          }}
        />
        <button
          type="button"
          className="button button-secondary"
          disabled={question === null || state.kind === 'checking' || answer === ''}
          onClick={() => void check()}
        >
          {t('captcha_text_check')}
        </button>
      </div>
      <p
        id={statusId}
        className={state.kind === 'unavailable' ? 'auth-error' : 'auth-hint'}
        aria-live="polite"
      >
        {state.kind === 'ready' && state.wrong && t('captcha_text_wrong')}
        {state.kind === 'unavailable' && t('captcha_load_failed')}
      </p>
    </div>
  );
}
