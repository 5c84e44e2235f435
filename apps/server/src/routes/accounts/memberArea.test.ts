import { ErrorCode } from '@wps/contract/errorCodes';
import type { EndedSessions, MemberSession } from '@wps/contract/memberArea';
import type { UnreadCount } from '@wps/contract/accounts';
import { endpoints } from '@wps/contract/endpoints';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers, memberMessages } from '../../db/schema/index.js';
import { AURORA, failure, get, LOTUS, plainPost, value } from '../../test/accounts.js';
import { backends } from '../../test/test-app.js';
import { DESKTOP, PHONE, useMemberArea } from '../../test/member-area.js';

describe.each(backends)('the member area (%s)', (backend) => {
  const { t, login, fresh, as, messages, unread } = useMemberArea(backend);

  describe('inbox', () => {
    it('lists the own messages newest first, page by page; reading one lowers the unread count once', async () => {
      const token = await login('demo');
      const all = await messages(token);
      expect(all.total).toBe(4);
      expect(all.list.map((message) => message.title)).toEqual([
        'Welcome to Lotus Lotto',
        'New promotions this week',
        'Keep your account safe',
        'Your account is verified',
      ]);
      expect(all.list.map((message) => message.read)).toEqual([false, false, false, true]);
      expect(await unread(token)).toBe(3);

      const second = await messages(token, '?page=2&pageSize=3');
      expect(second).toMatchObject({ page: 2, pageSize: 3, total: 4 });
      expect(second.list.map((message) => message.title)).toEqual(['Your account is verified']);
      expect((await messages(token, '?page=3&pageSize=3')).list).toEqual([]);

      const first = all.list[0]?.id ?? 0;
      const read = (id: number) => plainPost(t.app, endpoints.readMemberMessage.path, { id }, as(token));
      expect(value<UnreadCount>(await read(first))).toEqual({ count: 2 });
      // Again: already read, nothing changes.
      expect(value<UnreadCount>(await read(first))).toEqual({ count: 2 });
      expect((await messages(token)).list[0]?.read).toBe(true);
    });

    it("refuses another member's message, and leaves it unread", async () => {
      const token = await login('agent');
      const [theirs] = await t.db
        .select({ id: memberMessages.id })
        .from(memberMessages)
        .innerJoin(customers, eq(customers.id, memberMessages.customerId))
        .where(eq(customers.username, 'newbie'));
      const id = theirs?.id ?? 0;
      expect(failure(await plainPost(t.app, endpoints.readMemberMessage.path, { id }, as(token)))).toEqual({
        status: 404,
        code: ErrorCode.NOT_FOUND,
      });
      const [row] = await t.db.select().from(memberMessages).where(eq(memberMessages.id, id));
      expect(row?.readAt).toBeNull();
      expect((await messages(token)).list.map((message) => message.id)).not.toContain(id);
    });

    it.each([
      ['no token', undefined, LOTUS, 401, ErrorCode.CUSTOMER_NOT_LOGIN_DOTTED],
      ['a made-up token', 'x'.repeat(43), LOTUS, 401, ErrorCode.USER_OR_TOKEN_INVALID],
      ["another merchant's host", 'lotus-token', AURORA, 401, ErrorCode.USER_OR_TOKEN_INVALID],
    ])('answers %s with %s', async (_case, token, host, status, code) => {
      const real = token === 'lotus-token' ? await login('demo') : token;
      const options = real === undefined ? { host } : { host, token: real };
      expect(failure(await get(t.app, endpoints.memberMessages.path, options))).toEqual({ status, code });
      expect(failure(await plainPost(t.app, endpoints.readMemberMessage.path, { id: 1 }, options))).toEqual({
        status,
        code,
      });
    });

    it.each([['?pageSize=51'], ['?pageSize=0'], ['?page=0'], ['?page=abc'], ['?page=1.5']])(
      'refuses the page query %s',
      async (query) => {
        const token = await login('demo');
        expect(failure(await get(t.app, `${endpoints.memberMessages.path}${query}`, as(token)))).toEqual({
          status: 400,
          code: ErrorCode.INVALID_REQUEST,
        });
      },
    );

    it.each([[{ id: 0 }], [{ id: -1 }], [{ id: '1' }], [{ id: 2 ** 31 }], [{}], [{ id: 1.5 }]])(
      'refuses the message id %j',
      async (body) => {
        const token = await login('demo');
        expect(failure(await plainPost(t.app, endpoints.readMemberMessage.path, body, as(token)))).toEqual({
          status: 400,
          code: ErrorCode.INVALID_REQUEST,
        });
      },
    );
  });

  describe('sessions', () => {
    it('lists the own live sessions with their device; ends another one, whose token then fails', async () => {
      const me = await fresh(DESKTOP);
      const other = me.token;
      const token = await login(me.username, PHONE);
      const list = value<MemberSession[]>(await get(t.app, endpoints.memberSessions.path, as(token)));
      const current = list.find((session) => session.current);
      const desktop = list.find((session) => session.userAgent === DESKTOP);
      expect(current?.userAgent).toBe(PHONE);
      expect(desktop).toBeDefined();
      expect(list.filter((session) => session.current)).toHaveLength(1);

      const ended = await plainPost(t.app, endpoints.endMemberSession.path, { id: desktop?.id }, as(token));
      expect(value<EndedSessions>(ended)).toEqual({ ended: 1 });
      expect(failure(await get(t.app, endpoints.memberInfo.path, as(other)))).toEqual({
        status: 401,
        code: ErrorCode.LOGIN_NOT_SESSION,
      });
      const after = value<MemberSession[]>(await get(t.app, endpoints.memberSessions.path, as(token)));
      expect(after.map((session) => session.id)).not.toContain(desktop?.id);
    });

    it("refuses to end another member's session, or the current one; ends all others", async () => {
      const victim = (await fresh(DESKTOP)).token;
      const [victimSession] = value<MemberSession[]>(
        await get(t.app, endpoints.memberSessions.path, as(victim)),
      ).filter((session) => session.current);
      const token = await login('demo');
      const refused = await plainPost(
        t.app,
        endpoints.endMemberSession.path,
        { id: victimSession?.id },
        as(token),
      );
      expect(failure(refused)).toEqual({ status: 404, code: ErrorCode.NOT_FOUND });
      expect(value(await get(t.app, endpoints.memberInfo.path, as(victim)))).toHaveProperty('account');

      const mine = value<MemberSession[]>(await get(t.app, endpoints.memberSessions.path, as(token)));
      const self = mine.find((session) => session.current);
      const own = await plainPost(t.app, endpoints.endMemberSession.path, { id: self?.id }, as(token));
      expect(failure(own).code).toBe(ErrorCode.INVALID_REQUEST);

      const spare = await login('demo', DESKTOP);
      const all = value<EndedSessions>(
        await plainPost(t.app, endpoints.endMemberSession.path, { others: true }, as(token)),
      );
      expect(all.ended).toBeGreaterThanOrEqual(1);
      expect(failure(await get(t.app, endpoints.memberInfo.path, as(spare))).code).toBe(
        ErrorCode.LOGIN_NOT_SESSION,
      );
      expect(value(await get(t.app, endpoints.memberInfo.path, as(token)))).toMatchObject({
        account: 'demo',
      });
      // The victim's session was not among "all others".
      expect(value(await get(t.app, endpoints.memberInfo.path, as(victim)))).toHaveProperty('account');
    });

    it.each([[{}], [{ id: 0 }], [{ others: false }], [{ id: 1, others: true }], [{ id: '1' }]])(
      'refuses the body %j',
      async (body) => {
        const token = await login('demo');
        expect(failure(await plainPost(t.app, endpoints.endMemberSession.path, body, as(token))).code).toBe(
          ErrorCode.INVALID_REQUEST,
        );
      },
    );

    it("another merchant's host does not list or end this merchant's sessions", async () => {
      const token = await login('demo');
      expect(failure(await get(t.app, endpoints.memberSessions.path, as(token, AURORA))).code).toBe(
        ErrorCode.USER_OR_TOKEN_INVALID,
      );
      expect(
        failure(await plainPost(t.app, endpoints.endMemberSession.path, { others: true }, as(token, AURORA)))
          .code,
      ).toBe(ErrorCode.USER_OR_TOKEN_INVALID);
      const [left] = await t.db
        .select()
        .from(customers)
        .where(and(eq(customers.username, 'demo')));
      expect(left).toBeDefined();
    });
  });
});
