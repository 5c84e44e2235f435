import { ErrorCode } from '@wps/contract/errorCodes';
import { gameImageUrl, type Banner, type GameCard, type GameVendorInfo } from '@wps/contract/games';
import { endpoints } from '@wps/contract/endpoints';
import type { LightMyRequestResponse } from 'fastify';
import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { banners } from '../../db/schema/index.js';
import { ImageCache, type RenderedImage } from '../../services/games/art.js';
import { warmBannerImages } from '../../services/games/catalogue-lobby.js';
import { failure, get, value } from '../../test/accounts.js';
import { readPng } from '../../test/png-reader.js';
import { backends, useTestApp } from '../../test/test-app.js';

/** The format a body's first bytes say it is. */
function formatOf(bytes: Buffer): string {
  if (bytes.subarray(0, 4).toString('hex') === '89504e47') return 'png';
  if (bytes.toString('ascii', 0, 4) === 'RIFF' && bytes.toString('ascii', 8, 12) === 'WEBP') return 'webp';
  if (bytes.toString('ascii', 4, 12) === 'ftypavif') return 'avif';
  return 'unknown';
}

describe.each(backends)('catalogue images (%s)', (backend) => {
  const t = useTestApp(backend);

  const hotGame = async (): Promise<GameCard> => {
    const [game] = value<GameCard[]>(await get(t.app, endpoints.hotGames.path));
    if (game === undefined) throw new Error('no hot game');
    return game;
  };

  it.each([
    ['na', 'png', 'image/png'],
    ['webp', 'webp', 'image/webp'],
    ['avif', 'avif', 'image/avif'],
  ] as const)('game art in %s is %s, immutable, with an ETag', async (format, magic, contentType) => {
    const game = await hotGame();
    const response = await get(t.app, gameImageUrl(game.imageBase, format));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(contentType);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(formatOf(response.rawPayload)).toBe(magic);
    // The second answer comes from the cache: the same bytes and tag.
    const again = await get(t.app, gameImageUrl(game.imageBase, format));
    expect(again.rawPayload.equals(response.rawPayload)).toBe(true);
    expect(again.headers.etag).toBe(response.headers.etag);
  });

  it('answers 304 to the ETag it gave', async () => {
    const url = gameImageUrl((await hotGame()).imageBase, 'webp');
    const first = await get(t.app, url);
    const etag = String(first.headers.etag);
    const second = await get(t.app, url, { headers: { 'if-none-match': etag } });
    expect(second.statusCode).toBe(304);
    expect(second.rawPayload.length).toBe(0);
  });

  it('draws games square and vendor logos and banners 2:1', async () => {
    const size = (response: LightMyRequestResponse) => {
      const png = readPng(response.rawPayload);
      return [png.width, png.height];
    };
    expect(size(await get(t.app, gameImageUrl((await hotGame()).imageBase, 'na')))).toEqual([240, 240]);
    const [vendor] = value<GameVendorInfo[]>(await get(t.app, endpoints.newGameVendor.path));
    expect(size(await get(t.app, vendor?.logoUrl ?? ''))).toEqual([240, 120]);
    const [banner] = value<Banner[]>(await get(t.app, `${endpoints.banners.path}?platform=M`));
    expect(size(await get(t.app, gameImageUrl(banner?.imageBase ?? '', 'na')))).toEqual([750, 375]);
  });

  it('serves vendor logos in the format the vendor list asked for', async () => {
    const [vendor] = value<GameVendorInfo[]>(await get(t.app, `${endpoints.newGameVendor.path}?ext=avif`));
    const response = await get(t.app, vendor?.logoUrl ?? '');
    expect(formatOf(response.rawPayload)).toBe('avif');
  });

  it.each([
    'game-999999.png',
    'game-0.png',
    'game-01.png',
    'game-abc.png',
    'game-99999999999.png',
    'game-1.gif',
    'game-1.PNG',
    'game-1',
    'game-1.png.png',
    'logo-1.png',
    'vendor-NOPE.webp',
    'vendor-..%2F..%2Fetc.png',
    'announcement-999999.avif',
  ])('answers 404 not_found for %s', async (file) => {
    expect(failure(await get(t.app, `/wps/game/image/${file}`))).toEqual({
      status: 404,
      code: ErrorCode.NOT_FOUND,
    });
  });

  it('answers 404 for an announcement without a picture', async () => {
    const response = await get(t.app, `${endpoints.announcements.path}?types=MARQUEE&platform=M`);
    const [marquee] = value<{ list: { id: string }[] }>(response).list;
    expect(failure(await get(t.app, `/wps/game/image/announcement-${marquee?.id}.png`)).status).toBe(404);
  });

  it('warms the banners showing now, the first of every merchant first, in AVIF and WebP', async () => {
    const rendered: string[] = [];
    class RecordingCache extends ImageCache {
      override getOrLoad(key: string, load: () => Promise<RenderedImage | null>) {
        rendered.push(key);
        return super.getOrLoad(key, load);
      }
    }
    const cache = new RecordingCache();
    const now = new Date();
    const showing = await t.db
      .select({
        id: banners.id,
        merchantId: banners.merchantId,
        startsAt: banners.startsAt,
        endsAt: banners.endsAt,
      })
      .from(banners)
      .orderBy(asc(banners.merchantId), asc(banners.position), asc(banners.id));
    const current = showing.filter((row) => row.startsAt <= now && (row.endsAt === null || row.endsAt > now));
    expect(current.length).toBeGreaterThan(3);
    const merchantCount = new Set(current.map((row) => row.merchantId)).size;

    expect(await warmBannerImages(t.db, cache, now)).toBe(current.length * 2);
    expect(cache.size).toBe(current.length * 2);
    // The first banner of every merchant, before any second one.
    const firstIds = [...new Set(current.map((row) => row.merchantId))].map(
      (merchantId) => current.find((row) => row.merchantId === merchantId)?.id,
    );
    expect(rendered.slice(0, merchantCount * 2)).toEqual(
      firstIds.flatMap((id) => [`banner-${id}.avif`, `banner-${id}.webp`]),
    );
    // Banners outside their window are not drawn.
    const ended = showing.filter((row) => !current.includes(row));
    expect(ended.length).toBeGreaterThan(0);
    for (const row of ended) expect(rendered).not.toContain(`banner-${row.id}.avif`);
  });
});
