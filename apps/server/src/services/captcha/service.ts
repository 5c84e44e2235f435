import { ErrorCode } from '@wps/contract/errorCodes';
import type { CaptchaChallenge, CaptchaTextChallenge, CaptchaVerifyResult } from '@wps/contract/accounts';
import type { CaptchaTextVerifyPayload, CaptchaVerifyPayload } from '@wps/contract/schemas/accounts';
import type { WhitelabelFlag } from '@wps/contract/flags';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { merchants } from '../../db/schema/index.js';
import { DomainError } from '../errors.js';
import type { KeyEncryptionKey } from '../keys/key-encryption-key.js';
import { flagOn, type Merchant } from '../merchants/repository.js';
import { openMerchantSecret } from '../merchants/secrets.js';
import { GeetestCaptcha, type HttpPost } from './geetest.js';
import type { LocalSliderCaptcha } from './local.js';
import type { CaptchaProof, CaptchaProvider } from './provider.js';
import type { TextCaptcha } from './text.js';

const GEETEST_VERIFIES = 'This merchant verifies its captcha with Geetest.';

/**
 * Picks the captcha of a merchant: Geetest when it configures GEETEST_ID and the secret GEETEST_KEY,
 * else the local slider. Development mode always uses the local slider (predictable answers).
 */
export class CaptchaService {
  constructor(
    private readonly db: Db,
    readonly local: LocalSliderCaptcha,
    private readonly text: TextCaptcha,
    private readonly devMode: boolean,
    private readonly post?: HttpPost,
    private readonly onError?: (error: unknown) => void,
    /** Opens the merchant's GEETEST_KEY, sealed at rest (services/merchants/secrets.ts). */
    private readonly kek?: KeyEncryptionKey,
  ) {}

  async providerFor(merchant: Merchant): Promise<CaptchaProvider> {
    const captchaId = merchant.settings.gw.GEETEST_ID;
    if (this.devMode || captchaId === undefined || captchaId === null || captchaId === '') return this.local;
    // The key is read for this check only and never leaves this function.
    const [row] = await this.db
      .select({ secrets: merchants.secrets })
      .from(merchants)
      .where(eq(merchants.id, merchant.id));
    const stored = row?.secrets.GEETEST_KEY;
    const key =
      stored === undefined || this.kek === undefined
        ? stored
        : openMerchantSecret(this.kek, merchant.id, 'GEETEST_KEY', stored);
    if (key === undefined || key === null || key === '') return this.local;
    return new GeetestCaptcha(captchaId, key, this.post, this.onError);
  }

  /** The slider puzzle (local provider) or the Geetest challenge of the merchant. */
  async challenge(merchant: Merchant): Promise<CaptchaChallenge> {
    const provider = await this.providerFor(merchant);
    return provider.challenge(merchant.id);
  }

  /** The local slider's check of a drag; Geetest merchants verify with Geetest, never here. */
  async verify(merchant: Merchant, answer: CaptchaVerifyPayload): Promise<CaptchaVerifyResult> {
    const provider = await this.providerFor(merchant);
    if (provider.kind !== 'local') {
      throw new DomainError(ErrorCode.CAPTCHA_INVALID, GEETEST_VERIFIES);
    }
    return this.local.verify(merchant.id, answer);
  }

  /**
   * The slider's text alternative (services/captcha/text.ts). Its pass is the local provider's, so a
   * merchant on Geetest, whose passes Geetest checks, has none.
   */
  async textChallenge(merchant: Merchant): Promise<CaptchaTextChallenge> {
    if ((await this.providerFor(merchant)).kind !== 'local') {
      throw new DomainError(ErrorCode.CAPTCHA_INVALID, GEETEST_VERIFIES);
    }
    return this.text.challenge(merchant.id);
  }

  async verifyText(merchant: Merchant, answer: CaptchaTextVerifyPayload): Promise<CaptchaVerifyResult> {
    if ((await this.providerFor(merchant)).kind !== 'local') {
      throw new DomainError(ErrorCode.CAPTCHA_INVALID, GEETEST_VERIFIES);
    }
    return this.text.verify(merchant.id, answer);
  }

  /** When `flag` is on, the request must carry an unused captcha pass of this merchant. */
  async requirePass(merchant: Merchant, flag: WhitelabelFlag, proof: CaptchaProof): Promise<void> {
    if (!flagOn(merchant, flag)) return;
    if (proof.geetestSeccode === undefined && proof.geetestValidateV4 === undefined) {
      throw new DomainError(ErrorCode.CAPTCHA_REQUIRED, 'Please complete the captcha.');
    }
    const provider = await this.providerFor(merchant);
    if (!(await provider.consume(merchant.id, proof))) {
      throw new DomainError(ErrorCode.CAPTCHA_INVALID, 'The captcha has expired. Please try again.');
    }
  }
}
