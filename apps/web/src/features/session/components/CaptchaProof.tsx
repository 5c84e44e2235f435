import { useT } from '@/i18n/I18nProvider';
import type { CaptchaProofState } from '@/features/session/useCaptchaProof';
import { SliderCaptcha } from './SliderCaptcha';

/** The form kit's captcha: the slider, with the form's message about it underneath. */
export function CaptchaProof({ captcha }: { captcha: CaptchaProofState }) {
  const { t } = useT();
  const { message } = captcha;
  return (
    <SliderCaptcha
      onChange={captcha.setProof}
      resetKey={captcha.resetKey}
      message={message ? t(message.key, message.params) : null}
    />
  );
}
