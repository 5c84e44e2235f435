import { ErrorCode } from '@wps/contract/errorCodes';
import { ModuleId } from '@wps/contract/flags';
import { TransportHeader } from '@wps/contract/transport';
import type {
  LoginResult,
  MemberInfo,
  PlayerRankProgress,
  RegistrationResult,
  UnreadCount,
} from '@wps/contract/accounts';
import { endpoints } from '@wps/contract/endpoints';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberMessages } from '../../db/schema/index.js';
import { DEMO_PASSWORD } from '../../seed/members.js';
import { completedRankConditions } from '../../services/member/index.js';
import { failure, get, loginPayload, LOTUS, registration, sealedPost, value } from '../../test/accounts.js';
import { backends, useTestApp } from '../../test/test-app.js';

const REG = { host: LOTUS, headers: { [TransportHeader.moduleId]: ModuleId.REGISTER } };

describe('the rank-condition rule', () => {
  it('counts a verified mobile, a verified email and a first login, out of 3', () => {
    expect(completedRankConditions({ hasMobile: false, hasEmail: false, logins: 0 })).toBe(0);
    expect(completedRankConditions({ hasMobile: false, hasEmail: false, logins: 1 })).toBe(1);
    expect(completedRankConditions({ hasMobile: true, hasEmail: false, logins: 4 })).toBe(2);
    expect(completedRankConditions({ hasMobile: true, hasEmail: true, logins: 1 })).toBe(3);
  });
});

describe.each(backends)('rank progress and unread count (%s)', (backend) => {
  const t = useTestApp(backend);

  const login = async (username: string): Promise<LoginResult> =>
    value<LoginResult>(
      await sealedPost(t.app, endpoints.login.path, loginPayload(username, DEMO_PASSWORD), { host: LOTUS }),
    );

  it('answers the seeded member: mobile, email and a login complete 3 of 3 on the Gold label', async () => {
    const { token } = await login('demo');
    const response = await get(t.app, endpoints.rankProgress.path, { host: LOTUS, token });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(value<PlayerRankProgress>(response)).toEqual({
      currentProgress: { completedConditions: 3, totalExpectedConditions: 3 },
      playerRankProgress: { labelId: 'VIP2' },
    });
    const info = value<MemberInfo>(await get(t.app, endpoints.memberInfo.path, { host: LOTUS, token }));
    expect(info.clubLabel).toEqual({ labelName: 'Gold', type: 'AUTO', rankLevel: 2, labelId: 'VIP2' });
  });

  it('a member without contacts has only the login condition; the default label is Silver', async () => {
    const { token } = await login('agent');
    expect(
      value<PlayerRankProgress>(await get(t.app, endpoints.rankProgress.path, { host: LOTUS, token })),
    ).toEqual({
      currentProgress: { completedConditions: 1, totalExpectedConditions: 3 },
      playerRankProgress: { labelId: 'VIP1' },
    });
  });

  it('counts the unread welcome message, and a read one no more', async () => {
    const { token, id } = await login('newbie');
    expect(value<UnreadCount>(await get(t.app, endpoints.unreadCount.path, { host: LOTUS, token }))).toEqual({
      count: 1,
    });
    await t.db
      .update(memberMessages)
      .set({ readAt: new Date() })
      .where(eq(memberMessages.customerId, Number(id)));
    await t.db.insert(memberMessages).values([
      { customerId: Number(id), title: 'a', body: 'first' },
      { customerId: Number(id), title: 'b', body: 'second' },
    ]);
    expect(value<UnreadCount>(await get(t.app, endpoints.unreadCount.path, { host: LOTUS, token }))).toEqual({
      count: 2,
    });
    // Another member's messages are not counted.
    const other = await login('agent');
    expect(
      value<UnreadCount>(await get(t.app, endpoints.unreadCount.path, { host: LOTUS, token: other.token })),
    ).toEqual({
      count: 1,
    });
  });

  it('a newly registered member has no label, no unread message and only the login condition', async () => {
    const result = value<RegistrationResult>(
      await sealedPost(
        t.app,
        endpoints.register.path,
        registration({ username: 'FreshOne', password: 'Fresh1234', domain: 'lotus.localhost' }),
        REG,
      ),
    );
    const token = result.token ?? '';
    expect(
      value<PlayerRankProgress>(await get(t.app, endpoints.rankProgress.path, { host: LOTUS, token })),
    ).toEqual({
      currentProgress: { completedConditions: 1, totalExpectedConditions: 3 },
      playerRankProgress: { labelId: null },
    });
    expect(
      value<UnreadCount>(await get(t.app, endpoints.unreadCount.path, { host: LOTUS, token })).count,
    ).toBe(0);
    expect(
      value<MemberInfo>(await get(t.app, endpoints.memberInfo.path, { host: LOTUS, token })).clubLabel,
    ).toBeNull();
  });

  it.each([endpoints.rankProgress.path, endpoints.unreadCount.path])(
    '%s answers 401 customer.not.login without a token, user.or.token.invalid with a dead one',
    async (path) => {
      expect(failure(await get(t.app, path, { host: LOTUS }))).toEqual({
        status: 401,
        code: ErrorCode.CUSTOMER_NOT_LOGIN_DOTTED,
      });
      expect(failure(await get(t.app, path, { host: LOTUS, token: 'x'.repeat(43) }))).toEqual({
        status: 401,
        code: ErrorCode.USER_OR_TOKEN_INVALID,
      });
    },
  );
});
