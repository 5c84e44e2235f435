import type { Announcement } from '@wps/contract/games';
import type { PromotionCategory } from '@wps/contract/content';

/** The "all" tab: every promotion, whatever its category. */
export const ALL_CATEGORIES = '';

/**
 * The tabs of /m/activity: "all" first, then the merchant's categories that have a promotion on
 * the list (an empty tab is not offered). A category code from the address that names no tab falls
 * back to "all".
 */
export function visibleCategories(
  categories: readonly PromotionCategory[],
  promotions: readonly Announcement[],
): PromotionCategory[] {
  const used = new Set(promotions.map((promotion) => promotion.category));
  return categories.filter((category) => used.has(category.code));
}

export function promotionsIn(promotions: readonly Announcement[], category: string): Announcement[] {
  return category === ALL_CATEGORIES
    ? [...promotions]
    : promotions.filter((promotion) => promotion.category === category);
}

export function selectedCategory(requested: string | null, tabs: readonly PromotionCategory[]): string {
  return requested !== null && tabs.some((tab) => tab.code === requested) ? requested : ALL_CATEGORIES;
}
