import { describe, expect, it } from 'vitest';
import { currencyStyleOf, formatMoney, type CurrencyStyle } from './money';

const PHP: CurrencyStyle = { code: 'PHP', symbol: '₱', position: 'before' };
const TLB: CurrencyStyle = { code: 'TLB', symbol: '₱', position: 'before' };
const VND: CurrencyStyle = { code: 'VND', symbol: '₫', position: 'after' };
const USD: CurrencyStyle = { code: 'USD', symbol: '$', position: 'before' };
const NO_SYMBOL: CurrencyStyle = { code: 'TLB', symbol: ' ', position: 'before' };

describe('formatMoney', () => {
  it.each<[string, CurrencyStyle, string, string]>([
    ['0', VND, 'en-US', '0 ₫'],
    ['200000', VND, 'en-US', '200,000 ₫'],
    ['200000', VND, 'vi-VN', '200.000 ₫'],
    ['0.00', PHP, 'en-US', '₱0.00'],
    ['1234.5', PHP, 'en-US', '₱1,234.50'],
    ['1234.50', PHP, 'fr-FR', '₱1 234,50'],
    ['-12.30', USD, 'en-US', '-$12.30'],
    ['-0.00', USD, 'en-US', '$0.00'],
    ['0.07', USD, 'en-US', '$0.07'],
    // The largest amount the wire carries, every digit kept (no float in between).
    ['9999999999999.99', USD, 'en-US', '$9,999,999,999,999.99'],
    ['10000000000000', VND, 'en-US', '10,000,000,000,000 ₫'],
    ['1000.25', TLB, 'en-US', '₱1,000.25'],
    ['5', NO_SYMBOL, 'en-US', '5.00 PHP'],
    ['1234.56', USD, 'ar-AE', '$1,234.56'],
  ])('%s in %s (%s) → %s', (amount, style, locale, shown) => {
    // Intl separates groups with narrow no-break spaces in some locales: compared as plain spaces.
    expect(formatMoney(amount, style, locale).replace(/[\u202f\u00a0]/g, ' ')).toBe(shown);
  });

  it.each<[string, CurrencyStyle]>([
    ['200000', VND],
    ['5', NO_SYMBOL],
  ])('%s in %s keeps its number and symbol on one line (no breakable space)', (amount, style) => {
    expect(formatMoney(amount, style, 'en-US')).not.toMatch(/ /);
  });

  it.each([
    ['NaN'],
    ['Infinity'],
    ['1e6'],
    ['0x10'],
    [''],
    ['12.345'], // more digits than USD has
    ['1,000'],
    ['--5'],
    ['<script>'],
    ['99999999999999999999'],
    ['10000000000000.01'], // above the wire's largest amount
  ])('a hostile or malformed amount %j shows as a dash, never NaN', (amount) => {
    expect(formatMoney(amount, USD, 'en-US')).toBe('—');
  });

  it('an unknown currency shows as a dash', () => {
    expect(formatMoney('5', { code: 'XXX', symbol: '¤', position: 'before' }, 'en-US')).toBe('—');
  });

  it.each<[string, string]>([
    ['12.50', '+$12.50'],
    ['-12.50', '-$12.50'],
    ['0.00', '$0.00'],
  ])('signed: %s → %s', (amount, shown) => {
    expect(formatMoney(amount, USD, 'en-US', { signed: true })).toBe(shown);
  });
});

describe('currencyStyleOf', () => {
  const settings = { currency: 'TLB', currencySymbol: '₱', currencyPosition: 'before' as const };
  it.each<[string, CurrencyStyle]>([
    ['TLB', { code: 'TLB', symbol: '₱', position: 'before' }],
    // TLB is shown as PHP: the same currency.
    ['PHP', { code: 'PHP', symbol: '₱', position: 'before' }],
    ['USD', { code: 'USD', symbol: '', position: 'after' }],
  ])('%s → the merchant symbol only for its own currency', (currency, style) => {
    expect(currencyStyleOf(currency, settings)).toEqual(style);
  });

  it('without settings yet: the code', () => {
    expect(currencyStyleOf('VND', null)).toEqual({ code: 'VND', symbol: '', position: 'after' });
  });
});
