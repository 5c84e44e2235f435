import { describe, expect, it } from 'vitest';
import { promoCodeErrorKey, promoCodeInputError } from './promoCode';

describe('promoCodeErrorKey (a refused claim, in the member’s language)', () => {
  it.each([
    ['promo_code_invalid', 'promo_code_invalid'],
    ['promo_code_expired', 'promo_code_expired'],
    ['promo_code_claimed', 'promo_code_claimed'],
    ['promo_code_disabled', 'promo_code_disabled'],
    ['invalid_request', 'promo_code_format'],
    ['TOO_MANY_REQUEST', 'promo_code_too_many'],
    ['TOO_MANY_REQUEST_verify_code', 'promo_code_too_many'],
    ['network_error', 'promo_code_failed'],
    [null, 'promo_code_failed'],
  ])('%s → %s', (code, key) => {
    expect(promoCodeErrorKey(code)).toBe(key);
  });
});

describe('promoCodeInputError (checked before sending)', () => {
  it.each([
    ['', 'promo_code_required'],
    ['   ', 'promo_code_required'],
    ['WELCOME88', null],
    [' welcome88 ', null],
    ['AB1', 'promo_code_format'],
    ['A'.repeat(33), 'promo_code_format'],
    ['<script>', 'promo_code_format'],
  ])('%j → %s', (text, key) => {
    expect(promoCodeInputError(text)).toBe(key);
  });
});
