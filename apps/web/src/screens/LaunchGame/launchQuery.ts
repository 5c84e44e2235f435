import { AppPath } from '@wps/contract/routes';
import {
  SEA_LOTTERY_MODE,
  VN_LOTTERY_LANGUAGE,
  VN_LOTTERY_VENDOR,
  type LottoView,
} from '@wps/contract/games';
import type { LaunchGameQuery } from '@wps/contract/schemas/games';
import { safeGoTarget } from '@/lib/navigation';

/** Codes and modes longer than this are not game identifiers. */
const MAX_VALUE_LENGTH = 100;

export interface LaunchContext {
  /** The app's current language (the Vietnam lottery always launches in VI). */
  language: string;
  /** The page title the game may show (merchant name). */
  title?: string | null;
  /** The member's club label name, when known. */
  labelName?: string | null;
}

/** Where the game's back button and the screen's Back return: a safe same-site /m/ path, else home. */
export function launchBackUrl(raw: string | null | undefined): string {
  return safeGoTarget(raw) ?? AppPath.home;
}

function value(params: URLSearchParams, name: string): string | null {
  const text = params.get(name)?.trim();
  return text && text.length <= MAX_VALUE_LENGTH ? text : null;
}

/**
 * The GET /wps/game/launchGame query for a /m/launchGame URL (spec sections 2 and 7), or null when
 * the URL names no game:
 * - lottery (`prize_mode, code, playType, backUrl, lottoView`): launchMode LOTT, lottoArea = playType
 *   (default NORMAL), lottoPrizeMode = prize_mode — or lottoMode SEA_Tradition_Mobile when playType
 *   is SEA —, lottoGameCode = code, lottoView betting (default) or lobby, hasLobby = lobby view;
 * - Vietnam lottery (`vendor=TCG_LOTTO_VN, code, backUrl`): vendor, gameCode, prizeMode when given,
 *   no lobby, language VI;
 * - any other vendor: vendor and gameCode, no lobby.
 * Every launch: device MOBILE, backUrl (safe /m/ path, else /m/home), language, title, labelName.
 */
export function launchQueryFrom(
  search: string | URLSearchParams,
  context: LaunchContext,
): LaunchGameQuery | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const code = value(params, 'code');
  const vendor = value(params, 'vendor');
  const common = {
    device: 'MOBILE' as const,
    backUrl: launchBackUrl(params.get('backUrl')),
    ...(context.title ? { title: context.title } : {}),
    ...(context.labelName ? { labelName: context.labelName } : {}),
  };

  if (vendor !== null) {
    if (code === null) return null;
    if (vendor === VN_LOTTERY_VENDOR) {
      const prizeMode = value(params, 'prize_mode');
      return {
        vendor,
        gameCode: code,
        ...(prizeMode !== null ? { prizeMode } : {}),
        ...common,
        hasLobby: false,
        language: VN_LOTTERY_LANGUAGE,
      };
    }
    return { vendor, gameCode: code, ...common, hasLobby: false, language: context.language };
  }

  const lottoView: LottoView = params.get('lottoView') === 'lobby' ? 'lobby' : 'betting';
  if (code === null && lottoView !== 'lobby') return null;
  const playType = value(params, 'playType') ?? 'NORMAL';
  const prizeMode = value(params, 'prize_mode');
  return {
    launchMode: 'LOTT',
    lottoArea: playType,
    ...(playType === 'SEA'
      ? { lottoMode: SEA_LOTTERY_MODE }
      : prizeMode !== null
        ? { lottoPrizeMode: prizeMode }
        : {}),
    ...(code !== null ? { lottoGameCode: code } : {}),
    lottoView,
    ...common,
    hasLobby: lottoView === 'lobby',
    language: context.language,
  };
}
