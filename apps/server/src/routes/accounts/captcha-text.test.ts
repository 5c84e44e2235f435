import {
  CAPTCHA_TEXT_MIN_ANSWER_MS,
  type CaptchaTextChallenge,
  type CaptchaVerifyResult,
} from '@wps/contract/accounts';
import { ErrorCode } from '@wps/contract/errorCodes';
import { endpoints } from '@wps/contract/endpoints';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../seed/members.js';
import {
  answerOf,
  challenge,
  failure,
  get,
  LOTUS,
  loginPayload,
  plainPost,
  sealedPost,
  value,
} from '../../test/accounts.js';
import { touchDrag } from '../../test/captcha-drags.js';
import { MINUTE, TestClock } from '../../test/clock.js';
import { backends, updateMerchant, useTestApp } from '../../test/test-app.js';

/**
 * The slider's text alternative for screen-reader users (services/captcha/text.ts): the server asks
 * "a plus b", checks the answer once, and gives the slider's pass.
 */
describe.each(backends)('captcha text alternative (%s)', (backend) => {
  const clock = new TestClock();
  const t = useTestApp(backend, { now: clock.now });

  const question = async (host?: string) =>
    value<CaptchaTextChallenge>(
      await get(t.app, `${endpoints.captchaText.path}?t=1`, host === undefined ? {} : { host }),
    );
  const answer = (body: unknown, host?: string) =>
    plainPost(t.app, endpoints.captchaTextVerify.path, body, host === undefined ? {} : { host });
  /** A person's pace: the question read or heard, the answer typed. */
  const think = () => clock.advance(CAPTCHA_TEXT_MIN_ANSWER_MS + 1_500);

  it('asks a + b (the answer kept on the server) and gives a pass a login takes, once', async () => {
    const asked = await question();
    expect(asked.challenge.startsWith('text.')).toBe(true);
    expect(asked.a).toBeGreaterThanOrEqual(10);
    expect(asked.b).toBeGreaterThanOrEqual(1);
    expect(Object.keys(asked).sort()).toEqual(['a', 'b', 'challenge']);
    expect(await answerOf(t.db, asked.challenge)).toBe(asked.a + asked.b);
    think();
    const pass = value<CaptchaVerifyResult>(
      await answer({ challenge: asked.challenge, answer: ` ${asked.a + asked.b} ` }),
    );
    expect(pass.geetestChallenge).toBe(asked.challenge);
    const login = await sealedPost(t.app, endpoints.login.path, loginPayload('demo', DEMO_PASSWORD, pass));
    expect(login.statusCode).toBe(200);
    // The pass is single-use, as the slider's.
    const again = await sealedPost(t.app, endpoints.login.path, loginPayload('demo', DEMO_PASSWORD, pass));
    expect(failure(again).code).toBe(ErrorCode.CAPTCHA_INVALID);
  });

  it.each([
    ['a wrong answer', (q: CaptchaTextChallenge) => String(q.a + q.b + 1)],
    ['the answer off by the other number', (q: CaptchaTextChallenge) => String(q.a)],
    ['letters', () => 'abc'],
    ['a number in words', () => 'twenty'],
    ['a sum left to the server', (q: CaptchaTextChallenge) => `${q.a}+${q.b}`],
    ['empty', () => ''],
    ['a negative', (q: CaptchaTextChallenge) => `-${q.a + q.b}`],
  ])('refuses %s, and the question is spent', async (_name, typed) => {
    const asked = await question();
    think();
    expect(failure(await answer({ challenge: asked.challenge, answer: typed(asked) }))).toEqual({
      status: 400,
      code: ErrorCode.CAPTCHA_INVALID,
    });
    const right = await answer({ challenge: asked.challenge, answer: String(asked.a + asked.b) });
    expect(failure(right).code).toBe(ErrorCode.CAPTCHA_INVALID);
  });

  it('refuses a reused question, an answer too soon, an expired one, an unknown one', async () => {
    const used = await question();
    think();
    value(await answer({ challenge: used.challenge, answer: String(used.a + used.b) }));
    expect(failure(await answer({ challenge: used.challenge, answer: String(used.a + used.b) })).code).toBe(
      ErrorCode.CAPTCHA_INVALID,
    );

    const hasty = await question();
    clock.advance(CAPTCHA_TEXT_MIN_ANSWER_MS - 1);
    expect(
      failure(await answer({ challenge: hasty.challenge, answer: String(hasty.a + hasty.b) })).code,
    ).toBe(ErrorCode.CAPTCHA_INVALID);
    // The hasty answer spent it: no second try once the time has passed.
    think();
    expect(
      failure(await answer({ challenge: hasty.challenge, answer: String(hasty.a + hasty.b) })).code,
    ).toBe(ErrorCode.CAPTCHA_INVALID);

    const late = await question();
    clock.advance(2 * MINUTE + 1);
    expect(failure(await answer({ challenge: late.challenge, answer: String(late.a + late.b) })).code).toBe(
      ErrorCode.CAPTCHA_INVALID,
    );
    expect(failure(await answer({ challenge: `text.${'x'.repeat(43)}`, answer: '12' })).code).toBe(
      ErrorCode.CAPTCHA_INVALID,
    );
  });

  it('refuses another merchant’s question, and keeps it for its own merchant', async () => {
    const lotus = await question(LOTUS);
    think();
    const right = String(lotus.a + lotus.b);
    expect(failure(await answer({ challenge: lotus.challenge, answer: right })).code).toBe(
      ErrorCode.CAPTCHA_INVALID,
    );
    value(await answer({ challenge: lotus.challenge, answer: right }, LOTUS));
  });

  it('never crosses with the slider: a question id at the slider’s verify, a puzzle id here', async () => {
    const asked = await question();
    think();
    const slider = await plainPost(t.app, endpoints.captchaVerify.path, {
      challenge: asked.challenge,
      ...touchDrag(asked.a + asked.b),
    });
    expect(failure(slider).code).toBe(ErrorCode.CAPTCHA_INVALID);
    // Refused before anything is spent: the question still takes its answer.
    value(await answer({ challenge: asked.challenge, answer: String(asked.a + asked.b) }));

    const puzzle = await challenge(t.app);
    const x = await answerOf(t.db, puzzle.challenge);
    expect(failure(await answer({ challenge: puzzle.challenge, answer: String(x) })).code).toBe(
      ErrorCode.CAPTCHA_INVALID,
    );
    value(
      await plainPost(t.app, endpoints.captchaVerify.path, { challenge: puzzle.challenge, ...touchDrag(x) }),
    );
  });

  it.each([
    ['no answer', { challenge: 'text.abcdefgh' }],
    ['no challenge', { answer: '12' }],
    ['an answer too long', { challenge: 'text.abcdefgh', answer: '123456789' }],
    ['a number, not text', { challenge: 'text.abcdefgh', answer: 12 }],
  ])('answers 400 invalid_request to a malformed body: %s', async (_name, body) => {
    expect(failure(await answer(body)).code).toBe(ErrorCode.INVALID_REQUEST);
  });

  it('a merchant on Geetest has no text alternative (Geetest checks its passes)', async () => {
    await updateMerchant(t.db, 'aurora', { secrets: { GEETEST_KEY: 'geetest-key' } });
    const response = await get(t.app, `${endpoints.captchaText.path}?t=1`);
    expect(failure(response).code).toBe(ErrorCode.CAPTCHA_INVALID);
  });
});

describe.each(backends)('captcha text alternative under the rate limit (%s)', (backend) => {
  const t = useTestApp(backend, {
    config: { rateLimit: { getPerMinute: 3, postPerMinute: 3, beaconPerMinute: 3 } },
  });

  it('is limited per address as the slider is: 429 after the minute’s share', async () => {
    for (const path of [endpoints.captcha.path, endpoints.captchaText.path]) {
      for (let n = 0; n < 3; n += 1) expect((await get(t.app, `${path}?t=${n}`)).statusCode).toBe(200);
      expect(failure(await get(t.app, `${path}?t=9`))).toMatchObject({
        status: 429,
        code: ErrorCode.TOO_MANY_REQUEST,
      });
    }
  });
});
