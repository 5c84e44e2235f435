import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GEETEST_VALIDATE_URL, GeetestCaptcha, type HttpPost } from './geetest.js';

const RESULT = { lot_number: 'lot-1', captcha_output: 'out', pass_token: 'pass', gen_time: '1700000000' };

function fakeHttp(answer: { status: number; body: unknown } | Error) {
  const calls: { url: string; form: Record<string, string> }[] = [];
  const post: HttpPost = (url, form) => {
    calls.push({ url, form });
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
  };
  return { calls, post };
}

describe('Geetest v4 adapter', () => {
  it('asks the validate endpoint with the signed lot number and accepts "success"', async () => {
    const http = fakeHttp({ status: 200, body: { result: 'success', reason: '' } });
    const captcha = new GeetestCaptcha('captcha-id', 'captcha-key', http.post);
    expect(await captcha.consume(1, { geetestValidateV4: JSON.stringify(RESULT) })).toBe(true);
    expect(http.calls).toHaveLength(1);
    expect(http.calls[0]?.url).toBe(`${GEETEST_VALIDATE_URL}?captcha_id=captcha-id`);
    expect(http.calls[0]?.form).toEqual({
      ...RESULT,
      sign_token: createHmac('sha256', 'captcha-key').update('lot-1').digest('hex'),
    });
  });

  it.each([
    ['a "fail" result', { status: 200, body: { result: 'fail', reason: 'pass_token expire' } }],
    ['a server error', { status: 500, body: { result: 'success' } }],
    ['an unreachable service', new Error('ECONNREFUSED')],
  ])('refuses on %s', async (_name, answer) => {
    const errors: unknown[] = [];
    const captcha = new GeetestCaptcha('id', 'key', fakeHttp(answer).post, (error) => errors.push(error));
    expect(await captcha.consume(1, { geetestValidateV4: JSON.stringify(RESULT) })).toBe(false);
    expect(errors.length).toBe(answer instanceof Error ? 1 : 0);
  });

  it('refuses a missing or malformed widget result without calling out', async () => {
    const http = fakeHttp({ status: 200, body: { result: 'success' } });
    const captcha = new GeetestCaptcha('id', 'key', http.post);
    expect(await captcha.consume(1, {})).toBe(false);
    expect(await captcha.consume(1, { geetestValidateV4: 'not json' })).toBe(false);
    expect(await captcha.consume(1, { geetestValidateV4: JSON.stringify({ lot_number: 1 }) })).toBe(false);
    expect(http.calls).toHaveLength(0);
  });

  it('hands out its id as gt', async () => {
    const challenge = await new GeetestCaptcha('id', 'key').challenge();
    expect(challenge).toMatchObject({ gt: 'id', newCaptcha: true });
    expect(challenge.challenge.length).toBeGreaterThan(20);
  });
});
