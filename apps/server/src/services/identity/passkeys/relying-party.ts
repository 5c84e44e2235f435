import { isIP } from 'node:net';
import { PasskeyErrorCode } from '@wps/contract/passkeys';
import { DomainError } from '../../errors.js';
import type { ParsedHost } from '../../merchants/host.js';
import type { Merchant } from '../../merchants/repository.js';

/**
 * The relying party of a request: its id is the domain the request came in on, and only when that
 * domain is one of the merchant's registered domains (the directory found the merchant by it, and it
 * is checked again here against the merchant's own list). The origins a browser may report: https on
 * that domain (with the request's port when it named one), and plain http only for `localhost` names,
 * which browsers treat as secure (the dev server, the e2e run).
 */
export interface RelyingParty {
  id: string;
  name: string;
  origins: string[];
}

/** Browsers run WebAuthn on http only for these names. */
function isLoopbackName(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost');
}

/** The relying party for `host` (the parsed Host the merchant was found by), or passkey_unavailable. */
export function relyingPartyFor(
  merchant: Merchant,
  registeredDomains: readonly string[],
  host: ParsedHost,
): RelyingParty {
  const { hostname, port } = host;
  // An IP address is never a relying party id (WebAuthn needs a domain).
  if (hostname.startsWith('[') || isIP(hostname) !== 0 || !registeredDomains.includes(hostname)) {
    throw new DomainError(PasskeyErrorCode.UNAVAILABLE, 'Passkeys are not available on this address.');
  }
  const origins = [`https://${hostname}`];
  if (port !== null && port !== 443) origins.push(`https://${hostname}:${port}`);
  if (isLoopbackName(hostname)) {
    origins.push(`http://${hostname}`);
    if (port !== null && port !== 80) origins.push(`http://${hostname}:${port}`);
  }
  return { id: hostname, name: merchant.name, origins };
}
