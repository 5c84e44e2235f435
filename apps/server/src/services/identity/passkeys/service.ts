import {
  PASSKEY_MAX_PER_MEMBER,
  PasskeyErrorCode,
  type PasskeyCreationOptions,
  type PasskeyInfo,
  type PasskeyRequestOptions,
} from '@wps/contract/passkeys';
import type { EndpointParsed } from '@wps/contract/endpoints';
import type { LoginResult } from '@wps/contract/accounts';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, asc, count, eq, lt, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { customers, merchantDomains, passkeyCredentials } from '../../../db/schema/index.js';
import { DomainError } from '../../errors.js';
import type { ParsedHost } from '../../merchants/host.js';
import type { Merchant } from '../../merchants/repository.js';
import type { Caller, IdentityDeps } from '../context.js';
import type { LoginService } from '../login.js';
import type { AuthenticatedSession } from '../sessions.js';
import { PasskeyChallenges } from './challenges.js';
import { relyingPartyFor, type RelyingParty } from './relying-party.js';
import {
  CEREMONY_TIMEOUT_MS,
  challengeExpired,
  challengeOf,
  descriptors,
  infoOf,
  invalid,
  knownTransports,
  newChallenge,
  notFound,
  type CredentialRow,
} from './webauthn.js';

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
  private readonly challenges: PasskeyChallenges;

  constructor(
    private readonly deps: IdentityDeps,
    private readonly login: LoginService,
  ) {
    this.challenges = new PasskeyChallenges(deps.db, deps.now);
  }

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
    await this.challenges.store(options.challenge, {
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
    const pending = await this.challenges.claim(challenge, merchant.id, 'registration', rp.id);
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
    await this.challenges.store(options.challenge, {
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
    await this.challenges.claim(challenge, merchant.id, 'authentication', rp.id);

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
}
