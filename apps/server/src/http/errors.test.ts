import { ErrorCode } from '@wps/contract/errorCodes';
import { describe, expect, it } from 'vitest';
import { WpsHttpError } from './errors.js';

describe('WpsHttpError', () => {
  // A refusal is built without a stack (the handler logs only its code); a fault keeps one.
  it.each([
    { status: 400, frames: false },
    { status: 403, frames: false },
    { status: 429, frames: false },
    { status: 499, frames: false },
    { status: 500, frames: true },
    { status: 503, frames: true },
  ])('a $status has stack frames: $frames', ({ status, frames }) => {
    const limit = Error.stackTraceLimit;
    const error = new WpsHttpError(status, ErrorCode.TOO_MANY_REQUEST, 'Too many requests.', { a: 1 });
    expect(/\n\s+at /.test(error.stack ?? '')).toBe(frames);
    expect(error.stack).toContain('Too many requests.');
    // Everything else as before, and other errors keep their stacks.
    expect(error).toBeInstanceOf(Error);
    expect([error.name, error.statusCode, error.errorCode, error.message, error.data]).toEqual([
      'WpsHttpError',
      status,
      ErrorCode.TOO_MANY_REQUEST,
      'Too many requests.',
      { a: 1 },
    ]);
    expect(Error.stackTraceLimit).toBe(limit);
    expect(/\n\s+at /.test(new Error('other').stack ?? '')).toBe(true);
  });
});
