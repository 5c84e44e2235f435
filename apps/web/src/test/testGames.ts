import type { GameCard } from '@wps/contract/games';

/** Test support: a game card with sensible defaults. Not bundled (only tests import it). */
export function testGame(overrides: Partial<GameCard> = {}): GameCard {
  const gameId = overrides.gameId ?? 'g1';
  return {
    gameId,
    gameCode: `code-${gameId}`,
    nodeId: `node-${gameId}`,
    displayName: `Game ${gameId}`,
    accountTypeName: 'Demo Vendor',
    vendor: 'DEMO',
    category: 'RNG',
    freeplay: false,
    hotRank: null,
    imageBase: `/wps/game/image/${gameId}`,
    launch: { kind: 'vendor' },
    ...overrides,
  };
}
