import type { PixelTrack } from '@wps/contract/accounts';

/** Where the tracking ids come from: the stored tid, this visit's kept parameters, cookies. */
export interface PixelTrackSources {
  tid: string | null;
  keptParams: Readonly<Record<string, string>>;
  cookies: ReadonlyMap<string, string>;
}

type PixelField = keyof PixelTrack;

/** Which kept query parameter or cookie feeds each field (first non-empty wins). */
const FIELD_SOURCES: Record<Exclude<PixelField, 'tid'>, { params?: string[]; cookies?: string[] }> = {
  kwaiPixelId: { params: ['kwaiPixelId', 'kwai_pixel'], cookies: ['kwai_pixel'] },
  kwaiClickId: { params: ['kwaiclid'], cookies: ['kwai_clickid'] },
  kw: { params: ['kw'] },
  fbc: { cookies: ['_fbc'] },
  fbp: { cookies: ['_fbp'] },
  tiktok: { params: ['ttclid'], cookies: ['_ttp'] },
  twitter: { params: ['twclid'], cookies: ['_twclid'] },
  gtag: { params: ['gclid'], cookies: ['_gcl_aw'] },
  gtm: { params: ['gtm'] },
  okspi: { params: ['okspi'] },
  mgs: { params: ['mgs'] },
  phx: { params: ['phx'] },
  devils: { params: ['devils'] },
  macan: { params: ['macan'] },
  voluum: { params: ['cid'], cookies: ['voluum_cid'] },
  utm_source: { params: ['utm_source'] },
};

function firstValue(
  names: string[] | undefined,
  read: (name: string) => string | undefined,
): string | undefined {
  for (const name of names ?? []) {
    const value = read(name)?.trim();
    if (value) return value;
  }
  return undefined;
}

/** pixelTrack of the registration payload; null when every tracking id is empty (spec section 3). */
export function buildPixelTrack(sources: PixelTrackSources): PixelTrack | null {
  const track: PixelTrack = {};
  const tid = sources.tid?.trim();
  if (tid) track.tid = tid;
  for (const [field, from] of Object.entries(FIELD_SOURCES) as [
    Exclude<PixelField, 'tid'>,
    { params?: string[]; cookies?: string[] },
  ][]) {
    const value =
      firstValue(from.params, (name) =>
        Object.hasOwn(sources.keptParams, name) ? sources.keptParams[name] : undefined,
      ) ?? firstValue(from.cookies, (name) => sources.cookies.get(name));
    if (value !== undefined) track[field] = value;
  }
  return Object.keys(track).length === 0 ? null : track;
}
