import { ErrorCode } from '@wps/contract/errorCodes';
import { ModuleId } from '@wps/contract/flags';
import {
  ReferralErrorCode,
  type AgentInfo,
  type AvailablePromotion,
  type CreatedSubAccount,
  type ReferralInfo,
  type ReferredFriend,
  type SubAccount,
} from '@wps/contract/referral';
import { TransportHeader } from '@wps/contract/transport';
import { endpoints } from '@wps/contract/endpoints';
import type { LoginResult, RegistrationResult } from '@wps/contract/accounts';
import type { Paged } from '@wps/contract/games';
import type { RegistrationPayload } from '@wps/contract/schemas/accounts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/index.js';
import { DEMO_PASSWORD } from '../../seed/members.js';
import {
  ADULT,
  AURORA,
  captchaPass,
  customerCount,
  failure,
  get,
  loginPayload,
  LOTUS,
  registration,
  sealedPost,
  value,
  type CallOptions,
} from '../../test/accounts.js';
import { backends, useTestApp } from '../../test/test-app.js';

const REG = { [TransportHeader.moduleId]: ModuleId.REGISTER };

describe.each(backends)('referral and agents (%s)', (backend) => {
  const t = useTestApp(backend);

  const login = async (username: string, host = LOTUS, password = DEMO_PASSWORD): Promise<string> => {
    const pass = host === AURORA ? await captchaPass(t.app, t.db, host) : {};
    return value<LoginResult>(
      await sealedPost(t.app, endpoints.login.path, loginPayload(username, password, pass), { host }),
    ).token;
  };
  const as = (token: string, host = LOTUS): CallOptions => ({ host, token });
  let serial = 0;
  const nextName = (prefix: string) => {
    serial += 1;
    return `${prefix}${serial}${backend.slice(0, 2)}`;
  };
  /** Registers on lotus (no captcha there) with the fields given; answers the raw response. */
  const register = async (overrides: Partial<RegistrationPayload>, host = LOTUS) =>
    sealedPost(
      t.app,
      endpoints.register.path,
      registration({
        password: DEMO_PASSWORD,
        domain: host,
        ...(host === AURORA ? await captchaPass(t.app, t.db) : {}),
        ...overrides,
      }),
      { host, headers: REG },
    );
  const row = async (id: string) => {
    const [found] = await t.db
      .select()
      .from(customers)
      .where(eq(customers.id, Number(id)));
    if (found === undefined) throw new Error('no such customer');
    return found;
  };

  describe('the referral recorded at registration', () => {
    it('links a friend who registers with the code (any case) and the inviter sees them, masked', async () => {
      const inviter = await login('demo');
      const info = value<ReferralInfo>(await get(t.app, endpoints.referralInfo.path, as(inviter)));
      expect(info.referralCode).toMatch(/^[A-Z0-9]{8}$/);
      // The same code the next time.
      expect(
        value<ReferralInfo>(await get(t.app, endpoints.referralInfo.path, as(inviter))).referralCode,
      ).toBe(info.referralCode);
      const first = nextName('Friend');
      const second = nextName('Friend');
      value<RegistrationResult>(await register({ username: first, referralCode: info.referralCode }));
      value<RegistrationResult>(
        await register({ username: second, referralCode: ` ${info.referralCode.toLowerCase()} ` }),
      );
      const friends = value<Paged<ReferredFriend>>(
        await get(t.app, `${endpoints.referralFriends.path}?page=1&pageSize=1`, as(inviter)),
      );
      expect(friends.total).toBe(2);
      expect(friends.list).toHaveLength(1);
      expect(friends.list[0]?.name).toBe(`${second.slice(0, 2)}****${second.slice(-2)}`);
      expect(friends.list[0]?.name).not.toContain(second);
      expect(Date.parse(friends.list[0]?.registeredAt ?? '')).not.toBeNaN();
      const page2 = value<Paged<ReferredFriend>>(
        await get(t.app, `${endpoints.referralFriends.path}?page=2&pageSize=1`, as(inviter)),
      );
      expect(page2.list[0]?.name).toBe(`${first.slice(0, 2)}****${first.slice(-2)}`);
      expect(value<ReferralInfo>(await get(t.app, endpoints.referralInfo.path, as(inviter))).friends).toBe(2);
    });

    const hostile: [string, string][] = [
      ['unknown', 'ZZZZZZZZ'],
      ["another merchant's", 'AURDEMO1'],
      ['injection-like', "' OR '1'='1"],
      ['injection-like, code-shaped', "AURDEMO1' OR 1=1 --"],
      ['a pattern wildcard', '%%%%%%%%'],
      ['empty', ''],
    ];
    it.each(hostile)('registers with an %s code but links nobody', async (_case, code) => {
      const username = nextName('Hostile');
      const result = value<RegistrationResult>(await register({ username, referralCode: code }));
      const created = await row(result.customerId);
      expect(created.referrerId).toBeNull();
      expect(created.parentAgentId).toBeNull();
    });

    it('refuses an overlong code as an invalid request and creates nobody', async () => {
      const before = await customerCount(t.db);
      const refused = failure(await register({ username: nextName('Long'), referralCode: 'A'.repeat(65) }));
      expect(refused).toMatchObject({ status: 400, code: ErrorCode.INVALID_REQUEST });
      expect(await customerCount(t.db)).toBe(before);
    });

    it('never lets a member be their own referrer or agent (the database refuses it)', async () => {
      const own = await row(
        value<RegistrationResult>(await register({ username: nextName('Self') })).customerId,
      );
      await expect(
        t.db.update(customers).set({ referrerId: own.id }).where(eq(customers.id, own.id)),
      ).rejects.toThrow();
      await expect(
        t.db.update(customers).set({ parentAgentId: own.id }).where(eq(customers.id, own.id)),
      ).rejects.toThrow();
    });

    it('keeps friend lists apart between members and merchants', async () => {
      // Aurora's demo has friend1 (seeded); lotus members never see it, nor each other's friends.
      const auroraDemo = await login('demo', AURORA);
      const auroraFriends = value<Paged<ReferredFriend>>(
        await get(t.app, endpoints.referralFriends.path, as(auroraDemo, AURORA)),
      );
      expect(auroraFriends.list.map((friend) => friend.name)).toEqual(['fr****d1']);
      const other = await login('newbie');
      const empty = value<Paged<ReferredFriend>>(await get(t.app, endpoints.referralFriends.path, as(other)));
      expect(empty).toMatchObject({ total: 0, list: [] });
      // A lotus token on aurora's host is no session there.
      expect(failure(await get(t.app, endpoints.referralFriends.path, as(other, AURORA))).status).toBe(401);
      expect(failure(await get(t.app, endpoints.referralFriends.path, { host: LOTUS })).status).toBe(401);
    });
  });

  describe('agents only', () => {
    const calls: [string, (options: CallOptions) => ReturnType<typeof get>][] = [
      ['agentInfo', (options) => get(t.app, endpoints.agentInfo.path, options)],
      ['agentSubAccounts', (options) => get(t.app, endpoints.agentSubAccounts.path, options)],
      [
        'agentCreateSubAccount',
        (options) =>
          sealedPost(
            t.app,
            endpoints.agentCreateSubAccount.path,
            { username: nextName('Sub'), password: DEMO_PASSWORD, ...ADULT },
            options,
          ),
      ],
    ];
    it.each(calls)(
      '%s: a visitor 401, a player 403 agent_only, another merchant’s agent 401',
      async (_name, call) => {
        expect(failure(await call({ host: LOTUS }))).toMatchObject({ status: 401 });
        const player = await login('demo');
        expect(failure(await call(as(player)))).toEqual({ status: 403, code: ReferralErrorCode.AGENT_ONLY });
        const auroraAgent = await login('agent', AURORA);
        expect(failure(await call(as(auroraAgent, LOTUS))).status).toBe(401);
        const agent = await login('agent');
        expect((await call(as(agent))).statusCode).toBe(200);
      },
    );

    it('a visitor registering by the agent link becomes its sub-account; agents see only their own', async () => {
      const agent = await login('agent');
      const info = value<AgentInfo>(await get(t.app, endpoints.agentInfo.path, as(agent)));
      expect(info.referralCode).toBe('LOTAGENT');
      const username = nextName('Down');
      const created = await row(
        value<RegistrationResult>(await register({ username, referralCode: info.referralCode })).customerId,
      );
      expect(created.parentAgentId).toBe(created.referrerId);
      expect(created.customerType).toBe(0);
      const subs = value<Paged<SubAccount>>(await get(t.app, endpoints.agentSubAccounts.path, as(agent)));
      expect(subs.list.map((sub) => sub.account)).toContain(username);
      expect(subs.list.map((sub) => sub.account)).not.toContain('downline1');
      const auroraAgent = await login('agent', AURORA);
      const auroraSubs = value<Paged<SubAccount>>(
        await get(t.app, endpoints.agentSubAccounts.path, as(auroraAgent, AURORA)),
      );
      expect(auroraSubs.list.map((sub) => sub.account)).toEqual(['downline1']);
    });
  });

  describe('sub-member creation', () => {
    const invalid: [string, Record<string, unknown>, number, string][] = [
      ['a short username', { username: 'ab', password: DEMO_PASSWORD }, 400, ErrorCode.INVALID_REQUEST],
      [
        'a username with spaces',
        { username: 'bad name', password: DEMO_PASSWORD },
        400,
        ErrorCode.INVALID_REQUEST,
      ],
      [
        'an injection-like username',
        { username: "x' OR 1=1--", password: DEMO_PASSWORD },
        400,
        ErrorCode.INVALID_REQUEST,
      ],
      [
        'a password without a digit',
        { username: 'SubGood01', password: 'abcdefgh' },
        400,
        ErrorCode.PASSWORD_NOT_ALLOWED,
      ],
      ['a short password', { username: 'SubGood02', password: 'a1' }, 400, ErrorCode.PASSWORD_NOT_ALLOWED],
      [
        'a taken username (any case)',
        { username: 'DEMO', password: DEMO_PASSWORD },
        409,
        ErrorCode.USERNAME_TAKEN,
      ],
      ['no password', { username: 'SubGood03' }, 400, ErrorCode.INVALID_REQUEST],
      [
        'an overlong username',
        { username: 'x'.repeat(65), password: DEMO_PASSWORD },
        400,
        ErrorCode.INVALID_REQUEST,
      ],
    ];
    it.each(invalid)('refuses %s', async (_case, body, status, code) => {
      const agent = await login('agent');
      const before = await customerCount(t.db);
      expect(
        failure(await sealedPost(t.app, endpoints.agentCreateSubAccount.path, body, as(agent))),
      ).toMatchObject({ status, code });
      expect(await customerCount(t.db)).toBe(before);
    });

    it('creates a player under the agent, password hashed, who can log in', async () => {
      const agent = await login('agent');
      const username = nextName('Direct');
      const created = value<CreatedSubAccount>(
        await sealedPost(
          t.app,
          endpoints.agentCreateSubAccount.path,
          { username, password: 'Direct123', ...ADULT },
          as(agent),
        ),
      );
      expect(created.account).toBe(username);
      const stored = await row(created.id);
      expect(stored.customerType).toBe(0);
      expect(stored.passwordHash).not.toContain('Direct123');
      expect(stored.passwordHash).toMatch(/^\$argon2id\$/);
      const subs = value<Paged<SubAccount>>(await get(t.app, endpoints.agentSubAccounts.path, as(agent)));
      expect(subs.list[0]?.account).toBe(username);
      expect((await login(username, LOTUS, 'Direct123')).length).toBeGreaterThan(10);
      // The new sub-member is a player: the agent calls stay closed to it.
      expect(
        failure(await get(t.app, endpoints.agentInfo.path, as(await login(username, LOTUS, 'Direct123')))),
      ).toMatchObject({ status: 403, code: ReferralErrorCode.AGENT_ONLY });
    });
  });

  describe('promotions', () => {
    const byCode = (list: AvailablePromotion[]) => Object.fromEntries(list.map((item) => [item.code, item]));

    it('answers the backend flags publicly, per merchant', async () => {
      const aurora = byCode(value(await get(t.app, endpoints.availablePromotions.path, { host: AURORA })));
      expect(aurora).toEqual({
        REFERRAL: { code: 'REFERRAL', enabled: true, bonus: 50 },
        APP_DOWNLOAD: { code: 'APP_DOWNLOAD', enabled: true, bonus: 20 },
      });
      const lotus = byCode(value(await get(t.app, endpoints.availablePromotions.path, { host: LOTUS })));
      expect(lotus['REFERRAL']?.enabled).toBe(false);
      expect(lotus['APP_DOWNLOAD']?.enabled).toBe(false);
    });

    it('turns the app-download bonus off for a member who registered in the app', async () => {
      const web = await login('demo', AURORA);
      expect(
        byCode(value(await get(t.app, endpoints.memberPromotions.path, as(web, AURORA))))['APP_DOWNLOAD']
          ?.enabled,
      ).toBe(true);
      const app = value<RegistrationResult>(
        await register({ username: nextName('App'), registerMethod: 'APP' }, AURORA),
      );
      const inApp = byCode(
        value(await get(t.app, endpoints.memberPromotions.path, as(app.token ?? '', AURORA))),
      );
      expect(inApp['APP_DOWNLOAD']?.enabled).toBe(false);
      expect(inApp['REFERRAL']?.enabled).toBe(true);
      expect(failure(await get(t.app, endpoints.memberPromotions.path, { host: AURORA })).status).toBe(401);
    });
  });
});
