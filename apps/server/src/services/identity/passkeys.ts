import { isIP } from 'node:net';
import {
  PASSKEY_CHALLENGE_TTL_MS,
  PASSKEY_MAX_PER_MEMBER,
  PASSKEY_TRANSPORTS,
  type EndpointParsed,
  type LoginResult,
  type PasskeyCreationOptions,
  type PasskeyCredentialDescriptor,
  type PasskeyInfo,
  type PasskeyRequestOptions,
  type PasskeyTransport,
  PasskeyErrorCode,
} from '@wps/contract';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, asc, count, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { customers, merchantDomains, passkeyChallenges, passkeyCredentials } from '../../db/schema/index.js';
import { DomainError } from '../errors.js';
import type { ParsedHost } from '../merchants/host.js';
import type { Merchant } from '../merchants/repository.js';
import type { IdentityDeps, Caller } from './context.js';
import type { LoginService } from './login.js';
import type { AuthenticatedSession } from './sessions.js';
import { sha256Hex } from '../../lib/tokens.js';

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

type CredentialRow = typeof passkeyCredentials.$inferSelect;

function infoOf(row: CredentialRow): PasskeyInfo {
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

function knownTransports(values: readonly string[] | undefined): PasskeyTransport[] {
  return (values ?? []).filter((value): value is PasskeyTransport =>
    (PASSKEY_TRANSPORTS as readonly string[]).includes(value),
  );
}

/** The library's credential descriptors as the contract spells them (`type` is always public-key). */
function descriptors(
  list: readonly { id: string; transports?: readonly string[] }[] | undefined,
): PasskeyCredentialDescriptor[] {
  return (list ?? []).map((item) => ({
    id: item.id,
    type: 'public-key',
    ...(item.transports === undefined ? {} : { transports: knownTransports(item.transports) }),
  }));
}

/** The challenge a client data JSON names, or null when it is not one. */
function challengeOf(clientDataJSON: string): string | null {
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
function newChallenge(): Uint8Array<ArrayBuffer> {
  return new Uint8Array(randomBytes(32));
}

function invalid(message = 'The passkey could not be verified.'): DomainError {
  return new DomainError(PasskeyErrorCode.INVALID, message);
}

function challengeExpired(): DomainError {
  return new DomainError(
    PasskeyErrorCode.CHALLENGE_EXPIRED,
    'The passkey request has expired. Please try again.',
  );
}

/** How long a browser waits for the member (the challenge outlives it a little). */
const CEREMONY_TIMEOUT_MS = PASSKEY_CHALLENGE_TTL_MS - 30_000;
/** Used and expired challenges are swept this long after they expired. */
const CHALLENGE_SWEEP_AFTER_MS = 60 * 60_000;

/** What a passkey sign-in sends besides the assertion. */
type PasskeyLoginInput = EndpointParsed<'passkeyLogin'>;

/**
 * Members' passkeys (WebAuthn through SimpleWebAuthn): adding one from a session, listing, renaming and
 * removing one's own, and signing in with one. Every challenge is stored hashed, used once, expires
 * after PASSKEY_CHALLENGE_TTL_MS and belongs to one merchant, one relying party and one purpose (and,
 * for a registration, to the member's session). User verification is required both ways; a counter
 * that does not move forward (once non-zero) is refused. A sign-in ends where a password login does:
 * `LoginService.admit` (the member's second factor, else a session).
 */
export class PasskeyService {
  constructor(
    private readonly deps: IdentityDeps,
    private readonly login: LoginService,
  ) {}

  /** Every domain registered to the merchant (listed or not): the candidates for a relying party id. */
  async relyingParty(merchant: Merchant, host: ParsedHost): Promise<RelyingParty> {
    const rows = await this.deps.db
      .select({ domain: merchantDomains.domain })
      .from(merchantDomains)
      .where(eq(merchantDomains.merchantId, merchant.id));
    return relyingPartyFor(
      merchant,
      rows.map((row) => row.domain),
      host,
    );
  }

  // ---- registration (a signed-in member) ---------------------------------------------------------

  async registrationOptions(
    merchant: Merchant,
    rp: RelyingParty,
    session: AuthenticatedSession,
  ): Promise<PasskeyCreationOptions> {
    const { customer } = session;
    const existing = await this.credentialsOf(merchant.id, customer.id);
    if (existing.length >= PASSKEY_MAX_PER_MEMBER) {
      throw new DomainError(
        PasskeyErrorCode.CONFLICT,
        'You have as many passkeys as allowed. Remove one first.',
      );
    }
    const userHandle = existing[0]?.userHandle ?? randomBytes(32).toString('base64url');
    const options = await generateRegistrationOptions({
      rpName: rp.name,
      rpID: rp.id,
      userName: customer.username,
      userDisplayName: customer.username,
      userID: Buffer.from(userHandle, 'base64url'),
      challenge: newChallenge(),
      timeout: CEREMONY_TIMEOUT_MS,
      attestationType: 'none',
      excludeCredentials: existing
        .filter((row) => row.rpId === rp.id)
        .map((row) => ({ id: row.credentialId, transports: row.transports })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    await this.storeChallenge(options.challenge, {
      merchantId: merchant.id,
      purpose: 'registration',
      rpId: rp.id,
      customerId: customer.id,
      sessionId: session.sessionId,
      userHandle,
    });
    return { ...options, excludeCredentials: descriptors(options.excludeCredentials) };
  }

  async register(
    merchant: Merchant,
    rp: RelyingParty,
    session: AuthenticatedSession,
    input: EndpointParsed<'passkeyRegistration'>,
  ): Promise<PasskeyInfo> {
    const response = input.credential as RegistrationResponseJSON;
    const challenge = challengeOf(response.response.clientDataJSON);
    if (challenge === null) throw invalid();
    const pending = await this.claimChallenge(challenge, merchant.id, 'registration', rp.id);
    if (pending.customerId !== session.customer.id || pending.sessionId !== session.sessionId) {
      throw challengeExpired();
    }
    let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      verification = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origins,
        expectedRPID: rp.id,
        requireUserVerification: true,
      });
    } catch {
      throw invalid();
    }
    const info = verification.registrationInfo;
    if (!verification.verified || info === undefined) throw invalid();
    const { credential } = info;
    const count = await this.countOf(merchant.id, session.customer.id);
    if (count >= PASSKEY_MAX_PER_MEMBER) {
      throw new DomainError(
        PasskeyErrorCode.CONFLICT,
        'You have as many passkeys as allowed. Remove one first.',
      );
    }
    const [row] = await this.deps.db
      .insert(passkeyCredentials)
      .values({
        merchantId: merchant.id,
        customerId: session.customer.id,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: knownTransports(credential.transports ?? input.credential.response.transports),
        deviceType: info.credentialDeviceType,
        backedUp: info.credentialBackedUp,
        userHandle: pending.userHandle ?? '',
        rpId: rp.id,
        name: input.name ?? `Passkey ${count + 1}`,
        createdAt: new Date(this.deps.now()),
      })
      .onConflictDoNothing()
      .returning();
    if (row === undefined) {
      throw new DomainError(PasskeyErrorCode.CONFLICT, 'This passkey is registered already.');
    }
    return infoOf(row);
  }

  // ---- the member's own passkeys -----------------------------------------------------------------

  async list(merchant: Merchant, session: AuthenticatedSession): Promise<PasskeyInfo[]> {
    return (await this.credentialsOf(merchant.id, session.customer.id)).map(infoOf);
  }

  async rename(
    merchant: Merchant,
    session: AuthenticatedSession,
    input: EndpointParsed<'passkeyRename'>,
  ): Promise<null> {
    const rows = await this.deps.db
      .update(passkeyCredentials)
      .set({ name: input.name })
      .where(this.ownCredential(merchant.id, session.customer.id, input.id))
      .returning({ id: passkeyCredentials.id });
    if (rows.length === 0) throw notFound();
    return null;
  }

  async remove(
    merchant: Merchant,
    session: AuthenticatedSession,
    input: EndpointParsed<'passkeyDelete'>,
  ): Promise<null> {
    const rows = await this.deps.db
      .delete(passkeyCredentials)
      .where(this.ownCredential(merchant.id, session.customer.id, input.id))
      .returning({ id: passkeyCredentials.id });
    if (rows.length === 0) throw notFound();
    return null;
  }

  // ---- sign-in (no session) ----------------------------------------------------------------------

  /** Options for any of the merchant's passkeys on this relying party: empty allowCredentials (discoverable, autofill). */
  async loginOptions(merchant: Merchant, rp: RelyingParty): Promise<PasskeyRequestOptions> {
    const options = await generateAuthenticationOptions({
      rpID: rp.id,
      challenge: newChallenge(),
      allowCredentials: [],
      userVerification: 'required',
      timeout: CEREMONY_TIMEOUT_MS,
    });
    await this.storeChallenge(options.challenge, {
      merchantId: merchant.id,
      purpose: 'authentication',
      rpId: rp.id,
    });
    return { ...options, allowCredentials: descriptors(options.allowCredentials) };
  }

  /** The assertion of a passkey: the member it belongs to logs in as with a password (second factor included). */
  async logIn(
    merchant: Merchant,
    rp: RelyingParty,
    input: PasskeyLoginInput,
    caller: Caller,
  ): Promise<LoginResult> {
    const response = input.credential as AuthenticationResponseJSON;
    const challenge = challengeOf(response.response.clientDataJSON);
    if (challenge === null) throw invalid();
    await this.claimChallenge(challenge, merchant.id, 'authentication', rp.id);

    // The merchant's passkeys only: another merchant's credential is unknown here.
    const [found] = await this.deps.db
      .select({ credential: passkeyCredentials, customer: customers })
      .from(passkeyCredentials)
      .innerJoin(customers, eq(customers.id, passkeyCredentials.customerId))
      .where(
        and(
          eq(passkeyCredentials.merchantId, merchant.id),
          eq(customers.merchantId, merchant.id),
          eq(passkeyCredentials.credentialId, response.id),
        ),
      )
      .limit(1);
    if (found === undefined || found.credential.rpId !== rp.id) {
      throw invalid('This passkey is not known here.');
    }
    const { credential: stored, customer } = found;
    // A discoverable credential names its member: it must be the one it was registered for.
    const userHandle = response.response.userHandle;
    if (userHandle !== undefined && userHandle !== stored.userHandle) throw invalid();

    let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
    try {
      verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origins,
        expectedRPID: rp.id,
        credential: {
          id: stored.credentialId,
          publicKey: Buffer.from(stored.publicKey, 'base64url'),
          counter: stored.counter,
          transports: stored.transports,
        },
        requireUserVerification: true,
      });
    } catch {
      // A wrong origin, relying party or signature, no user verification, a counter gone backwards.
      throw invalid();
    }
    if (!verification.verified) throw invalid();
    const { newCounter, credentialBackedUp } = verification.authenticationInfo;
    // The counter moves only forward: a concurrent use of the same assertion counter loses here.
    const updated = await this.deps.db
      .update(passkeyCredentials)
      .set({ counter: newCounter, backedUp: credentialBackedUp, lastUsedAt: new Date(this.deps.now()) })
      .where(
        and(
          eq(passkeyCredentials.id, stored.id),
          newCounter === 0 ? sql`true` : lt(passkeyCredentials.counter, newCounter),
        ),
      )
      .returning({ id: passkeyCredentials.id });
    if (updated.length === 0) throw invalid();
    return this.login.admit(merchant, customer, caller);
  }

  // ---- the pieces ----------------------------------------------------------------------------------

  private credentialsOf(merchantId: number, customerId: number): Promise<CredentialRow[]> {
    return this.deps.db
      .select()
      .from(passkeyCredentials)
      .where(
        and(eq(passkeyCredentials.merchantId, merchantId), eq(passkeyCredentials.customerId, customerId)),
      )
      .orderBy(asc(passkeyCredentials.id));
  }

  private async countOf(merchantId: number, customerId: number): Promise<number> {
    const [row] = await this.deps.db
      .select({ value: count() })
      .from(passkeyCredentials)
      .where(
        and(eq(passkeyCredentials.merchantId, merchantId), eq(passkeyCredentials.customerId, customerId)),
      );
    return row?.value ?? 0;
  }

  private ownCredential(merchantId: number, customerId: number, credentialId: string) {
    return and(
      eq(passkeyCredentials.merchantId, merchantId),
      eq(passkeyCredentials.customerId, customerId),
      eq(passkeyCredentials.credentialId, credentialId),
    );
  }

  private async storeChallenge(
    challenge: string,
    values: Omit<typeof passkeyChallenges.$inferInsert, 'challengeHash' | 'expiresAt' | 'createdAt'>,
  ): Promise<void> {
    const now = this.deps.now();
    await this.deps.db
      .delete(passkeyChallenges)
      .where(lt(passkeyChallenges.expiresAt, new Date(now - CHALLENGE_SWEEP_AFTER_MS)));
    await this.deps.db.insert(passkeyChallenges).values({
      ...values,
      challengeHash: sha256Hex(challenge),
      expiresAt: new Date(now + PASSKEY_CHALLENGE_TTL_MS),
      createdAt: new Date(now),
    });
  }

  /** Uses the challenge up, once: unknown, used, expired, or of another merchant, purpose or relying party → expired. */
  private async claimChallenge(
    challenge: string,
    merchantId: number,
    purpose: 'registration' | 'authentication',
    rpId: string,
  ): Promise<typeof passkeyChallenges.$inferSelect> {
    const now = new Date(this.deps.now());
    const [row] = await this.deps.db
      .update(passkeyChallenges)
      .set({ usedAt: now })
      .where(
        and(
          eq(passkeyChallenges.challengeHash, sha256Hex(challenge)),
          eq(passkeyChallenges.merchantId, merchantId),
          eq(passkeyChallenges.purpose, purpose),
          eq(passkeyChallenges.rpId, rpId),
          isNull(passkeyChallenges.usedAt),
          gt(passkeyChallenges.expiresAt, now),
        ),
      )
      .returning();
    if (row === undefined) throw challengeExpired();
    return row;
  }
}

function notFound(): DomainError {
  return new DomainError(PasskeyErrorCode.NOT_FOUND, 'No such passkey.');
}
