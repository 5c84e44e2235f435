import { VN_LOTTERY_VENDOR, type GameLaunchValue } from '@wps/contract/games';
import type { EndpointParsed } from '@wps/contract/endpoints';
import type { Db } from '../../db/client.js';
import { DomainError } from '../errors.js';
import type { Merchant } from '../merchants/repository.js';
import { requireTermsAccepted } from '../trust/index.js';
import type { GameAdapters } from './adapters/index.js';
import {
  findLaunchGame,
  gameNotFound,
  gameUrlFor,
  launchLanguage,
  recordRecentGame,
  requireMerchantGame,
  requireNotInMaintenance,
  safeBackUrl,
} from './launch.js';

/**
 * Game launch (spec sections 4 and 7): a member's launch and a visitor's free play, each answering
 * `{ gameUrl }` from the vendor's adapter. `origin` is where the game is served from.
 */
export class GameLauncher {
  constructor(
    private readonly db: Db,
    private readonly adapters: GameAdapters,
    private readonly now: () => number,
    private readonly logError: (message: string) => void,
  ) {}

  async launch(
    merchant: Merchant,
    customerId: number,
    query: EndpointParsed<'launchGame'>,
    origin: string,
  ): Promise<GameLaunchValue> {
    // Real money waits for the current terms to be accepted (issue 29); free play does not.
    await requireTermsAccepted(this.db, merchant.id, customerId);
    const found = await findLaunchGame(this.db, merchant, query);
    requireNotInMaintenance(found.vendor);
    const vnLottery = query.vendor === VN_LOTTERY_VENDOR || found.game.launch.kind === 'vnLottery';
    const gameUrl = await gameUrlFor(
      this.adapters,
      {
        merchant,
        customerId,
        found,
        trial: false,
        backUrl: safeBackUrl(query.backUrl),
        language: launchLanguage(merchant, query.language, vnLottery),
        origin,
        prizeMode: query.lottoPrizeMode ?? query.prizeMode ?? null,
      },
      this.logError,
    );
    // Only a launch that produced a URL counts as played.
    await recordRecentGame(this.db, customerId, found.game.id, new Date(this.now()));
    return { gameUrl };
  }

  async trial(
    merchant: Merchant,
    query: EndpointParsed<'trialLaunch'>,
    origin: string,
  ): Promise<GameLaunchValue> {
    const found = await requireMerchantGame(this.db, merchant, Number(query.gameId));
    if (found.game.nodeId !== query.nodeId) throw gameNotFound();
    requireNotInMaintenance(found.vendor);
    if (!found.game.freeplay) throw new DomainError('game_trial_unavailable', 'This game has no free play.');
    const gameUrl = await gameUrlFor(
      this.adapters,
      {
        merchant,
        customerId: null,
        found,
        trial: true,
        backUrl: safeBackUrl(query.backUrl),
        language: launchLanguage(merchant, query.language, found.game.launch.kind === 'vnLottery'),
        origin,
        prizeMode: null,
      },
      this.logError,
    );
    return { gameUrl };
  }
}
