import { GamePath } from '@wps/contract';
import { get } from '../client';
import type { QueryParams } from '../url';

export interface LaunchGameValue {
  gameUrl: string;
}

/**
 * GET /wps/game/launchGame (spec section 7): 10 s time-out, and the token passed explicitly — the
 * launch screen may hold a token from its own query before the session store has one.
 */
export function launchGame(query: QueryParams, token: string | null): Promise<LaunchGameValue> {
  return get<LaunchGameValue>(GamePath.launchGame, { query, token, kind: 'gameLaunch', noCache: true });
}
