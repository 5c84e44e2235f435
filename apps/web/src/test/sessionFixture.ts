import { setSession } from '@/state/session';

/** Logs the test member "alice" of aurora in with `token`. */
export function signIn(token = 'tok'): void {
  setSession({
    spanId: 's',
    id: '1',
    token,
    merchantCode: 'aurora',
    userName: 'alice',
    type: 0,
    firstTimeLogin: false,
  });
}
