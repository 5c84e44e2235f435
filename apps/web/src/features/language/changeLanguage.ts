import type { LanguageCode } from '@wps/contract/languages';
import { saveMemberLanguage } from '@/api/endpoints/accounts';
import { currentMemberInfo } from '@/features/member';
import { activateLanguage } from '@/state/language';
import { getSession, type SessionInfo } from '@/state/session';

/** Member type 4 keeps its language on this device only (spec section 6). */
export const NO_LANGUAGE_SYNC_TYPE = 4;

export type LanguageSync = 'visitor' | 'skip' | 'sync';

/**
 * Whether a language change is sent to the server: not for a visitor, not for member type 4; the
 * type is the session's customerType, else the member info's (a session from a query token).
 */
export function languageSyncFor(session: SessionInfo | null, memberInfoType: number | null): LanguageSync {
  if (!session?.token) return 'visitor';
  const type = session.type ?? memberInfoType;
  return type === NO_LANGUAGE_SYNC_TYPE ? 'skip' : 'sync';
}

export type LanguageChangeResult = LanguageSync | 'syncFailed';

/**
 * Switches the interface at once (the catalog loads, `<html lang dir>` follows), stores the choice,
 * then for a member tells the server (`POST /wps/member/language`). A refused or failed sync keeps
 * the new language on screen and answers `syncFailed`.
 */
export async function changeLanguage(language: LanguageCode): Promise<LanguageChangeResult> {
  await activateLanguage(language, true);
  const session = getSession();
  const sync = languageSyncFor(session, currentMemberInfo()?.type ?? null);
  if (sync !== 'sync' || !session) return sync;
  try {
    await saveMemberLanguage({ language, merchantCode: session.merchantCode });
    return 'sync';
  } catch {
    return 'syncFailed';
  }
}
