import { describe, expect, it } from 'vitest';
import { buildPixelTrack } from './pixelTrack';

const none = { tid: null, keptParams: {}, cookies: new Map<string, string>() };

describe('buildPixelTrack', () => {
  it.each([
    ['nothing at all', none],
    [
      'only empty and blank values',
      { tid: '  ', keptParams: { kw: '', cid: ' ' }, cookies: new Map([['_fbc', '']]) },
    ],
    [
      'only parameters that are not tracking ids',
      { tid: null, keptParams: { affiliateCode: 'aff1', r: 'x' }, cookies: new Map([['other', 'v']]) },
    ],
  ])('is null when every tracking id is empty: %s', (_name, sources) => {
    expect(buildPixelTrack(sources)).toBeNull();
  });

  it.each([
    ['tid', { ...none, tid: 'T1' }, { tid: 'T1' }],
    ['kw', { ...none, keptParams: { kw: 'K' } }, { kw: 'K' }],
    [
      'fbc and fbp cookies',
      {
        ...none,
        cookies: new Map([
          ['_fbc', 'fb.1.c'],
          ['_fbp', 'fb.1.p'],
        ]),
      },
      { fbc: 'fb.1.c', fbp: 'fb.1.p' },
    ],
    ['kwai click id', { ...none, keptParams: { kwaiclid: 'KC' } }, { kwaiClickId: 'KC' }],
    ['tiktok click id', { ...none, keptParams: { ttclid: 'TT' } }, { tiktok: 'TT' }],
    ['gclid as gtag', { ...none, keptParams: { gclid: 'G' } }, { gtag: 'G' }],
    ['voluum click id', { ...none, keptParams: { cid: 'V' } }, { voluum: 'V' }],
  ])('keeps the one non-empty id: %s', (_name, sources, expected) => {
    expect(buildPixelTrack(sources)).toEqual(expected);
  });

  it('prefers the query parameter to the cookie and trims values', () => {
    expect(
      buildPixelTrack({
        tid: ' T ',
        keptParams: { ttclid: 'from-query' },
        cookies: new Map([['_ttp', 'from-cookie']]),
      }),
    ).toEqual({ tid: 'T', tiktok: 'from-query' });
  });
});
