import { ChatErrorCode } from '@wps/contract/chat';
import { endpoints, type StaffEndpointName } from '@wps/contract/endpoints';
import type { EndpointFacts } from '@wps/contract/endpoints/define';
import { ErrorCode } from '@wps/contract/errorCodes';
import type { WpsFailure } from '@wps/contract/envelope';
import { beforeAll, describe, expect, it } from 'vitest';
import { AURORA, LOTUS } from '../test/accounts.js';
import { staffSignIn } from '../test/chat.js';
import { TestClock } from '../test/clock.js';
import { setStaffRole } from '../test/staff-roles.js';
import { useTestApp } from '../test/test-app.js';
import { route } from './route.js';

const clock = new TestClock();

type Who = 'nobody' | 'forged' | 'agent' | 'supervisor' | 'lotus agent';

/** A call of the table as the staff console makes it; `:id` is a conversation that does not exist. */
function request(name: StaffEndpointName, body?: unknown) {
  const endpoint: EndpointFacts = endpoints[name];
  const path = endpoint.path.replace(':id', '2147483000');
  return endpoint.method === 'GET'
    ? { method: 'GET' as const, url: path }
    : { method: 'POST' as const, url: path, payload: body ?? {} };
}

/**
 * route()'s staff guard: the staff member of the session cookie (the host's merchant's only), then
 * the permission the entry names, both before the input is read; then the schema.
 */
describe('route(): the staff guard', () => {
  const t = useTestApp('pglite', { now: clock.now });
  const cookies = new Map<Who, string>();

  beforeAll(async () => {
    const signIn = async (username: string, host = AURORA) => {
      clock.advance(30_000);
      return staffSignIn(t.app, username, clock.now(), host);
    };
    cookies.set('nobody', '');
    cookies.set('forged', 'wps_staff=forged-session-token');
    cookies.set('agent', await signIn('aurora-agent'));
    cookies.set('supervisor', await signIn('aurora-lead'));
    cookies.set('lotus agent', await signIn('lotus-agent', LOTUS));
  });

  async function call(who: Who, name: StaffEndpointName, body?: unknown, host = AURORA) {
    const cookie = cookies.get(who) ?? '';
    const response = await t.app.inject({
      ...request(name, body),
      headers: {
        host,
        origin: `http://${host}`,
        'content-type': 'application/json',
        ...(cookie === '' ? {} : { cookie }),
      },
    });
    const answer = response.json() as { success: boolean; errorCode?: string };
    return { status: response.statusCode, code: answer.success ? 'ok' : answer.errorCode };
  }

  const NOT_SIGNED_IN = { status: 401, code: ChatErrorCode.STAFF_NOT_SIGNED_IN };
  const FORBIDDEN = { status: 403, code: ChatErrorCode.STAFF_FORBIDDEN };
  const OK = { status: 200, code: 'ok' };

  it.each<[string, Who, StaffEndpointName, { status: number; code: string | undefined }]>([
    ['no session', 'nobody', 'staffQueue', NOT_SIGNED_IN],
    ['no session, a push', 'nobody', 'staffPushReport', NOT_SIGNED_IN],
    ['a forged cookie', 'forged', 'staffMe', NOT_SIGNED_IN],
    [
      "another merchant's staff member (Lotus's cookie at Aurora)",
      'lotus agent',
      'staffQueue',
      NOT_SIGNED_IN,
    ],
    ["another merchant's staff member, a conversation's call", 'lotus agent', 'staffPickUp', NOT_SIGNED_IN],
    ['an agent lacking push:send', 'agent', 'staffPushSend', FORBIDDEN],
    ['an agent lacking push:report', 'agent', 'staffPushReport', FORBIDDEN],
    ['an agent lacking push:configure', 'agent', 'staffFcmConfig', FORBIDDEN],
    ['an agent lacking push:configure (saving)', 'agent', 'staffSaveFcmConfig', FORBIDDEN],
    ['an agent with console:open', 'agent', 'staffMe', OK],
    ['an agent with console:open (colleagues)', 'agent', 'staffColleagues', OK],
    ['an agent with chat:read', 'agent', 'staffQueue', OK],
    ['an agent with chat:read (canned replies)', 'agent', 'staffCannedReplies', OK],
    ['a supervisor with push:configure', 'supervisor', 'staffFcmConfig', OK],
    ['a supervisor with chat:read', 'supervisor', 'staffQueue', OK],
    ['a supervisor lacking merchant:read', 'supervisor', 'staffMerchants', FORBIDDEN],
    ['an agent lacking merchant:write', 'agent', 'staffMerchantSave', FORBIDDEN],
    ['an agent lacking merchant:create', 'agent', 'staffMerchantCreate', FORBIDDEN],
    ['an agent lacking content:write', 'agent', 'staffBannerCreate', FORBIDDEN],
  ])('%s: %s calls %s', async (_case, who, name, expected) => {
    expect(await call(who, name)).toEqual(expected);
  });

  it('reads the role on every call: the agent made a cashier loses the console from the next call on', async () => {
    await setStaffRole(t.db, 'aurora-agent', 'cashier');
    try {
      expect(await call('agent', 'staffQueue')).toEqual(FORBIDDEN);
      expect(await call('agent', 'staffMe')).toEqual(OK);
    } finally {
      await setStaffRole(t.db, 'aurora-agent', 'support');
    }
    expect(await call('agent', 'staffQueue')).toEqual(OK);
  });

  it('refuses before reading the input: no session or no permission wins over a bad body', async () => {
    const bad = { everyone: true, title: '', segment: { nope: 1 } };
    expect(await call('nobody', 'staffPushSend', bad)).toEqual(NOT_SIGNED_IN);
    expect(await call('agent', 'staffPushSend', bad)).toEqual(FORBIDDEN);
    expect(await call('supervisor', 'staffPushSend', bad)).toEqual({
      status: 400,
      code: ErrorCode.INVALID_REQUEST,
    });
    expect(await call('nobody', 'staffReply', { clientId: 'x' })).toEqual(NOT_SIGNED_IN);
  });

  it('parses the path parameter with the input: a conversation id that is not a number is a 400', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/wps/staff/conversations/abc/messages',
      headers: { host: AURORA, cookie: cookies.get('agent') ?? '' },
    });
    expect(response.statusCode).toBe(400);
    expect((response.json() as WpsFailure).errorCode).toBe(ErrorCode.INVALID_REQUEST);
    // The path's id wins over a query (or body) field of the same name: a conversation not found.
    const shadowed = await t.app.inject({
      method: 'GET',
      url: '/wps/staff/conversations/2147483000/messages?id=abc',
      headers: { host: AURORA, cookie: cookies.get('agent') ?? '' },
    });
    expect((shadowed.json() as WpsFailure).errorCode).toBe(ChatErrorCode.CHAT_CONVERSATION_NOT_FOUND);
  });

  it('an unknown host is no merchant: 404 domain_not_available before any session is looked at', async () => {
    expect(await call('agent', 'staffQueue', undefined, 'nowhere.example')).toEqual({
      status: 404,
      code: ErrorCode.DOMAIN_NOT_AVAILABLE,
    });
  });

  it('sign-in and sign-out need no session (staffPermission null)', async () => {
    expect(await call('nobody', 'staffLogout')).toEqual(OK);
    expect(await call('nobody', 'staffLogin', { username: 'ghost', password: 'x', code: '123456' })).toEqual({
      status: 401,
      code: ChatErrorCode.STAFF_LOGIN_FAILED,
    });
  });

  it('a staff entry that names a permission cannot be registered without the staff sessions', () => {
    // @ts-expect-error -- the type says so too: a guarded staff call takes `{ staff }`
    expect(() => route(t.app, 'staffMe', (_input, _request, _reply, actor) => actor)).toThrow(/staff call/);
  });
});
