import { createHash } from 'node:crypto';
import { GameImagePath } from '@wps/contract/games';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { announcements, banners, games, gameVendors, type ArtSpec } from '../../db/schema/index.js';
import { artSvg, type ArtShape } from './artwork.js';
import { RasterProcess } from './raster-process.js';

/**
 * Catalogue images: `GET /wps/game/image/{kind}-{id}.{png|webp|avif}`. Each answer is the ArtSpec of
 * a row drawn as SVG and rasterised with sharp in a child process; the rendered bytes are kept in a bounded LRU, since
 * a rasterisation (avif above all) costs far more than the request.
 */

export const IMAGE_KINDS = ['game', 'vendor', 'banner', 'announcement'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];
export const IMAGE_EXTENSIONS = ['png', 'webp', 'avif'] as const;
export type ImageExtension = (typeof IMAGE_EXTENSIONS)[number];

export const IMAGE_CONTENT_TYPES: Record<ImageExtension, string> = {
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
};

export interface ImageName {
  kind: ImageKind;
  /** A row id (digits) for games, banners and announcements; the vendor code for vendors. */
  id: string;
  ext: ImageExtension;
}

/** `{imageBase}` of an answer: the prefix and the name, without an extension (gameImageUrl adds it). */
export function imageBase(kind: ImageKind, id: string | number): string {
  return `${GameImagePath.prefix}${kind}-${id}`;
}

const FILE = /^(game|vendor|banner|announcement)-([A-Za-z0-9_]{1,64})\.(png|webp|avif)$/;
const ROW_ID = /^[1-9][0-9]{0,9}$/;
/** A banner's id with the version of its art after the back office changed it (issue 30 item 5). */
const VERSIONED_BANNER_ID = /^([1-9][0-9]{0,9})_([1-9][0-9]{0,5})$/;

/** A banner picture's id in its name: the row id, then `_{version}` once its art was changed. */
export function bannerImageId(id: number, artVersion: number): string {
  return artVersion > 0 ? `${id}_${artVersion}` : String(id);
}
const MAX_ROW_ID = 2_147_483_647;

/** The image a file name asks for, or null when it is not one this server could have handed out. */
export function parseImageName(file: string): ImageName | null {
  const match = FILE.exec(file);
  if (match === null) return null;
  const [, kind, id, ext] = match as unknown as [string, ImageKind, string, ImageExtension];
  // Integer ids beyond the column's range would make the database, not the caller, fail.
  const rowId = kind === 'banner' ? (VERSIONED_BANNER_ID.exec(id)?.[1] ?? id) : id;
  if (kind !== 'vendor' && (!ROW_ID.test(rowId) || Number(rowId) > MAX_ROW_ID)) return null;
  return { kind, id, ext };
}

const SHAPE_OF: Record<ImageKind, ArtShape> = {
  game: 'game',
  vendor: 'vendor',
  banner: 'banner',
  announcement: 'banner',
};

/** The stored art of the named row, or null when there is no such row or it has no art. */
export async function loadArtSpec(db: Db, name: Pick<ImageName, 'kind' | 'id'>): Promise<ArtSpec | null> {
  switch (name.kind) {
    case 'game': {
      const [row] = await db
        .select({ art: games.art })
        .from(games)
        .where(eq(games.id, Number(name.id)));
      return row?.art ?? null;
    }
    case 'vendor': {
      const [row] = await db
        .select({ art: gameVendors.art })
        .from(gameVendors)
        .where(eq(gameVendors.code, name.id));
      return row?.art ?? null;
    }
    case 'banner': {
      // Only the current version's name draws the art: an old name never shows the new picture
      // under a URL that browsers keep for a year.
      const [rowId = name.id, version = '0'] = name.id.split('_');
      const [row] = await db
        .select({ art: banners.art, artVersion: banners.artVersion })
        .from(banners)
        .where(eq(banners.id, Number(rowId)));
      return row !== undefined && row.artVersion === Number(version) ? row.art : null;
    }
    case 'announcement': {
      const [row] = await db
        .select({ art: announcements.art })
        .from(announcements)
        .where(eq(announcements.id, Number(name.id)));
      return row?.art ?? null;
    }
  }
}

/**
 * The encoder, in a process of its own that leaves when idle (raster-process.ts): libvips and what its
 * encodings allocate never stay in the server's memory.
 */
export const rasterProcess = new RasterProcess();

export function rasterise(spec: ArtSpec, kind: ImageKind, ext: ImageExtension): Promise<Buffer> {
  return rasterProcess.rasterise(artSvg(spec, SHAPE_OF[kind]), ext);
}

export interface RenderedImage {
  bytes: Buffer;
  etag: string;
  contentType: string;
}

/**
 * Rendered images by file name, least recently used dropped first. Bounded by count and by bytes so
 * that a crawler walking every id cannot grow memory without limit. Concurrent misses of one name
 * share one rendering.
 */
export class ImageCache {
  private readonly entries = new Map<string, RenderedImage>();
  private readonly pending = new Map<string, Promise<RenderedImage | null>>();
  private bytes = 0;

  constructor(
    private readonly maxEntries = 512,
    private readonly maxBytes = 32 * 1024 * 1024,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string): RenderedImage | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    // Re-inserting moves the entry to the young end of the map's insertion order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, value: RenderedImage): void {
    const previous = this.entries.get(key);
    if (previous !== undefined) {
      this.entries.delete(key);
      this.bytes -= previous.bytes.length;
    }
    if (value.bytes.length > this.maxBytes) return;
    while (this.entries.size >= this.maxEntries || this.bytes + value.bytes.length > this.maxBytes) {
      const oldest = this.entries.entries().next();
      if (oldest.done === true) break;
      this.entries.delete(oldest.value[0]);
      this.bytes -= oldest.value[1].bytes.length;
    }
    this.entries.set(key, value);
    this.bytes += value.bytes.length;
  }

  /** The cached image, or the loaded one (cached when found); null when the load finds nothing. */
  async getOrLoad(key: string, load: () => Promise<RenderedImage | null>): Promise<RenderedImage | null> {
    const cached = this.get(key);
    if (cached !== undefined) return cached;
    let pending = this.pending.get(key);
    if (pending === undefined) {
      pending = load().finally(() => this.pending.delete(key));
      this.pending.set(key, pending);
    }
    const value = await pending;
    if (value !== null) this.set(key, value);
    return value;
  }
}

/** The image a file name names, rendered (or from the cache); null when there is none. */
export async function renderImage(db: Db, cache: ImageCache, name: ImageName): Promise<RenderedImage | null> {
  const key = `${name.kind}-${name.id}.${name.ext}`;
  return cache.getOrLoad(key, async () => {
    const spec = await loadArtSpec(db, name);
    if (spec === null) return null;
    const bytes = await rasterise(spec, name.kind, name.ext);
    const etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
    return { bytes, etag, contentType: IMAGE_CONTENT_TYPES[name.ext] };
  });
}
