import { GameImagePath, isGameCategory, GameCategory, type GameCard } from '@wps/contract/games';
import type { games, gameVendors } from '../../db/schema/index.js';

export type GameRow = typeof games.$inferSelect;
export type VendorRow = typeof gameVendors.$inferSelect;

/**
 * A game row with its vendor as a card shows it. The image name follows the catalogue's image route
 * (`/wps/game/image/game-{id}.{ext}`, services/games/art.ts); kept here so the member lists need
 * nothing of the image pipeline.
 */
export function toGameCard(game: GameRow, vendor: Pick<VendorRow, 'code' | 'displayName'>): GameCard {
  return {
    gameId: String(game.id),
    gameCode: game.gameCode,
    nodeId: game.nodeId,
    displayName: game.displayName,
    accountTypeName: vendor.displayName,
    vendor: vendor.code,
    category: isGameCategory(game.category) ? game.category : GameCategory.RNG,
    freeplay: game.freeplay,
    hotRank: game.hotRank,
    imageBase: `${GameImagePath.prefix}game-${game.id}`,
    launch: game.launch,
  };
}
