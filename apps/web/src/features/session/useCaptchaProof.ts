import { useCallback, useState } from 'react';
import type { CaptchaProofResult } from '@/api/endpoints/accounts';
import type { WpsError } from '@/api/errors';
import type { FormMessage } from '@/ui/form';
import { captchaAfterFailure, formFailureFor } from '@/ui/form';

export interface CaptchaProofState {
  /** The slider's pass; null until the member solved it. */
  proof: CaptchaProofResult | null;
  /** Changing it loads a new puzzle. */
  resetKey: number;
  /** The message under the slider: none before the member tried to send the form. */
  message: FormMessage | null;
  /** The slider's answer (null when it is reset); a pass clears the message. */
  setProof: (proof: CaptchaProofResult | null) => void;
  /** Before sending: true when there is a pass, else asks for it under the slider. */
  require: () => boolean;
  /** After a refused request: keep the solved slider, take the pass the answer carries, or reload. */
  afterFailure: (error: WpsError, scene: 'login' | 'register') => void;
  /** The pass was used (an SMS code sent, a second factor asked): a new puzzle. */
  spent: () => void;
}

/**
 * The form kit's captcha proof: the pass of the slider captcha a login, a registration or an SMS
 * request carries. A pass is single-use on the server, so it is kept only where the server has not
 * spent it (`captchaAfterFailure`); "Verification failed" is the slider's own answer to a wrong drag,
 * never shown before one.
 */
export function useCaptchaProof(): CaptchaProofState {
  const [proof, setProofState] = useState<CaptchaProofResult | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const [message, setMessage] = useState<FormMessage | null>(null);

  const setProof = useCallback((next: CaptchaProofResult | null) => {
    setProofState(next);
    if (next) setMessage(null);
  }, []);

  const spent = useCallback(() => {
    setProofState(null);
    setResetKey((key) => key + 1);
  }, []);

  return {
    proof,
    resetKey,
    message,
    setProof,
    require: () => {
      if (proof) return true;
      setMessage({ key: 'captcha_required' });
      return false;
    },
    afterFailure: (error, scene) => {
      const next = captchaAfterFailure(error, scene);
      if (next.kind === 'replace') setProofState(next.proof);
      if (next.kind !== 'reload') return;
      spent();
      // Said only when the pass itself was refused; other failures reload quietly.
      setMessage(formFailureFor(error, scene)?.captcha ?? null);
    },
    spent,
  };
}
