import type { CaptchaChallenge } from '@wps/contract/accounts';

/** The captcha fields a login, registration or SMS request carries. */
export interface CaptchaProof {
  geetestChallenge?: string | undefined;
  geetestSeccode?: string | undefined;
  geetestValidateV4?: string | undefined;
}

/** A slider captcha: hands out challenges and accepts (once) the proof that one was solved. */
export interface CaptchaProvider {
  readonly kind: 'local' | 'geetest';
  challenge(merchantId: number): Promise<CaptchaChallenge>;
  /** True once per solved challenge; false for a missing, wrong, used or expired proof. */
  consume(merchantId: number, proof: CaptchaProof): Promise<boolean>;
}
