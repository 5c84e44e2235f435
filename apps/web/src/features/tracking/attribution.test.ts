import { beforeEach, describe, expect, it } from 'vitest';
import { createSafeStore } from '@/platform/storage';
import {
  FBC_PATTERN,
  FBP_PATTERN,
  captureClickIds,
  fbcValue,
  fbpValue,
  readClickIds,
  type AttributionDeps,
} from './attribution';

const NOW = 1_763_900_000_000;
const DAY = 86_400_000;

function browser(now = NOW) {
  const cookies = new Map<string, string>();
  const lines: string[] = [];
  const deps: AttributionDeps = {
    store: createSafeStore(() => window.localStorage),
    readCookies: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    writeCookie: (line) => {
      lines.push(line);
      const [pair = ''] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      cookies.set(name, value);
    },
    now: () => now,
    random: () => 0.5,
    secure: true,
  };
  return { deps, cookies, lines };
}

describe('Meta cookie formats', () => {
  it.each([
    [fbcValue('IwAR1abc', NOW), FBC_PATTERN, `fb.1.${NOW}.IwAR1abc`],
    [fbpValue(NOW, () => 0), FBP_PATTERN, `fb.1.${NOW}.1000000000`],
    [fbpValue(NOW, () => 0.999999999), FBP_PATTERN, `fb.1.${NOW}.9999999990`],
  ])('%s', (value, pattern, expected) => {
    expect(value).toBe(expected);
    expect(pattern.test(value)).toBe(true);
  });
});

describe('captureClickIds', () => {
  beforeEach(() => localStorage.clear());

  it('writes _fbc from fbclid and _fbp once, 90 days, Lax, Secure on https', () => {
    const { deps, cookies, lines } = browser();
    captureClickIds('?fbclid=IwAR1abc&gclid=G-1', deps);
    expect(cookies.get('_fbc')).toBe(`fb.1.${NOW}.IwAR1abc`);
    expect(cookies.get('_fbp')).toMatch(FBP_PATTERN);
    expect(lines.every((line) => line.includes('Max-Age=7776000; Path=/; SameSite=Lax; Secure'))).toBe(true);
    captureClickIds('?fbclid=IwAR1abc', deps);
    expect(lines).toHaveLength(2); // same click id, same browser: nothing rewritten
  });

  it('a new fbclid replaces _fbc; _fbp stays', () => {
    const { deps, cookies } = browser();
    captureClickIds('?fbclid=first', deps);
    const fbp = cookies.get('_fbp');
    captureClickIds('?fbclid=second', deps);
    expect(cookies.get('_fbc')).toBe(`fb.1.${NOW}.second`);
    expect(cookies.get('_fbp')).toBe(fbp);
  });

  it.each([
    ['gclid kept 90 days', '?gclid=abc', 89, { gclid: 'abc' }],
    ['gclid gone after 90 days', '?gclid=abc', 91, {}],
    ['ttclid kept 28 days', '?ttclid=t1', 27, { ttclid: 't1' }],
    ['ttclid gone after 28 days', '?ttclid=t1', 29, {}],
    [
      'utm_source 30 days',
      '?utm_source=meta&utm_campaign=spring',
      29,
      { utm_source: 'meta', utm_campaign: 'spring' },
    ],
    ['hostile values refused', '?gclid=%3Cscript%3E&ttclid=a%20b', 0, {}],
    ['unknown parameters ignored', '?foo=bar', 0, {}],
  ])('%s', (_name, search, daysLater, expected) => {
    const { deps } = browser();
    captureClickIds(search, deps);
    const later = { ...deps, now: () => NOW + daysLater * DAY };
    const ids = readClickIds(later);
    delete ids.fbp;
    expect(ids).toEqual(expected);
  });

  it('a later arrival adds to the earlier click ids', () => {
    const { deps } = browser();
    captureClickIds('?gclid=g1', deps);
    captureClickIds('?ttclid=t1', deps);
    expect(readClickIds(deps)).toMatchObject({ gclid: 'g1', ttclid: 't1' });
  });
});
