import { GAME_LAUNCH_TIMEOUT_MS, PING_ABORT_MS, REQUEST_TIMEOUT_MS } from '@wps/contract/constants';

/** The kinds of call with their own time-out (spec sections 7 and 9). */
export type RequestKind = 'default' | 'gameLaunch' | 'ping';

export const TIMEOUT_BY_KIND: Readonly<Record<RequestKind, number>> = {
  default: REQUEST_TIMEOUT_MS,
  gameLaunch: GAME_LAUNCH_TIMEOUT_MS,
  ping: PING_ABORT_MS,
};

export function timeoutFor(kind: RequestKind = 'default', override?: number): number {
  return override !== undefined && override > 0 ? override : TIMEOUT_BY_KIND[kind];
}
