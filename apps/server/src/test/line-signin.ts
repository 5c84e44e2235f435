import type { Merchant } from '../services/merchants/repository.js';
import type { IdentityProviderRow } from '../services/identity/social/providers.js';
import { LineClient } from '../services/identity/providers/line.js';
import {
  LINE_SESSION_TTL_MS,
  LineSignIn,
  type LineSession,
} from '../services/identity/providers/line-signin.js';
import { SealedTokens } from '../services/identity/providers/sealed-token.js';
import { FakeLine, fakeLineUser, pkceChallenge } from '../stand-ins/line/fake.js';

/**
 * What the LINE sign-in tests (services/identity/providers: line-signin.test.ts,
 * line-session.test.ts) build on: two channels of a fake LINE, two merchants, the sign-in itself.
 */

export const SECRET_KEY = 'a-secret-key-that-is-long-enough-0123456789';
export const VERIFIER = 'v'.repeat(20) + '-._~' + 'A1'.repeat(10);
export const CHANNELS = {
  '1650000001': { channelSecret: 'lotus-channel-secret', hosts: ['lotus.example', 'lotus.localhost:5173'] },
  '1650000002': { channelSecret: 'orbit-channel-secret', hosts: ['orbit.example'] },
} as const;
export type ChannelId = keyof typeof CHANNELS;

/** The fake LINE of the two channels. */
export function fakeLineOf(now: () => number): FakeLine {
  return new FakeLine({
    now,
    channel: (channelId) => {
      const channel = CHANNELS[channelId as ChannelId] as (typeof CHANNELS)[ChannelId] | undefined;
      if (channel === undefined) return null;
      return {
        channelId,
        channelSecret: channel.channelSecret,
        allowsRedirect: (uri) => (channel.hosts as readonly string[]).includes(new URL(uri).host),
      };
    },
  });
}

export function merchant(
  id: number,
  code: string,
  flags: Merchant['flags'] = { LINELOGIN3: true },
): Merchant {
  return { id, code, flags } as Merchant;
}
export const LOTUS = merchant(2, 'lotus');
export const ORBIT = merchant(3, 'orbit');

/** A merchant's `line` row of a channel, its API at `apiBase` (the fake's server). */
export function lineRowOf(
  apiBase: string,
  channelId: ChannelId,
  extra: Record<string, unknown> = {},
): IdentityProviderRow {
  return {
    provider: 'line',
    enabled: true,
    publicConfig: { channelId, ...extra },
    secretConfig: { channelSecret: CHANNELS[channelId].channelSecret, lineApiBase: apiBase },
  };
}

/** The LINE sign-in over `rows`, its replay check in `used`. */
export function buildLineSignIn(options: {
  now: () => number;
  rows: ReadonlyMap<number, IdentityProviderRow>;
  used: Set<string>;
  timeoutMs?: number;
  standIns?: boolean;
}): LineSignIn {
  const { now, rows, used } = options;
  return new LineSignIn({
    providers: { enabled: async (merchantId) => rows.get(merchantId) ?? null },
    client: new LineClient({ fetch, timeoutMs: options.timeoutMs ?? 2_000, now }),
    sessions: new SealedTokens<LineSession>(SECRET_KEY, 'line session', LINE_SESSION_TTL_MS),
    ownsUrl: async (ownerId, url) =>
      (
        CHANNELS[(ownerId === LOTUS.id ? '1650000001' : '1650000002') as ChannelId].hosts as readonly string[]
      ).includes(url.host),
    firstUse: async (merchantId, kind, token) => {
      const key = `${merchantId}:${kind}:${token}`;
      if (used.has(key)) return false;
      used.add(key);
      return true;
    },
    standIns: options.standIns ?? false,
    now,
  });
}

export const REDIRECT = 'https://lotus.example/m/login';
export const DEMO = fakeLineUser('Lan Nguyen');

/** A code of `fake` for the redirect flow (by default: Lotus's channel, REDIRECT, VERIFIER, DEMO). */
export function issueCode(
  fake: FakeLine,
  options: {
    channelId?: ChannelId;
    redirectUri?: string;
    verifier?: string;
    user?: ReturnType<typeof fakeLineUser>;
  } = {},
) {
  return fake.issueCode({
    channelId: options.channelId ?? '1650000001',
    redirectUri: options.redirectUri ?? REDIRECT,
    codeChallenge: pkceChallenge(options.verifier ?? VERIFIER),
    user: options.user ?? DEMO,
  });
}
