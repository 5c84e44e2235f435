import {
  DEV_CAPTCHA_ANSWER_X,
  DEV_CAPTCHA_PASS,
  type CaptchaChallenge,
  type CaptchaVerifyResult,
} from '@wps/contract/accounts';
import { ErrorCode } from '@wps/contract/errorCodes';
import type { CaptchaVerifyPayload } from '@wps/contract/schemas/accounts';
import { randomInt } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { captchaChallenges } from '../../db/schema/index.js';
import { DomainError } from '../errors.js';
import { sha256Hex } from '../../lib/tokens.js';
import { CHALLENGE_RULES, grantPass, spendAttempt, storeChallenge } from './challenges.js';
import type { CaptchaProof, CaptchaProvider } from './provider.js';
import { drawPuzzle, PUZZLE } from './puzzle.js';
import { dragProblem } from './trajectory.js';

export const LOCAL_CAPTCHA_RULES = {
  /** How far (px) the piece may be dropped from the gap. */
  tolerancePx: 6,
  /** A puzzle must be answered, and its pass used, within this time. */
  ttlMs: CHALLENGE_RULES.ttlMs,
} as const;

/** The `gt` id of the local provider's challenges. */
export const LOCAL_CAPTCHA_ID = 'wps-local-slider';

export function invalid(message: string): DomainError {
  return new DomainError(ErrorCode.CAPTCHA_INVALID, message);
}

/**
 * The server's own slider captcha: a generated puzzle whose gap position stays in the database; one
 * verify attempt per puzzle; a right answer gives a one-time pass that login, registration and SMS
 * requests consume.
 */
export class LocalSliderCaptcha implements CaptchaProvider {
  readonly kind = 'local';

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly devMode: boolean,
  ) {}

  async challenge(merchantId: number): Promise<CaptchaChallenge> {
    const now = this.now();
    const answerX = this.devMode ? DEV_CAPTCHA_ANSWER_X : randomInt(70, PUZZLE.width - PUZZLE.piece - 6);
    const puzzle = drawPuzzle(answerX);
    const challenge = await storeChallenge(this.db, 'slider', merchantId, answerX, now);
    return {
      gt: LOCAL_CAPTCHA_ID,
      challenge,
      newCaptcha: true,
      puzzle: {
        background: puzzle.background,
        piece: puzzle.piece,
        width: PUZZLE.width,
        height: PUZZLE.height,
        pieceY: puzzle.pieceY,
      },
    };
  }

  /** The one attempt of a puzzle: the right position, reached by a drag a person makes, gives a pass. */
  async verify(merchantId: number, answer: CaptchaVerifyPayload): Promise<CaptchaVerifyResult> {
    const now = new Date(this.now());
    const row = await spendAttempt(this.db, 'slider', merchantId, answer.challenge, now);
    if (row === undefined) throw invalid('The puzzle has expired. Please try a new one.');
    // How the piece got there (trajectory.ts): the drag's time and shape.
    const problem = dragProblem(answer, this.devMode);
    if (problem === 'too fast') throw invalid('verify geetest too fast');
    if (problem !== null) throw invalid('Please slide the piece into the gap again.');
    if (Math.abs(answer.x - row.answer) > LOCAL_CAPTCHA_RULES.tolerancePx) {
      throw invalid('The piece does not fit there. Please try again.');
    }
    const pass = await grantPass(this.db, answer.challenge, now);
    return { geetestChallenge: answer.challenge, geetestSeccode: pass, geetestValidateV4: pass };
  }

  async consume(merchantId: number, proof: CaptchaProof): Promise<boolean> {
    const pass = proof.geetestValidateV4 ?? proof.geetestSeccode;
    if (pass === undefined || pass === '') return false;
    if (this.devMode && pass === DEV_CAPTCHA_PASS) return true;
    const now = new Date(this.now());
    const used = await this.db
      .update(captchaChallenges)
      .set({ passUsedAt: now })
      .where(
        and(
          eq(captchaChallenges.passHash, sha256Hex(pass)),
          eq(captchaChallenges.merchantId, merchantId),
          isNull(captchaChallenges.passUsedAt),
          gt(captchaChallenges.passExpiresAt, now),
        ),
      )
      .returning({ challenge: captchaChallenges.challenge });
    return used.length === 1;
  }
}
