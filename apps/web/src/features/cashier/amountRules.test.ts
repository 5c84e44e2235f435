import { describe, expect, it } from 'vitest';
import { amountMessage, serverAmountMessage, type AmountLimits, type AmountMessage } from './amountRules';

const PHP: AmountLimits = { currency: 'PHP', min: '100.00', max: '20000.00', dailyLeft: '50000.00' };
const VND: AmountLimits = { currency: 'VND', min: '50000', max: '50000000', dailyLeft: '100000000' };

describe('amountMessage', () => {
  it.each<[string, AmountLimits, AmountMessage | null]>([
    ['100', PHP, null],
    ['100.5', PHP, null],
    ['20000.00', PHP, null],
    ['  500  ', PHP, null],
    ['200000', VND, null],
    ['', PHP, { key: 'cashier_amount_required' }],
    ['   ', PHP, { key: 'cashier_amount_required' }],
    ['99.99', PHP, { key: 'cashier_amount_min', amounts: { amount: '100.00' } }],
    ['0', PHP, { key: 'cashier_amount_min', amounts: { amount: '100.00' } }],
    ['20000.01', PHP, { key: 'cashier_amount_max', amounts: { amount: '20000.00' } }],
    ['100.001', PHP, { key: 'cashier_amount_decimals', digits: 2 }],
    ['200000.5', VND, { key: 'cashier_amount_whole', digits: 0 }],
    ['49999', VND, { key: 'cashier_amount_min', amounts: { amount: '50000' } }],
    // Hostile and foreign forms: never guessed, refused with the same plain message.
    ['-100', PHP, { key: 'cashier_amount_format' }],
    ['+100', PHP, { key: 'cashier_amount_format' }],
    ['1e3', PHP, { key: 'cashier_amount_format' }],
    ['1,000', PHP, { key: 'cashier_amount_format' }],
    ['1 000', PHP, { key: 'cashier_amount_format' }],
    ['0x64', PHP, { key: 'cashier_amount_format' }],
    ['NaN', PHP, { key: 'cashier_amount_format' }],
    ['Infinity', PHP, { key: 'cashier_amount_format' }],
    ['１００', PHP, { key: 'cashier_amount_format' }],
    ['١٠٠', PHP, { key: 'cashier_amount_format' }],
    ['100.', PHP, { key: 'cashier_amount_format' }],
    ['.5', PHP, { key: 'cashier_amount_format' }],
    ['007', PHP, { key: 'cashier_amount_format' }],
    ['99999999999999999999999', PHP, { key: 'cashier_amount_format' }],
    ['<img src=x onerror=alert(1)>', PHP, { key: 'cashier_amount_format' }],
  ])('%j → %j', (text, limits, message) => {
    expect(amountMessage(text, limits)).toEqual(message);
  });

  it('above what is left of the day: the amount left; nothing left: the limit is reached', () => {
    const tight = { ...PHP, dailyLeft: '300.00' };
    expect(amountMessage('300', tight)).toBeNull();
    expect(amountMessage('300.01', tight)).toEqual({
      key: 'cashier_amount_daily',
      amounts: { amount: '300.00' },
    });
    expect(amountMessage('100', { ...PHP, dailyLeft: '0.00' })).toEqual({ key: 'cashier_daily_reached' });
    expect(amountMessage('100', { ...PHP, dailyLeft: '99.99' })).toEqual({ key: 'cashier_daily_reached' });
  });

  it('compares exactly, not as floats (0.1 + 0.2 is 0.30 here)', () => {
    const limits = { currency: 'USD', min: '0.30', max: '0.30', dailyLeft: '1.00' };
    expect(amountMessage('0.30', limits)).toBeNull();
    expect(amountMessage('0.29', limits)).toEqual({ key: 'cashier_amount_min', amounts: { amount: '0.30' } });
  });

  it('an unknown currency takes nothing', () => {
    expect(amountMessage('100', { ...PHP, currency: 'XXX' })).toEqual({ key: 'cashier_amount_format' });
  });
});

describe('serverAmountMessage', () => {
  it.each<[unknown, AmountMessage]>([
    [
      { min: '100.00', max: '20000.00' },
      { key: 'cashier_amount_range', amounts: { min: '100.00', max: '20000.00' } },
    ],
    [{ dailyLeft: '50.00' }, { key: 'cashier_amount_daily', amounts: { amount: '50.00' } }],
    [null, { key: 'cashier_amount_format' }],
    ['min', { key: 'cashier_amount_format' }],
    [{ min: 1, max: 2 }, { key: 'cashier_amount_format' }],
  ])('%j → %j', (data, message) => {
    expect(serverAmountMessage(data)).toEqual(message);
  });
});
