import { describe, expect, it } from 'vitest';
import { mobileCharactersMessage, mobileNumberMessage, mobileSendBlock, nationalNumber } from './phoneRules';

const LENGTH = { key: 'auth_mobile_length', params: { min: 5, max: 15 } };
const DIGITS = { key: 'auth_mobile_digits' };

describe('the phone rules of every mobile field (the server’s: 5 to 15 digits, the country code apart)', () => {
  it.each([
    // typed, dialing code, the number sent (null: none), the field's message, why "Send code" is off
    ['9170000001', '63', '9170000001', null, null],
    ['917 000 0001', '63', '9170000001', null, null],
    ['917-000-0001', '+63', '9170000001', null, null],
    ['(0917) 000.0001', '63', '09170000001', null, null],
    ['+63 917 000 0001', '63', '9170000001', null, null],
    ['+639170000001', '+63', '9170000001', null, null],
    ['  9170000001  ', '63', '9170000001', null, null],
    ['', '63', '', { key: 'auth_required' }, { key: 'auth_send_code_need_mobile' }],
    ['   ', '63', '', { key: 'auth_required' }, { key: 'auth_send_code_need_mobile' }],
    ['abc😀12', '63', null, DIGITS, { key: 'auth_send_code_fix_mobile' }],
    ['😀', '63', null, DIGITS, { key: 'auth_send_code_fix_mobile' }],
    ['９１７００００００１', '63', null, DIGITS, { key: 'auth_send_code_fix_mobile' }],
    ['917+0000001', '63', null, DIGITS, { key: 'auth_send_code_fix_mobile' }],
    ['<script>', '63', null, DIGITS, { key: 'auth_send_code_fix_mobile' }],
    ['1234', '63', '1234', LENGTH, { key: 'auth_send_code_fix_mobile' }],
    ['1'.repeat(16), '63', '1'.repeat(16), LENGTH, { key: 'auth_send_code_fix_mobile' }],
    ['12345', '63', '12345', null, null],
    ['1'.repeat(15), '63', '1'.repeat(15), null, null],
    [
      '+84 912 000 001',
      '63',
      null,
      { key: 'auth_mobile_country', params: { code: '+63' } },
      { key: 'auth_send_code_fix_mobile' },
    ],
    [
      '+',
      '63',
      null,
      { key: 'auth_mobile_country', params: { code: '+63' } },
      { key: 'auth_send_code_fix_mobile' },
    ],
  ])('%j with +%s: sends %j, says %j, send-code block %j', (typed, dialing, sent, message, block) => {
    expect(nationalNumber(typed, dialing)).toBe(sent);
    expect(mobileNumberMessage(typed, dialing)).toEqual(message);
    expect(mobileSendBlock(typed, dialing)).toEqual(block);
  });

  it.each([
    ['9170000001', null],
    ['917 000-0001', null],
    ['+63', null],
    ['', null],
    ['abc😀12', DIGITS],
    ['12a', DIGITS],
    ['12\u000034', DIGITS],
  ])('while typing %j the field says %j', (typed, message) => {
    expect(mobileCharactersMessage(typed)).toEqual(message);
  });
});
