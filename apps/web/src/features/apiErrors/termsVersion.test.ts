import { describe, expect, it } from 'vitest';
import { termsVersionOf } from './errorActions';

// Here, not beside the terms dialog: features/terms importing apiErrors would close a circle
// (apiErrors opens the terms dialog lazily).
describe('the refusal that opens the terms dialog', () => {
  it.each([
    ['rg_terms_required with a version', { errorCode: 'rg_terms_required', data: { version: 3 } }, 3],
    ['rg_terms_required without one', { errorCode: 'rg_terms_required', data: null }, null],
    ['rg_terms_required without data', { errorCode: 'rg_terms_required' }, null],
    ['a version of 0', { errorCode: 'rg_terms_required', data: { version: 0 } }, null],
    ['a version as text', { errorCode: 'rg_terms_required', data: { version: '3' } }, null],
    ['another refusal', { errorCode: 'rg_limit_reached', data: { version: 3 } }, null],
  ])('a refused call opens the terms for %s', (_name, error, expected) => {
    expect(termsVersionOf(error)).toBe(expected);
  });
});
