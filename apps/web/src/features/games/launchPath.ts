import { AppPath } from '@wps/contract/routes';
import { GameCategory, VN_LOTTERY_VENDOR, type GameCard } from '@wps/contract/games';

/** What a launch needs to know about a game: a card, or a game banner's fields. */
export type LaunchableGame = Pick<GameCard, 'vendor' | 'gameCode' | 'launch'>;

/**
 * The /m/launchGame path that opens a game (spec section 2): a lottery by prize_mode, code and
 * playType (SEA for the sea lottery); the Vietnam lottery by vendor=TCG_LOTTO_VN and code (and its prize_mode when it has one); any other
 * game by vendor and code. `backUrl` is where the game's back button returns (an app path).
 */
export function launchPathFor(game: LaunchableGame, backUrl: string): string {
  const query = new URLSearchParams();
  switch (game.launch.kind) {
    case 'lottery':
      query.set('prize_mode', game.launch.prizeMode);
      query.set('code', game.gameCode);
      query.set('playType', game.launch.playType);
      break;
    case 'vnLottery':
      query.set('vendor', VN_LOTTERY_VENDOR);
      query.set('code', game.gameCode);
      if (game.launch.prizeMode) query.set('prize_mode', game.launch.prizeMode);
      break;
    case 'vendor':
      query.set('vendor', game.vendor);
      query.set('code', game.gameCode);
      break;
  }
  query.set('backUrl', backUrl);
  return `${AppPath.launchGame}?${query.toString()}`;
}

/** The launch target of a game banner (linkageType G): linkage the game code, roomId the prize mode. */
export function bannerGame(banner: {
  linkage: string;
  vendor: string | null;
  gameType: string | null;
  roomId: string | null;
}): LaunchableGame {
  const vendor = banner.vendor ?? '';
  if (vendor === VN_LOTTERY_VENDOR || banner.gameType === GameCategory.VN_LOTT) {
    return {
      vendor: VN_LOTTERY_VENDOR,
      gameCode: banner.linkage,
      launch: { kind: 'vnLottery', vendor: VN_LOTTERY_VENDOR, prizeMode: banner.roomId ?? '' },
    };
  }
  if (banner.gameType === GameCategory.LOTT || banner.gameType === GameCategory.SEA_LOTT) {
    const playType = banner.gameType === GameCategory.SEA_LOTT ? 'SEA' : 'NORMAL';
    return {
      vendor,
      gameCode: banner.linkage,
      launch: { kind: 'lottery', prizeMode: banner.roomId ?? '', playType },
    };
  }
  return { vendor, gameCode: banner.linkage, launch: { kind: 'vendor' } };
}
