import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Merchant } from '../../merchants/repository.js';
import type { IdentityProviderRow } from '../social/providers.js';
import { serveFetchHandler, type FetchServer } from '../../../test/fetch-server.js';
import { FakeMaya, fakeMayaUserId } from '../../../stand-ins/maya/fake.js';
import { MayaSignIn } from './maya.js';

const CLIENTS = {
  'lotus-wallet': { clientSecret: 'lotus-wallet-secret', env: 'sandbox' },
  'orbit-wallet': { clientSecret: 'orbit-wallet-secret', env: 'sandbox' },
} as const;
type ClientId = keyof typeof CLIENTS;

const now = () => Date.UTC(2026, 10, 23, 9, 0, 0);
const fake = new FakeMaya({
  now,
  client: (clientId) => {
    const client = CLIENTS[clientId as ClientId] as (typeof CLIENTS)[ClientId] | undefined;
    return client === undefined ? null : { clientId, ...client };
  },
});

let wallet: FetchServer;
const LOTUS = { id: 2, code: 'lotus', flags: {} } as Merchant;
const ORBIT = { id: 3, code: 'orbit', flags: {} } as Merchant;
const rows = new Map<number, IdentityProviderRow>();
const linked = new Map<number, string>();

function mayaRow(clientId: ClientId, extra: { env?: string; secret?: string } = {}): IdentityProviderRow {
  return {
    provider: 'maya',
    enabled: true,
    publicConfig: { clientId, env: extra.env ?? 'sandbox' },
    secretConfig: { clientSecret: extra.secret ?? CLIENTS[clientId].clientSecret, mayaApiBase: wallet.url },
  };
}

function build(timeoutMs = 2_000): MayaSignIn {
  return new MayaSignIn({
    providers: { enabled: async (merchantId) => rows.get(merchantId) ?? null },
    fetch,
    timeoutMs,
    standIns: false,
    linkedSubject: async (_merchantId, customerId) => linked.get(customerId) ?? null,
  });
}

let maya: MayaSignIn;
beforeAll(async () => {
  wallet = await serveFetchHandler(fake.handle);
});
afterAll(async () => {
  await wallet.close();
});
beforeEach(() => {
  wallet.fault = 'none';
  wallet.seen = [];
  rows.set(LOTUS.id, mayaRow('lotus-wallet'));
  rows.set(ORBIT.id, mayaRow('orbit-wallet'));
  maya = build();
});

describe('Maya wallet sign-in against a fake wallet server', () => {
  it('exchanges the one-time session for the wallet user', async () => {
    const sessionId = fake.issueSession('lotus-wallet', 'Ana Cruz');
    await expect(maya.identity(LOTUS, sessionId, 'sandbox')).resolves.toEqual({
      provider: 'maya',
      subject: fakeMayaUserId('Ana Cruz'),
      displayName: 'Ana Cruz',
      pictureUrl: null,
    });
    expect(wallet.seen).toEqual(['POST /v1/sessions/verify']);
  });

  it.each([
    {
      name: 'a session used once already',
      session: () => fake.issueSession('lotus-wallet', 'Ana'),
      twice: true,
    },
    {
      name: "another merchant's wallet session",
      session: () => fake.issueSession('orbit-wallet', 'Ana'),
      twice: false,
    },
    { name: 'a made-up session', session: () => 'made-up-session-id', twice: false },
  ])('answers social_token_invalid for $name', async ({ session, twice }) => {
    const sessionId = session();
    if (twice) await maya.identity(LOTUS, sessionId, 'sandbox');
    await expect(maya.identity(LOTUS, sessionId, 'sandbox')).rejects.toMatchObject({
      code: 'social_token_invalid',
    });
  });

  it('answers social_token_invalid when the merchant holds a wrong client secret (the wallet: 401)', async () => {
    rows.set(LOTUS.id, mayaRow('lotus-wallet', { secret: 'wrong' }));
    await expect(
      maya.identity(LOTUS, fake.issueSession('lotus-wallet', 'Ana'), 'sandbox'),
    ).rejects.toMatchObject({ code: 'social_token_invalid' });
  });

  it('refuses an env other than the merchant configured, before calling the wallet', async () => {
    await expect(
      maya.identity(LOTUS, fake.issueSession('lotus-wallet', 'Ana'), 'production'),
    ).rejects.toMatchObject({ code: 'invalid_request' });
    expect(wallet.seen).toEqual([]);
  });

  it.each(['status500', 'hang', 'garbage', 'reset'] as const)(
    'answers service_unavailable when the wallet fails (%s)',
    async (fault) => {
      maya = build(150);
      wallet.fault = fault;
      await expect(
        maya.identity(LOTUS, fake.issueSession('lotus-wallet', 'Ana'), 'sandbox'),
      ).rejects.toMatchObject({ code: 'service_unavailable' });
    },
  );

  it.each([
    { name: 'no maya row', row: null },
    {
      name: 'a row without a client secret',
      row: {
        provider: 'maya' as const,
        enabled: true,
        publicConfig: { clientId: 'lotus-wallet' },
        secretConfig: {},
      },
    },
    {
      name: 'a stand-in row where stand-ins are off',
      row: {
        provider: 'maya' as const,
        enabled: true,
        publicConfig: { clientId: 'lotus-wallet', env: 'sandbox', standIn: true },
        secretConfig: { clientSecret: 'x' },
      },
    },
  ])('answers module_disabled with $name', async ({ row }) => {
    if (row === null) rows.delete(LOTUS.id);
    else rows.set(LOTUS.id, row);
    await expect(maya.identity(LOTUS, 'some-session-id', 'sandbox')).rejects.toMatchObject({
      code: 'module_disabled',
    });
  });
});

describe('refreshing the wallet tokens', () => {
  it('answers a wallet access token for the member’s linked Maya account', async () => {
    linked.set(77, fakeMayaUserId('Ana Cruz'));
    const tokens = await maya.refreshTokens(LOTUS, 77, 'sandbox');
    expect(tokens).toEqual({ accessToken: expect.stringMatching(/^maya-at-/), expiresIn: 3600 });
    expect(wallet.seen).toEqual([`POST /v1/users/${fakeMayaUserId('Ana Cruz')}/tokens`]);
  });

  it('answers not_found for a member with no linked wallet', async () => {
    await expect(maya.refreshTokens(LOTUS, 78, 'sandbox')).rejects.toMatchObject({ code: 'not_found' });
    expect(wallet.seen).toEqual([]);
  });
});
