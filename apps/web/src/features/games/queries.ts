import type { GameCategoryCard, GameVendorInfo, ImageFormat } from '@wps/contract/games';
import { fetchGameCategories, fetchVendors } from '@/api/endpoints/lobby';
import type { QuerySpec } from '@/queries/store';

/** The game categories with their cards and counts (the lobby's section, the game area's tabs). */
export const gameCategoriesQuery: QuerySpec<GameCategoryCard[]> = {
  key: ['gameCategories'],
  load: fetchGameCategories,
};

/** The vendors with their logos in the browser's image format; null while the format is unknown. */
export function vendorsQuery(format: ImageFormat | null): QuerySpec<GameVendorInfo[]> | null {
  return format === null ? null : { key: ['vendors', format], load: () => fetchVendors(format) };
}
