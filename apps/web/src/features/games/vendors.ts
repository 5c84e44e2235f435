import type { GameCategoryCard, GameVendorInfo } from '@wps/contract/games';
import type { GameVendorSettings } from '@wps/contract/system';

/** A vendor filter chip of a category. */
export interface VendorChip {
  vendor: string;
  name: string;
  maintenance: boolean;
}

/**
 * The vendor chips of a category: the vendors the vendor call lists for it (else the category card's
 * gameClassify.vendors), without those the merchant hides (`display[vendor] === false`), named by the
 * merchant's `mapping`, else the vendor's own display name, else its code, and ordered by
 * `vendorSorting[category]` first, the rest in the server's order.
 */
export function vendorChipsFor(
  category: string,
  vendors: readonly GameVendorInfo[] | null,
  card: Pick<GameCategoryCard, 'gameClassify'> | undefined,
  settings: Pick<GameVendorSettings, 'mapping' | 'display' | 'vendorSorting'> | null,
): VendorChip[] {
  const fromCall = (vendors ?? []).filter((info) => info.category === category);
  const infos: Pick<GameVendorInfo, 'vendor' | 'displayName' | 'maintenance'>[] =
    fromCall.length > 0
      ? fromCall
      : (card?.gameClassify.vendors ?? []).map((vendor) => ({ vendor, displayName: '', maintenance: false }));
  const seen = new Set<string>();
  const chips: VendorChip[] = [];
  for (const info of infos) {
    if (seen.has(info.vendor) || settings?.display[info.vendor] === false) continue;
    seen.add(info.vendor);
    const mapped = settings?.mapping[info.vendor];
    chips.push({
      vendor: info.vendor,
      name: mapped || info.displayName || info.vendor,
      maintenance: info.maintenance,
    });
  }
  const order = settings?.vendorSorting[category] ?? [];
  const rank = (vendor: string) => {
    const place = order.indexOf(vendor);
    return place >= 0 ? place : order.length;
  };
  return chips
    .map((chip, index) => ({ chip, index }))
    .sort((a, b) => rank(a.chip.vendor) - rank(b.chip.vendor) || a.index - b.index)
    .map((entry) => entry.chip);
}
