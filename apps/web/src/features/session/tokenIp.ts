import { onTransportEvent } from '@/api/client';
import { forgetDeviceSession, getSession, sessionPlace, setSession } from '@/state/session';

/**
 * token_ip_different ends "Remember me" (the spec's auto-login off, docs/decisions/remember-me-token.md):
 * the session the server bound to another address is not offered to the next tab; this tab keeps it
 * for as long as the server still accepts it (a 401 ends it through the please-login flow).
 */
export function watchTokenIpDifferent(): () => void {
  return onTransportEvent('tokenIpDifferent', () => {
    const session = getSession();
    if (session === null || sessionPlace() !== 'device') return;
    setSession(session, 'tab');
    forgetDeviceSession();
  });
}
