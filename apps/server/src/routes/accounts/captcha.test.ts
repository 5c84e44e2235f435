import {
  DEV_CAPTCHA_ANSWER_X,
  DEV_CAPTCHA_PASS,
  DEV_VERIFICATION_CODE,
  LOCAL_CAPTCHA_MAX_SAMPLES,
  LOCAL_CAPTCHA_PUZZLE_SIZE,
  type CaptchaVerifyResult,
  type OutboxMessage,
} from '@wps/contract/accounts';
import { ErrorCode } from '@wps/contract/errorCodes';
import { ModuleId } from '@wps/contract/flags';
import { TransportHeader } from '@wps/contract/transport';
import { endpoints } from '@wps/contract/endpoints';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../seed/members.js';
import { LOCAL_CAPTCHA_ID } from '../../services/captcha/index.js';
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
import { botDrags, filledDrag, keyboardDrag, touchDrag } from '../../test/captcha-drags.js';
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

  it('accepts a position within tolerance once, reached by a person’s drag', async () => {
    const puzzle = await challenge(t.app);
    const x = await answerOf(t.db, puzzle.challenge);
    const pass = value<CaptchaVerifyResult>(
      await verify({ challenge: puzzle.challenge, ...touchDrag(x - 5) }),
    );
    expect(pass.geetestChallenge).toBe(puzzle.challenge);
    expect(pass.geetestSeccode).toBe(pass.geetestValidateV4);
    // A puzzle takes one attempt.
    expect(failure(await verify({ challenge: puzzle.challenge, ...touchDrag(x) })).code).toBe(
      ErrorCode.CAPTCHA_INVALID,
    );
  });

  it.each([
    ['a touch drag (eased, with tremble)', (x: number) => touchDrag(x, 5)],
    ['a keyboard drag (Page Up, arrow taps, Enter)', (x: number) => keyboardDrag(x, 5)],
  ])('accepts %s', async (_name, drag) => {
    const puzzle = await challenge(t.app);
    const x = await answerOf(t.db, puzzle.challenge);
    value<CaptchaVerifyResult>(await verify({ challenge: puzzle.challenge, ...drag(x) }));
  });

  it.each([
    ['too far off', (x: number) => touchDrag(x + 8)],
    ['implausibly slow', (x: number) => ({ ...touchDrag(x), durationMs: 120_000 })],
    ...botDrags,
  ])('refuses %s, and the puzzle is spent', async (_name, drag) => {
    const puzzle = await challenge(t.app);
    const x = await answerOf(t.db, puzzle.challenge);
    const answer = failure(await verify({ challenge: puzzle.challenge, ...drag(x) }));
    expect(answer).toEqual({ status: 400, code: ErrorCode.CAPTCHA_INVALID });
    expect(failure(await verify({ challenge: puzzle.challenge, ...touchDrag(x) })).code).toBe(
      ErrorCode.CAPTCHA_INVALID,
    );
  });

  it('refuses an expired puzzle, an unknown one and another merchant’s', async () => {
    const puzzle = await challenge(t.app);
    const x = await answerOf(t.db, puzzle.challenge);
    clock.advance(2 * MINUTE + 1);
    expect(failure(await verify({ challenge: puzzle.challenge, ...touchDrag(x) })).code).toBe(
      ErrorCode.CAPTCHA_INVALID,
    );
    expect(failure(await verify({ challenge: 'x'.repeat(43), ...touchDrag(x) })).code).toBe(
      ErrorCode.CAPTCHA_INVALID,
    );
    const lotus = await challenge(t.app, 'lotus.localhost');
    const lotusX = await answerOf(t.db, lotus.challenge);
    expect(failure(await verify({ challenge: lotus.challenge, ...touchDrag(lotusX) })).code).toBe(
      ErrorCode.CAPTCHA_INVALID,
    );
  });

  it('a pass expires 2 minutes after it is given', async () => {
    const puzzle = await challenge(t.app);
    const x = await answerOf(t.db, puzzle.challenge);
    const pass = value<CaptchaVerifyResult>(await verify({ challenge: puzzle.challenge, ...touchDrag(x) }));
    clock.advance(2 * MINUTE + 1);
    const login = await sealedPost(t.app, endpoints.login.path, loginPayload('demo', DEMO_PASSWORD, pass));
    expect(failure(login).code).toBe(ErrorCode.CAPTCHA_INVALID);
  });

  it('rejects malformed verify bodies: no drag, more than 200 points, points out of range', async () => {
    expect(failure(await verify({ challenge: 'abc' })).code).toBe(ErrorCode.INVALID_REQUEST);
    const puzzle = await challenge(t.app);
    const x = await answerOf(t.db, puzzle.challenge);
    const { samples: _samples, ...noDrag } = touchDrag(x);
    const points = Array.from({ length: LOCAL_CAPTCHA_MAX_SAMPLES + 1 }, (_, index) => ({
      t: index * 20,
      x,
    }));
    for (const body of [
      noDrag,
      { ...touchDrag(x), samples: points },
      { ...touchDrag(x), samples: [{ t: -1, x }] },
      { ...touchDrag(x), samples: [{ t: 10, x: 'far' }] },
    ]) {
      expect(failure(await verify({ challenge: puzzle.challenge, ...body })).code).toBe(
        ErrorCode.INVALID_REQUEST,
      );
    }
    // None of them spent the puzzle.
    value<CaptchaVerifyResult>(await verify({ challenge: puzzle.challenge, ...touchDrag(x) }));
  });
});

describe.each(backends)('development mode (%s)', (backend) => {
  const t = useTestApp(backend, { config: { devMode: true } });

  it('puts the gap at DEV_CAPTCHA_ANSWER_X, accepts DEV_CAPTCHA_PASS, and sends 000000', async () => {
    const puzzle = await challenge(t.app);
    expect(await answerOf(t.db, puzzle.challenge)).toBe(DEV_CAPTCHA_ANSWER_X);
    // The end-to-end tests' path: the slider set in one go, Enter 600 ms later (no drag shape checked).
    value(
      await plainPost(t.app, endpoints.captchaVerify.path, {
        challenge: puzzle.challenge,
        ...filledDrag(DEV_CAPTCHA_ANSWER_X),
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
