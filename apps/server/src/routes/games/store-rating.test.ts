import { endpoints } from '@wps/contract/endpoints';
import type { DownloadSetting } from '@wps/contract/content';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { merchants } from '../../db/schema/index.js';
import { AURORA, get, LOTUS, value } from '../../test/accounts.js';
import { backends, useTestApp } from '../../test/test-app.js';

// The download page's store rating is the merchant's statement, never the spec's fixed 5.0
// (docs/decisions/store-rating.md): answered only when the merchant's settings hold a real one.
describe.each(backends)('the download page’s store rating (%s)', (backend) => {
  const t = useTestApp(backend);

  const rating = async (host: string) =>
    value<DownloadSetting>(await get(t.app, endpoints.downloadSetting.path, { host })).store_rating;

  const withStored = async (stored: unknown, check: () => Promise<void>) => {
    const [row] = await t.db.select().from(merchants).where(eq(merchants.code, 'lotus'));
    if (!row) throw new Error('no merchant lotus');
    const settings = { ...row.publicSettings, storeRating: stored } as typeof row.publicSettings;
    await t.db.update(merchants).set({ publicSettings: settings }).where(eq(merchants.code, 'lotus'));
    try {
      await check();
    } finally {
      await t.db
        .update(merchants)
        .set({ publicSettings: row.publicSettings })
        .where(eq(merchants.code, 'lotus'));
    }
  };

  it('the demo merchants state none, so none is answered', async () => {
    expect(await rating(AURORA)).toBeNull();
    expect(await rating(LOTUS)).toBeNull();
  });

  it.each<[string, unknown, DownloadSetting['store_rating']]>([
    [
      'a full statement',
      { value: 4.6, count: 1250, store: 'Google Play' },
      { value: 4.6, count: 1250, store: 'Google Play' },
    ],
    ['the value alone', { value: 4 }, { value: 4, count: null, store: null }],
    ['rounded to one decimal', { value: 4.349, count: 3 }, { value: 4.3, count: 3, store: null }],
    ['the edges', { value: 1, count: 1, store: ' App Store ' }, { value: 1, count: 1, store: 'App Store' }],
    ['five', { value: 5, count: 2 }, { value: 5, count: 2, store: null }],
    ['null', null, null],
    ['above five', { value: 5.01, count: 10 }, null],
    ['zero', { value: 0, count: 10 }, null],
    ['negative', { value: -4, count: 10 }, null],
    ['a string value', { value: '5.0', count: 10 }, null],
    ['not a number', { value: Number.NaN }, null],
    ['an array', [4.5, 100], null],
    ['a bare number', 5, null],
    [
      'a bad count and a blank store are left out',
      { value: 3.5, count: 2.5, store: '   ' },
      { value: 3.5, count: null, store: null },
    ],
    ['a negative count', { value: 3.5, count: -1 }, { value: 3.5, count: null, store: null }],
    [
      'a store name too long',
      { value: 3.5, store: 'S'.repeat(41) },
      { value: 3.5, count: null, store: null },
    ],
  ])('stored %s', async (_name, stored, expected) => {
    await withStored(stored, async () => {
      expect(await rating(LOTUS)).toEqual(expected);
      // Another merchant's statement is never answered for this one.
      expect(await rating(AURORA)).toBeNull();
    });
  });
});
