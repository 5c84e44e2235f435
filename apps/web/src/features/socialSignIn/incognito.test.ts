import { describe, expect, it } from 'vitest';
import { engineOf, isPrivateMode, type PrivateModeFacts } from './incognito';

const GIB = 1024 ** 3;
const base: PrivateModeFacts = {
  engine: 'chromium',
  quota: null,
  heapLimit: null,
  hasServiceWorker: true,
  directoryError: null,
};

describe('isPrivateMode', () => {
  it.each<[string, Partial<PrivateModeFacts>, boolean]>([
    ['Chromium, a disk-sized quota', { quota: 120 * GIB, heapLimit: 4 * GIB }, false],
    ['Chromium incognito, a memory-sized quota', { quota: 2 * GIB, heapLimit: 4 * GIB }, true],
    ['Chromium incognito without performance.memory', { quota: 0.5 * GIB }, true],
    ['Chromium, no quota known', { quota: null }, false],
    ['Firefox with service workers', { engine: 'firefox' }, false],
    ['Firefox private', { engine: 'firefox', hasServiceWorker: false }, true],
    ['Safari', { engine: 'safari' }, false],
    ['Safari private', { engine: 'safari', directoryError: 'UnknownError: unknown transient reason' }, true],
    ['Safari, another refusal', { engine: 'safari', directoryError: 'SecurityError: denied' }, false],
    ['another engine', { engine: 'other', hasServiceWorker: false, quota: 1 }, false],
  ])('%s → %s', (_name, facts, expected) => {
    expect(isPrivateMode({ ...base, ...facts })).toBe(expected);
  });
});

describe('engineOf', () => {
  it.each<[string, string]>([
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
      'chromium',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0',
      'chromium',
    ],
    ['Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0', 'firefox'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      'safari',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1',
      'safari',
    ],
    ['curl/8.0', 'other'],
  ])('%s → %s', (ua, expected) => {
    expect(engineOf(ua)).toBe(expected);
  });
});
