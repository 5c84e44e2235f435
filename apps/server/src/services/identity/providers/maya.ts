import type { MayaEnvironment, MayaTokens } from '@wps/contract/socialProviders';
import { DomainError } from '../../errors.js';
import type { Merchant } from '../../merchants/repository.js';
import { configFlag, configString, type IdentityProviders } from '../social/providers.js';
import { socialIdentity, type VerifiedSocialIdentity } from '../social/types.js';
import { callProvider, joinUrl, numberField, stringField, type ProviderFetch } from './provider-http.js';

/**
 * The Maya wallet's sign-in, as this product defines it with the wallet (docs/social-sign-in.md,
 * "Maya wallet"). The wallet app opens the site with a one-time `sessionId`; the server (never the
 * browser) asks the wallet who it is, authenticated as the merchant's client:
 *
 *   POST {mayaApiBase}/v1/sessions/verify      Authorization: Basic base64(clientId:clientSecret)
 *        { "sessionId": "…" }
 *   200  { "userId": "…", "displayName": "…", "env": "sandbox" | "production" }
 *   4xx  the session is unknown, used (one-time), expired, or another client's
 *
 *   POST {mayaApiBase}/v1/users/{userId}/tokens   (same authorization, empty JSON body)
 *   200  { "accessToken": "…", "expiresIn": 3600 }
 *
 * `env` must be the merchant's configured environment. Refusals are `social_token_invalid`; the
 * wallet unreachable, slow or answering 5xx is `service_unavailable`.
 */
export interface MayaClient {
  clientId: string;
  clientSecret: string;
  apiBase: string;
  env: MayaEnvironment;
}

export const MAYA_STAND_IN_API_BASE = 'standin://maya';
const PROVIDER = 'The Maya wallet';
const USER_ID = /^[A-Za-z0-9_-]{1,128}$/;

export interface MayaSignInDeps {
  providers: Pick<IdentityProviders, 'enabled'>;
  fetch: ProviderFetch;
  timeoutMs: number;
  standIns: boolean;
  /** The member's linked Maya account (social_identities), or null. */
  linkedSubject: (merchantId: number, customerId: number) => Promise<string | null>;
}

export class MayaSignIn {
  constructor(private readonly deps: MayaSignInDeps) {}

  async identity(
    merchant: Merchant,
    sessionId: string,
    env: MayaEnvironment,
  ): Promise<VerifiedSocialIdentity> {
    const client = await this.client(merchant, env);
    const body = await this.call(client, '/v1/sessions/verify', { sessionId });
    const userId = stringField(body, 'userId');
    if (userId === null || !USER_ID.test(userId) || stringField(body, 'env') !== client.env) {
      throw refused();
    }
    return socialIdentity('maya', userId, stringField(body, 'displayName'), null);
  }

  /** A wallet access token for the member's linked Maya account. */
  async refreshTokens(merchant: Merchant, customerId: number, env: MayaEnvironment): Promise<MayaTokens> {
    const client = await this.client(merchant, env);
    const userId = await this.deps.linkedSubject(merchant.id, customerId);
    if (userId === null) throw new DomainError('not_found', 'No Maya wallet is linked to this account.');
    const body = await this.call(client, `/v1/users/${encodeURIComponent(userId)}/tokens`, {});
    const accessToken = stringField(body, 'accessToken');
    const expiresIn = numberField(body, 'expiresIn');
    if (accessToken === null || accessToken.length > 2048 || expiresIn === null || expiresIn <= 0) {
      throw refused();
    }
    return { accessToken, expiresIn: Math.floor(expiresIn) };
  }

  private async client(merchant: Merchant, env: MayaEnvironment): Promise<MayaClient> {
    const row = await this.deps.providers.enabled(merchant.id, 'maya');
    const clientId = row === null ? null : configString(row.publicConfig, 'clientId');
    const clientSecret = row === null ? null : configString(row.secretConfig, 'clientSecret');
    const standIn = row !== null && configFlag(row.publicConfig, 'standIn');
    const apiBase = standIn
      ? MAYA_STAND_IN_API_BASE
      : row === null
        ? null
        : configString(row.secretConfig, 'mayaApiBase');
    if (
      row === null ||
      clientId === null ||
      clientSecret === null ||
      apiBase === null ||
      (standIn && !this.deps.standIns)
    ) {
      throw new DomainError('module_disabled', 'Maya wallet sign-in is not offered here.');
    }
    const configured = configString(row.publicConfig, 'env') ?? 'production';
    if (configured !== env) {
      throw new DomainError('invalid_request', `Invalid request. env must be ${configured}.`);
    }
    return { clientId, clientSecret, apiBase, env };
  }

  private async call(
    client: MayaClient,
    path: string,
    body: unknown,
  ): Promise<Record<string, unknown> | null> {
    const answer = await callProvider(
      this.deps.fetch,
      PROVIDER,
      joinUrl(client.apiBase, path),
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`,
        },
        body: JSON.stringify(body),
      },
      this.deps.timeoutMs,
    );
    if (answer.status >= 300) throw refused();
    return answer.body;
  }
}

function refused(): DomainError {
  return new DomainError('social_token_invalid', 'The Maya wallet sign-in could not be verified.');
}
