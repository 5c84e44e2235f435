import type { FcmConfigPayload } from '@wps/contract/schemas/staff';
import { eq } from 'drizzle-orm';
import { auditStaffChange } from '../staff/audit-context.js';
import { SignJWT, importPKCS8 } from 'jose';
import type { Db } from '../../db/client.js';
import { pushFcmConfigs } from '../../db/schema/index.js';
import { invalidRequest, type DomainError } from '../errors.js';
import type { KeyEncryptionKey } from '../keys/key-encryption-key.js';
import type { DeliveryResult, PushSender, RenderedPush } from './sender.js';

/**
 * Firebase Cloud Messaging, HTTP v1 (issue 17), for merchants that configure Firebase messaging:
 *
 *   1. OAuth 2.0 for a service account: a JWT (RS256, signed with the service account's private key:
 *      iss = client_email, aud = token_uri, scope firebase.messaging, one hour) exchanged at the token
 *      URI (`grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer`) for an access token, kept until
 *      a minute before it expires;
 *   2. `POST {apiBase}/v1/projects/{projectId}/messages:send` with `Authorization: Bearer …` and
 *      `{ message: { token, notification, webpush: { fcm_options: { link } } } }`.
 *
 * Answers: 2xx sent; 404 or UNREGISTERED (and SENDER_ID_MISMATCH: the token belongs to another
 * project) → the token is gone and removed; 401 → the access token is fetched again, once, and the
 * message sent again; INVALID_ARGUMENT and anything else → failed (the token is kept).
 */

export const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
export const FCM_API_BASE_URL = 'https://fcm.googleapis.com';
export const GOOGLE_TOKEN_URI = 'https://oauth2.googleapis.com/token';
const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const ASSERTION_LIFETIME_S = 3_600;
const REFRESH_MARGIN_MS = 60_000;
const REQUEST_TIMEOUT_MS = 10_000;

const aad = (merchantId: number) => `fcm:${merchantId}`;

/** What a merchant configures: the back office's form (the contract's `fcmConfigSchema`). */
export type FcmConfigInput = FcmConfigPayload;

/** A configuration ready to send with: the private key opened. Never logged, never answered. */
export interface FcmCredentials {
  merchantId: number;
  projectId: string;
  clientEmail: string;
  privateKeyId: string | null;
  privateKeyPem: string;
  tokenUri: string;
  apiBaseUrl: string;
}

function refused(detail: string): DomainError {
  return invalidRequest(`Invalid push configuration. ${detail}`);
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** An https base URL (plain http to this machine only where stand-ins run), without a trailing slash. */
export function checkedBaseUrl(text: string, allowLoopbackHttp: boolean, name: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw refused(`${name} is not a URL.`);
  }
  const ok =
    (url.protocol === 'https:' && !url.username && !url.password) ||
    (allowLoopbackHttp && url.protocol === 'http:' && LOOPBACK.has(url.hostname));
  if (!ok || url.search || url.hash || text.length > 512) throw refused(`${name} must be an https URL.`);
  return text.replace(/\/+$/, '');
}

const ID = /^[A-Za-z0-9:._-]{1,200}$/;

/** Checks the four Firebase ids and the service account key file; answers the row to store. */
export function parseFcmConfig(
  input: FcmConfigInput,
  allowLoopbackHttp: boolean,
): Omit<FcmCredentials, 'merchantId'> & Pick<FcmConfigInput, 'apiKey' | 'appId' | 'messagingSenderId'> {
  for (const name of ['projectId', 'apiKey', 'appId', 'messagingSenderId'] as const) {
    if (typeof input[name] !== 'string' || !ID.test(input[name])) throw refused(`${name} is required.`);
  }
  let account: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(input.serviceAccount);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new Error('not an object');
    account = parsed as Record<string, unknown>;
  } catch {
    throw refused('serviceAccount is not a service account key file.');
  }
  const clientEmail = account.client_email;
  const privateKey = account.private_key;
  if (account.type !== 'service_account') throw refused('serviceAccount is not of type service_account.');
  if (typeof clientEmail !== 'string' || !/^[^@\s]{1,128}@[^@\s]{1,128}$/.test(clientEmail))
    throw refused('serviceAccount has no client_email.');
  if (typeof privateKey !== 'string' || !privateKey.includes('-----BEGIN PRIVATE KEY-----'))
    throw refused('serviceAccount has no PKCS #8 private_key.');
  const tokenUri = checkedBaseUrl(
    typeof account.token_uri === 'string' ? account.token_uri : GOOGLE_TOKEN_URI,
    allowLoopbackHttp,
    'token_uri',
  );
  return {
    projectId: input.projectId,
    apiKey: input.apiKey,
    appId: input.appId,
    messagingSenderId: input.messagingSenderId,
    clientEmail,
    privateKeyId: typeof account.private_key_id === 'string' ? account.private_key_id : null,
    privateKeyPem: privateKey,
    tokenUri,
    apiBaseUrl: checkedBaseUrl(input.apiBaseUrl ?? FCM_API_BASE_URL, allowLoopbackHttp, 'apiBaseUrl'),
  };
}

/** Stores (or replaces) the merchant's FCM configuration, its private key sealed. */
export async function saveFcmConfig(
  db: Db,
  kek: KeyEncryptionKey,
  merchantId: number,
  input: FcmConfigInput,
  allowLoopbackHttp: boolean,
): Promise<void> {
  // The key must be one RS256 can sign with, refused now rather than at the first send.
  const parsed = parseFcmConfig(input, allowLoopbackHttp);
  try {
    await importPKCS8(parsed.privateKeyPem, 'RS256');
  } catch {
    throw refused('serviceAccount private_key is not an RSA key.');
  }
  const { privateKeyPem, ...rest } = parsed;
  const values = {
    ...rest,
    privateKeySealed: kek.seal(Buffer.from(privateKeyPem, 'utf8'), aad(merchantId)),
    sealedWith: kek.id,
    updatedAt: new Date(),
  };
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ projectId: pushFcmConfigs.projectId, clientEmail: pushFcmConfigs.clientEmail })
      .from(pushFcmConfigs)
      .where(eq(pushFcmConfigs.merchantId, merchantId))
      .for('update');
    await tx
      .insert(pushFcmConfigs)
      .values({ merchantId, ...values })
      .onConflictDoUpdate({ target: pushFcmConfigs.merchantId, set: values });
    // The key never enters the audit: its digest could be checked against a guessed key.
    await auditStaffChange(tx, { before: before ?? null, after: { ...rest, keySealedWith: kek.id } });
  });
}

/** The merchant's FCM credentials, or null when it configured none (or its key cannot be opened). */
export async function fcmCredentialsFor(
  db: Db,
  kek: KeyEncryptionKey,
  merchantId: number,
): Promise<FcmCredentials | null> {
  const [row] = await db.select().from(pushFcmConfigs).where(eq(pushFcmConfigs.merchantId, merchantId));
  if (row === undefined || row.sealedWith !== kek.id) return null;
  const key = kek.open(row.privateKeySealed, aad(merchantId));
  if (key === null) return null;
  return {
    merchantId,
    projectId: row.projectId,
    clientEmail: row.clientEmail,
    privateKeyId: row.privateKeyId,
    privateKeyPem: key.toString('utf8'),
    tokenUri: row.tokenUri,
    apiBaseUrl: row.apiBaseUrl,
  };
}

/** Whether the merchant sends through FCM (its bind then takes FCM registration tokens). */
export async function hasFcmConfig(db: Db, merchantId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: pushFcmConfigs.merchantId })
    .from(pushFcmConfigs)
    .where(eq(pushFcmConfigs.merchantId, merchantId));
  return row !== undefined;
}

interface CachedToken {
  accessToken: string;
  expiresAt: number;
}

/** Access tokens by token URI and service account, shared by the process. */
export class FcmAccessTokens {
  private readonly cache = new Map<string, CachedToken>();

  constructor(private readonly now: () => number = Date.now) {}

  private keyOf(credentials: FcmCredentials): string {
    return `${credentials.tokenUri}|${credentials.clientEmail}`;
  }

  /** A valid access token; `fresh` throws the cached one away first (after a 401). */
  async get(credentials: FcmCredentials, fresh = false): Promise<string> {
    const key = this.keyOf(credentials);
    const cached = this.cache.get(key);
    if (!fresh && cached !== undefined && cached.expiresAt - REFRESH_MARGIN_MS > this.now())
      return cached.accessToken;
    this.cache.delete(key);
    const issuedAt = Math.floor(this.now() / 1000);
    const assertion = await new SignJWT({ scope: FCM_SCOPE })
      .setProtectedHeader({
        alg: 'RS256',
        typ: 'JWT',
        ...(credentials.privateKeyId ? { kid: credentials.privateKeyId } : {}),
      })
      .setIssuer(credentials.clientEmail)
      .setSubject(credentials.clientEmail)
      .setAudience(credentials.tokenUri)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ASSERTION_LIFETIME_S)
      .sign(await importPKCS8(credentials.privateKeyPem, 'RS256'));
    const response = await fetch(credentials.tokenUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: JWT_BEARER, assertion }).toString(),
      redirect: 'error',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const answer = (await response.json().catch(() => null)) as {
      access_token?: unknown;
      expires_in?: unknown;
    } | null;
    if (!response.ok || typeof answer?.access_token !== 'string' || answer.access_token === '')
      throw new Error(`FCM access token refused (HTTP ${response.status})`);
    const lifetimeS =
      typeof answer.expires_in === 'number' && answer.expires_in > 0 ? answer.expires_in : 3_600;
    this.cache.set(key, { accessToken: answer.access_token, expiresAt: this.now() + lifetimeS * 1000 });
    return answer.access_token;
  }
}

/** The process's access tokens (the sender keeps no other state). */
export const fcmAccessTokens = new FcmAccessTokens();

/** The FCM v1 error code of an error answer (`details[].errorCode`), else its `status`. */
export function fcmErrorCode(body: unknown): string | null {
  const error = (body as { error?: { status?: unknown; details?: unknown } } | null)?.error;
  if (typeof error !== 'object' || error === null) return null;
  if (Array.isArray(error.details)) {
    for (const detail of error.details as { errorCode?: unknown }[]) {
      if (typeof detail?.errorCode === 'string') return detail.errorCode;
    }
  }
  return typeof error.status === 'string' ? error.status : null;
}

/** What an FCM answer means for the token: sent, gone (remove it), failed, or a 401 (refresh, once). */
export function classifyFcmAnswer(status: number, body: unknown): DeliveryResult | 'unauthorized' {
  if (status >= 200 && status < 300) return 'sent';
  if (status === 401) return 'unauthorized';
  const code = fcmErrorCode(body);
  if (status === 404 || code === 'UNREGISTERED' || code === 'SENDER_ID_MISMATCH') return 'gone';
  return 'failed';
}

/** The v1 message of a push (the link only when it is https: FCM refuses any other). */
export function fcmMessage(token: string, push: RenderedPush): Record<string, unknown> {
  return {
    message: {
      token,
      notification: { title: push.title, ...(push.body ? { body: push.body } : {}) },
      data: { path: push.path },
      webpush: {
        ...(push.tag ? { notification: { tag: push.tag } } : {}),
        ...(push.link.startsWith('https://') ? { fcm_options: { link: push.link } } : {}),
      },
    },
  };
}

export function createFcmSender(
  credentials: FcmCredentials,
  tokens: FcmAccessTokens = fcmAccessTokens,
): PushSender {
  const url = `${credentials.apiBaseUrl}/v1/projects/${encodeURIComponent(credentials.projectId)}/messages:send`;
  const post = async (token: string, body: string) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body,
      redirect: 'error',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    return { status: response.status, body: (await response.json().catch(() => null)) as unknown };
  };
  // A token endpoint that refused once refuses the rest of this send: fail fast, not once per token.
  let refused = false;
  const accessToken = async (fresh: boolean) => {
    if (refused) throw new Error('FCM access token refused earlier in this send');
    try {
      return await tokens.get(credentials, fresh);
    } catch (error) {
      refused = true;
      throw error;
    }
  };
  return {
    async deliver(subscription, push) {
      const body = JSON.stringify(fcmMessage(subscription.endpoint, push));
      let answer = await post(await accessToken(false), body);
      let result = classifyFcmAnswer(answer.status, answer.body);
      if (result === 'unauthorized') {
        answer = await post(await accessToken(true), body);
        result = classifyFcmAnswer(answer.status, answer.body);
      }
      return result === 'unauthorized' ? 'failed' : result;
    },
  };
}
