import { randomBytes } from 'node:crypto';
import {
  PASSKEY_CHALLENGE_TTL_MS,
  PASSKEY_TRANSPORTS,
  PasskeyErrorCode,
  type PasskeyCredentialDescriptor,
  type PasskeyInfo,
  type PasskeyTransport,
} from '@wps/contract/passkeys';
import type { passkeyCredentials } from '../../../db/schema/index.js';
import { DomainError } from '../../errors.js';

/** How the passkey services speak WebAuthn: the contract's shapes of SimpleWebAuthn's, the refusals. */

/** How long a browser waits for the member (the challenge outlives it a little). */
export const CEREMONY_TIMEOUT_MS = PASSKEY_CHALLENGE_TTL_MS - 30_000;

export type CredentialRow = typeof passkeyCredentials.$inferSelect;

export function infoOf(row: CredentialRow): PasskeyInfo {
  return {
    id: row.credentialId,
    name: row.name,
    deviceType: row.deviceType,
    backedUp: row.backedUp,
    transports: row.transports,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

export function knownTransports(values: readonly string[] | undefined): PasskeyTransport[] {
  return (values ?? []).filter((value): value is PasskeyTransport =>
    (PASSKEY_TRANSPORTS as readonly string[]).includes(value),
  );
}

/** The library's credential descriptors as the contract spells them (`type` is always public-key). */
export function descriptors(
  list: readonly { id: string; transports?: readonly string[] }[] | undefined,
): PasskeyCredentialDescriptor[] {
  return (list ?? []).map((item) => ({
    id: item.id,
    type: 'public-key',
    ...(item.transports === undefined ? {} : { transports: knownTransports(item.transports) }),
  }));
}

/** The challenge a client data JSON names, or null when it is not one. */
export function challengeOf(clientDataJSON: string): string | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { challenge } = parsed as { challenge?: unknown };
    return typeof challenge === 'string' && /^[A-Za-z0-9_-]{16,128}$/.test(challenge) ? challenge : null;
  } catch {
    return null;
  }
}

/** 256 random bits; the options carry them base64url, as the client data JSON names them back. */
export function newChallenge(): Uint8Array<ArrayBuffer> {
  return new Uint8Array(randomBytes(32));
}

export function invalid(message = 'The passkey could not be verified.'): DomainError {
  return new DomainError(PasskeyErrorCode.INVALID, message);
}

export function challengeExpired(): DomainError {
  return new DomainError(
    PasskeyErrorCode.CHALLENGE_EXPIRED,
    'The passkey request has expired. Please try again.',
  );
}

export function notFound(): DomainError {
  return new DomainError(PasskeyErrorCode.NOT_FOUND, 'No such passkey.');
}
