import {
  DEV_CAPTCHA_ANSWER_X,
  DEV_CAPTCHA_PASS,
  DEV_VERIFICATION_CODE,
  ErrorCode,
  LOCAL_CAPTCHA_PUZZLE_SIZE,
  ModuleId,
  TransportHeader,
  type CaptchaVerifyResult,
  type OutboxMessage,
  endpoints,
} from '@wps/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../seed/members.js';
import { LOCAL_CAPTCHA_ID } from '../../services/captcha/local.js';
import {
  answerOf,
  challenge,
  failure,
  get,
  loginPayload,
  plainPost,
  registration,
  sealedPost,
  value,
} from '../../test/accounts.js';
import { MINUTE, TestClock } from '../../test/clock.js';
import { readPng } from '../../test/png-reader.js';
import { backends, useTestApp } from '../../test/test-app.js';

describe.each(backends)('slider captcha (%s)', (backend) => {
  const clock = new TestClock();
  const t = useTestApp(backend, { now: clock.now });

  const verify = (body: unknown) => plainPost(t.app, endpoints.captchaVerify.path, body);

  it('hands out a puzzle: PNG background and piece, the answer kept on the server', async () => {
    const puzzle = await challenge(t.app);
    expect(puzzle).toMatchObject({ gt: LOCAL_CAPTCHA_ID, newCaptcha: true });
    expect(puzzle.puzzle?.background.startsWith('data:image/png;base64,')).toBe(true);
    expect(puzzle.puzzle?.piece.startsWith('data:image/png;base64,')).toBe(true);
    const background = readPng(Buffer.from(puzzle.puzzle?.background.split(',')[1] ?? '', 'base64'));
    // Drawn at twice the CSS size, so it stays sharp on phone screens.
    const density = LOCAL_CAPTCHA_PUZZLE_SIZE.density;
    expect([background.width, background.height]).toEqual([
      (puzzle.puzzle?.width ?? 0) * density,
      (puzzle.puzzle?.height ?? 0) * density,
    ]);
    const piece = readPng(Buffer.from(puzzle.puzzle?.piece.split(',')[1] ?? '', 'base64'));
    expect([piece.width, piece.height]).toEqual([
      LOCAL_CAPTCHA_PUZZLE_SIZE.piece * density,
      LOCAL_CAPTCHA_PUZZLE_SIZE.piece * density,
    ]);
    const response = await get(t.app, `${endpoints.captcha.path}?t=1`);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).not.toContain('answer');
  });

  it('accepts a position within tolerance once, with a human drag time', async () => {
    const puzzle = await challenge(t.app);
    const x = await answerOf(t.db, puzzle.challenge);
    const pass = value<CaptchaVerifyResult>(
      await verify({ challenge: puzzle.challenge, x: x - 5, durationMs: 700 }),
    );
    expect(pass.geetestChallenge).toBe(puzzle.challenge);
    expect(pass.geetestSeccode).toBe(pass.geetestValidateV4);
    // A puzzle takes one attempt.
    expect(failure(await verify({ challenge: puzzle.challenge, x, durationMs: 700 })).code).toBe(
      ErrorCode.CAPTCHA_INVALID,
    );
  });

  it.each([
    ['too far off', 8, 700],
    ['too fast', 0, 120],
    ['implausibly slow', 0, 120_000],
  ])('refuses a drag %s, and the puzzle is spent', async (_name, offset, durationMs) => {
    const puzzle = await challenge(t.app);
    const x = await answerOf(t.db, puzzle.challenge);
    const answer = failure(await verify({ challenge: puzzle.challenge, x: x + offset, durationMs }));
    expect(answer).toEqual({ status: 400, code: ErrorCode.CAPTCHA_INVALID });
    expect(failure(await verify({ challenge: puzzle.challenge, x, durationMs: 700 })).code).toBe(
      ErrorCode.CAPTCHA_INVALID,
    );
  });

  it('refuses an expired puzzle, an unknown one and another merchant’s', async () => {
    const puzzle = await challenge(t.app);
    const x = await answerOf(t.db, puzzle.challenge);
    clock.advance(2 * MINUTE + 1);
    expect(failure(await verify({ challenge: puzzle.challenge, x, durationMs: 700 })).code).toBe(
      ErrorCode.CAPTCHA_INVALID,
    );
    expect(failure(await verify({ challenge: 'x'.repeat(43), x, durationMs: 700 })).code).toBe(
      ErrorCode.CAPTCHA_INVALID,
    );
    const lotus = await challenge(t.app, 'lotus.localhost');
    const lotusX = await answerOf(t.db, lotus.challenge);
    expect(failure(await verify({ challenge: lotus.challenge, x: lotusX, durationMs: 700 })).code).toBe(
      ErrorCode.CAPTCHA_INVALID,
    );
  });

  it('a pass expires 2 minutes after it is given', async () => {
    const puzzle = await challenge(t.app);
    const x = await answerOf(t.db, puzzle.challenge);
    const pass = value<CaptchaVerifyResult>(
      await verify({ challenge: puzzle.challenge, x, durationMs: 700 }),
    );
    clock.advance(2 * MINUTE + 1);
    const login = await sealedPost(t.app, endpoints.login.path, loginPayload('demo', DEMO_PASSWORD, pass));
    expect(failure(login).code).toBe(ErrorCode.CAPTCHA_INVALID);
  });

  it('rejects malformed verify bodies', async () => {
    expect(failure(await verify({ challenge: 'abc' })).code).toBe(ErrorCode.INVALID_REQUEST);
  });
});

describe.each(backends)('development mode (%s)', (backend) => {
  const t = useTestApp(backend, { config: { devMode: true } });

  it('puts the gap at DEV_CAPTCHA_ANSWER_X, accepts DEV_CAPTCHA_PASS, and sends 000000', async () => {
    const puzzle = await challenge(t.app);
    expect(await answerOf(t.db, puzzle.challenge)).toBe(DEV_CAPTCHA_ANSWER_X);
    value(
      await plainPost(t.app, endpoints.captchaVerify.path, {
        challenge: puzzle.challenge,
        x: DEV_CAPTCHA_ANSWER_X,
        durationMs: 500,
      }),
    );
    const sms = await plainPost(t.app, endpoints.smsCode.path, {
      countryDialingCode: '63',
      mobileNum: '9175550000',
      geetestValidateV4: DEV_CAPTCHA_PASS,
    });
    expect(sms.statusCode).toBe(200);
    const outbox = value<OutboxMessage[]>(
      await get(t.app, `${endpoints.devSmsOutbox.path}?mobileNum=9175550000`),
    );
    expect(outbox).toHaveLength(1);
    expect(outbox[0]?.text).toContain(DEV_VERIFICATION_CODE);
    const registered = await sealedPost(
      t.app,
      endpoints.registerMobile.path,
      registration({
        countryDialingCode: '63',
        mobileNum: '9175550000',
        smsCode: DEV_VERIFICATION_CODE,
        password: 'Chosen123',
      }),
      { headers: { [TransportHeader.moduleId]: ModuleId.MOBILE_REGISTER } },
    );
    expect(registered.statusCode).toBe(200);
  });
});

describe.each(backends)('outside development mode (%s)', (backend) => {
  const t = useTestApp(backend);

  it('has no outbox endpoints and no fixed pass', async () => {
    expect((await get(t.app, `${endpoints.devSmsOutbox.path}?mobileNum=9175550000`)).statusCode).toBe(404);
    expect((await get(t.app, `${endpoints.devMailOutbox.path}?email=a@b.example`)).statusCode).toBe(404);
    const login = await sealedPost(
      t.app,
      endpoints.login.path,
      loginPayload('demo', DEMO_PASSWORD, { geetestValidateV4: DEV_CAPTCHA_PASS }),
    );
    expect(failure(login).code).toBe(ErrorCode.CAPTCHA_INVALID);
  });
});
