import { describe, expect, it } from 'vitest';
import { afterLoginDestination, mustChangePassword } from './destination';

const rules = { forceChangeExpired: true, defaultMobilePassword: 'Default@1' };
const normal = { firstTimeLogin: false, passwordExpired: false, password: 'secret-1' };

describe('after-login destination', () => {
  it.each([
    ['first-time login', { ...normal, firstTimeLogin: true }, rules, true],
    ['the default mobile-registration password', { ...normal, password: 'Default@1' }, rules, true],
    ['an expired password with PWDEXPFORCECHANGE3 on', { ...normal, passwordExpired: true }, rules, true],
    [
      'an expired password with PWDEXPFORCECHANGE3 off',
      { ...normal, passwordExpired: true },
      { ...rules, forceChangeExpired: false },
      false,
    ],
    ['an ordinary login', normal, rules, false],
    ['an SMS login (no password)', { ...normal, password: null }, rules, false],
  ])('forced change for %s: %s', (_name, outcome, table, forced) => {
    expect(mustChangePassword(outcome, table)).toBe(forced);
    expect(afterLoginDestination(outcome, table, '/m/game') === '/m/changePsw').toBe(forced);
  });

  it('the forced change wins over any go target', () => {
    expect(afterLoginDestination({ ...normal, firstTimeLogin: true }, rules, '/m/game')).toBe('/m/changePsw');
  });

  it.each([
    ['/m/game', '/m/game'],
    ['/m/member/home?tab=1', '/m/member/home?tab=1'],
    [null, '/m/home'],
    [undefined, '/m/home'],
    ['', '/m/home'],
    ['https://evil.example', '/m/home'],
    ['//evil.example/m/game', '/m/home'],
    ['/m/../admin', '/m/home'],
    ['/m/%2e%2e/admin', '/m/home'],
    ['javascript:alert(1)', '/m/home'],
    ['/m\\evil.example', '/m/home'],
    ['/m/login', '/m/home'],
    ['/m/game?token=stolen', '/m/game'],
    ['/elsewhere', '/m/home'],
  ])('go %s → %s', (go, expected) => {
    expect(afterLoginDestination(normal, rules, go)).toBe(expected);
  });
});
