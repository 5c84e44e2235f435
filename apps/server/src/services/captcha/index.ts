import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { merchants } from '../../db/schema.js';
import type { Merchant } from '../merchants/repository.js';
import { GeetestCaptcha, type HttpPost } from './geetest.js';
import type { LocalSliderCaptcha } from './local.js';
import type { CaptchaProvider } from './provider.js';

/**
 * Picks the captcha of a merchant: Geetest when it configures GEETEST_ID and the secret GEETEST_KEY,
 * else the local slider. Development mode always uses the local slider (predictable answers).
 */
export class CaptchaService {
  constructor(
    private readonly db: Db,
    readonly local: LocalSliderCaptcha,
    private readonly devMode: boolean,
    private readonly post?: HttpPost,
    private readonly onError?: (error: unknown) => void,
  ) {}

  async providerFor(merchant: Merchant): Promise<CaptchaProvider> {
    const captchaId = merchant.settings.gw.GEETEST_ID;
    if (this.devMode || captchaId === undefined || captchaId === null || captchaId === '') return this.local;
    // The key is read for this check only and never leaves this function.
    const [row] = await this.db
      .select({ secrets: merchants.secrets })
      .from(merchants)
      .where(eq(merchants.id, merchant.id));
    const key = row?.secrets.GEETEST_KEY;
    if (key === undefined || key === '') return this.local;
    return new GeetestCaptcha(captchaId, key, this.post, this.onError);
  }
}
