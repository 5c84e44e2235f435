import { setSession, type SessionInfo, type SessionPlace } from '@/state/session';

/** The test member "alice" of aurora with `token`. */
export function memberSession(token = 'tok'): SessionInfo {
  return {
    spanId: 's',
    id: '1',
    token,
    merchantCode: 'aurora',
    userName: 'alice',
    type: 0,
    firstTimeLogin: false,
  };
}

/** Logs the test member "alice" of aurora in with `token`, for this tab or (Remember me) the device. */
export function signIn(token = 'tok', place: SessionPlace = 'tab'): void {
  setSession(memberSession(token), place);
}
