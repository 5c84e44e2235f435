import type { CaptchaChallenge } from '@wps/contract/accounts';
import { createHmac } from 'node:crypto';
import { newToken } from '../../lib/tokens.js';
import type { CaptchaProof, CaptchaProvider } from './provider.js';

/** Geetest v4's server-side check (https://docs.geetest.com/gt4/apirefer/api/server). */
export const GEETEST_VALIDATE_URL = 'https://gcaptcha4.geetest.com/validate';

export type HttpPost = (
  url: string,
  form: Record<string, string>,
  timeoutMs: number,
) => Promise<{ status: number; body: unknown }>;

/** `fetch`-based form POST with a time-out. */
export const fetchPost: HttpPost = async (url, form, timeoutMs) => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
    signal: AbortSignal.timeout(timeoutMs),
  });
  return { status: response.status, body: (await response.json()) as unknown };
};

interface V4Result {
  lot_number: string;
  captcha_output: string;
  pass_token: string;
  gen_time: string;
}

function parseV4(text: string | undefined): V4Result | null {
  if (text === undefined) return null;
  try {
    const value = JSON.parse(text) as Record<string, unknown>;
    const fields = ['lot_number', 'captcha_output', 'pass_token', 'gen_time'] as const;
    if (!fields.every((field) => typeof value[field] === 'string')) return null;
    return value as unknown as V4Result;
  } catch {
    return null;
  }
}

/**
 * The real Geetest service (v4), used when a merchant configures GEETEST_ID (public) and GEETEST_KEY
 * (secret). The client runs Geetest's widget and sends its result, JSON, as geetestValidateV4; the
 * server asks Geetest's validate endpoint, signing the lot number with the key (HMAC-SHA-256).
 * An unreachable service counts as not solved.
 */
export class GeetestCaptcha implements CaptchaProvider {
  readonly kind = 'geetest';

  constructor(
    private readonly captchaId: string,
    private readonly captchaKey: string,
    private readonly post: HttpPost = fetchPost,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  challenge(): Promise<CaptchaChallenge> {
    return Promise.resolve({ gt: this.captchaId, challenge: newToken(), newCaptcha: true });
  }

  async consume(_merchantId: number, proof: CaptchaProof): Promise<boolean> {
    const result = parseV4(proof.geetestValidateV4);
    if (result === null) return false;
    const signToken = createHmac('sha256', this.captchaKey).update(result.lot_number).digest('hex');
    try {
      const answer = await this.post(
        `${GEETEST_VALIDATE_URL}?captcha_id=${encodeURIComponent(this.captchaId)}`,
        { ...result, sign_token: signToken },
        5_000,
      );
      const body = answer.body as { result?: unknown } | null;
      return answer.status === 200 && body !== null && body.result === 'success';
    } catch (error) {
      this.onError(error);
      return false;
    }
  }
}
