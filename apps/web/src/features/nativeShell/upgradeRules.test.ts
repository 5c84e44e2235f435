import { describe, expect, it } from 'vitest';
import {
  compareVersions,
  directDownloadSupported,
  upgradeAction,
  upgradeLinkFor,
  upgradeModalShown,
} from './upgradeRules';

describe('compareVersions', () => {
  it.each<[string, string, number]>([
    ['2.4.39', '2.4.39', 0],
    ['2.4.38', '2.4.39', -1],
    ['2.4.40', '2.4.39', 1],
    ['2.5', '2.4.39', 1],
    ['2.4', '2.4.0', 0],
    ['10.0.0', '9.9.9', 1],
  ])('%s vs %s → %i', (a, b, result) => {
    expect(compareVersions(a, b)).toBe(result);
  });
});

describe('direct download from 2.4.39 (spec section 9)', () => {
  it.each<[string | null, boolean]>([
    [null, false],
    ['2.4.38', false],
    ['2.4.39', true],
    ['3.0', true],
  ])('%s → %s', (version, direct) => {
    expect(directDownloadSupported(version)).toBe(direct);
  });

  it('Update Now: the shell downloads from 2.4.39, the browser below', () => {
    expect(upgradeAction('2.4.39', '/app.apk')).toEqual({ type: 'upgrade', url: '/app.apk', direct: true });
    expect(upgradeAction('2.4.38', '/app.apk')).toEqual({ type: 'openExternal', url: '/app.apk' });
    expect(upgradeAction(null, '/app.apk')).toEqual({ type: 'openExternal', url: '/app.apk' });
  });
});

describe('app upgrade modal conditions (spec section 4)', () => {
  const resources = [
    { resourceType: 'Android' as const, url: '/app.apk' },
    { resourceType: 'MOBILECONFIG' as const, url: '/profile.mobileconfig' },
  ];
  it('the platform link: Android its package, iOS only an App Store link (the profile is no app)', () => {
    expect(upgradeLinkFor(resources, 'android')).toBe('/app.apk');
    expect(upgradeLinkFor(resources, 'ios')).toBeNull();
  });
  it.each<[string, { isNativeApp: boolean; upgradeAvailable: boolean; link: string | null }, boolean]>([
    ['native app, upgrade possible, a link', { isNativeApp: true, upgradeAvailable: true, link: '/a' }, true],
    ['outside the native app', { isNativeApp: false, upgradeAvailable: true, link: '/a' }, false],
    ['no upgrade possible', { isNativeApp: true, upgradeAvailable: false, link: '/a' }, false],
    ['no link for the platform', { isNativeApp: true, upgradeAvailable: true, link: null }, false],
  ])('%s → %s', (_name, facts, shown) => {
    expect(upgradeModalShown(facts)).toBe(shown);
  });
});
