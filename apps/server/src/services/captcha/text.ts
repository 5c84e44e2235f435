import {
  CAPTCHA_TEXT_MIN_ANSWER_MS,
  type CaptchaTextChallenge,
  type CaptchaVerifyResult,
} from '@wps/contract/accounts';
import type { CaptchaTextVerifyPayload } from '@wps/contract/schemas/accounts';
import { randomInt } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { grantPass, spendAttempt, storeChallenge } from './challenges.js';
import { invalid } from './local.js';

/** The question's numbers: `a` in [10, 50), `b` in [1, 10), so a guess is right about 1 time in 48. */
export const TEXT_QUESTION = { a: [10, 50], b: [1, 10] } as const;

/**
 * The slider's accessible alternative, for a person who cannot see the picture: "what is a plus b?",
 * asked by the form in the member's language, answered in digits. Its pass is the slider's (the
 * same table, consumed by LocalSliderCaptcha.consume). Like a puzzle it takes one attempt, expires
 * in 2 minutes and is issued and checked under the same per-address rate limit; an answer sooner than
 * CAPTCHA_TEXT_MIN_ANSWER_MS after the question is refused. A script can read the question, so what
 * it costs a bot is those limits (docs/decisions/captcha-text-alternative.md).
 */
export class TextCaptcha {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  async challenge(merchantId: number): Promise<CaptchaTextChallenge> {
    const a = randomInt(TEXT_QUESTION.a[0], TEXT_QUESTION.a[1]);
    const b = randomInt(TEXT_QUESTION.b[0], TEXT_QUESTION.b[1]);
    const challenge = await storeChallenge(this.db, 'text', merchantId, a + b, this.now());
    return { challenge, a, b };
  }

  async verify(merchantId: number, answer: CaptchaTextVerifyPayload): Promise<CaptchaVerifyResult> {
    const now = new Date(this.now());
    const row = await spendAttempt(this.db, 'text', merchantId, answer.challenge, now);
    if (row === undefined) throw invalid('The question has expired. Please try a new one.');
    if (now.getTime() - row.issuedAt.getTime() < CAPTCHA_TEXT_MIN_ANSWER_MS) {
      throw invalid('verify geetest too fast');
    }
    const typed = answer.answer.trim();
    if (!/^\d{1,4}$/.test(typed) || Number(typed) !== row.answer) {
      throw invalid('That is not the answer. Please try a new question.');
    }
    const pass = await grantPass(this.db, answer.challenge, now);
    return { geetestChallenge: answer.challenge, geetestSeccode: pass, geetestValidateV4: pass };
  }
}
