import { endpoints } from '@wps/contract/endpoints';
import type { LoginResult } from '@wps/contract/accounts';
import type { ActiveBreak, ResponsibleGamingStatus } from '@wps/contract/trust';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../seed/members.js';
import {
  failure,
  get,
  loginPayload,
  LOTUS,
  sealedPost,
  value,
  type CallOptions,
} from '../../test/accounts.js';
import { expectBreakRefusal, staffBreaks } from '../../test/breaks.js';
import { newLotusMember } from '../../test/cashier.js';
import { HOUR, TestClock } from '../../test/clock.js';
import { staffCall, staffSignerOn } from '../../test/chat.js';
import { backends, useTestApp } from '../../test/test-app.js';

const DAY = 24 * HOUR;

// Issue 29 item 6: a time-out ends by itself at its end; a self-exclusion cannot be ended early — no
// call lifts it, and a shorter break asked for later (by the member or by staff) does not shorten it.
describe.each(backends)('how a break ends (%s)', (backend) => {
  const clock = new TestClock();
  clock.set(Date.now());
  const t = useTestApp(backend, { now: clock.now });
  const putOnBreak = staffBreaks(clock);

  const signIn = (username: string) =>
    sealedPost(t.app, endpoints.login.path, loginPayload(username, DEMO_PASSWORD), { host: LOTUS });
  const takeBreak = (as: CallOptions, kind: string, duration: string) =>
    sealedPost(t.app, endpoints.rgBreak.path, { kind, duration, password: DEMO_PASSWORD }, as);
  const activeBreak = async (as: CallOptions) =>
    value<ResponsibleGamingStatus>(await get(t.app, '/wps/rg', as)).activeBreak;

  // [the time-out, its length]
  it.each([
    ['24h', DAY],
    ['7d', 7 * DAY],
  ])(
    'a %s time-out refuses until its last millisecond, then the member signs in again',
    async (duration, ms) => {
      const member = await newLotusMember(t.app, 'End');
      const taken = value<ActiveBreak>(await takeBreak(member, 'time_out', duration));
      const ends = new Date(taken.until ?? '').getTime();
      expect(ends - clock.now()).toBe(ms);
      clock.set(ends - 1);
      expectBreakRefusal(await signIn(member.username), 'time_out', 'EN');
      clock.set(ends);
      const back = value<LoginResult>(await signIn(member.username));
      expect(await activeBreak({ host: LOTUS, token: back.token })).toBeNull();
      // And money moves again: a deposit is taken.
      expect(
        (
          await sealedPost(
            t.app,
            '/wps/wallet/deposit',
            { requestKey: `end-${member.customerId}-abcdef`, method: 'vietqr', amount: '200000' },
            { host: LOTUS, token: back.token },
          )
        ).statusCode,
      ).toBe(200);
    },
  );

  // [who asks for the shorter break afterwards, what they ask]
  it.each<[string, 'member' | 'staff', string, string]>([
    ['the member asks for a 24-hour time-out', 'member', 'time_out', '24h'],
    ['the member asks for the shortest self-exclusion', 'member', 'self_exclusion', '6m'],
    ['staff put the member on a 24-hour time-out', 'staff', 'time_out', '24h'],
  ])('a 1-year self-exclusion stays whole when %s', async (_case, who, kind, duration) => {
    const member = await newLotusMember(t.app, 'Excl');
    const taken = value<ActiveBreak>(await takeBreak(member, 'self_exclusion', '1y'));
    clock.advance(HOUR);
    if (who === 'member') {
      expect(value<ActiveBreak>(await takeBreak(member, kind, duration))).toEqual(taken);
    } else {
      await putOnBreak(t.app, LOTUS, member.customerId, kind as 'time_out');
    }
    // Past the end of the shorter break, still excluded, with the same end.
    clock.advance(DAY + HOUR);
    const refused = await signIn(member.username);
    expectBreakRefusal(refused, 'self_exclusion', 'EN', taken.until);
    expect(failure(refused).data).toMatchObject({ since: taken.since });
    // Its own end lets the member back.
    clock.set(new Date(taken.until ?? '').getTime());
    expect(Number(value<LoginResult>(await signIn(member.username)).id)).toBe(member.customerId);
  });

  it('no call lifts a self-exclusion: hostile durations are refused and change nothing', async () => {
    const member = await newLotusMember(t.app, 'Perm');
    const taken = value<ActiveBreak>(await takeBreak(member, 'self_exclusion', 'permanent'));
    expect(taken.until).toBeNull();
    for (const duration of ['0', '-1', '1s', 'none', '', 'end', '6w']) {
      const answer = await takeBreak(member, 'self_exclusion', duration);
      expect(answer.statusCode).toBe(400);
    }
    for (const kind of ['none', 'lift', '']) {
      expect((await takeBreak(member, kind, '24h')).statusCode).toBe(400);
    }
    expect(await activeBreak(member)).toEqual({ kind: 'self_exclusion', since: taken.since, until: null });
    // The member's side has exactly one break call, which only starts or lengthens one; staff's the same.
    const breakCalls = Object.values(endpoints)
      .filter((endpoint) => endpoint.path.includes('/break'))
      .map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(breakCalls.sort()).toEqual(['POST /wps/rg/break', 'POST /wps/staff/rg/break']);
    const cookie = await staffSignerOn(clock)(t.app, 'lotus-compliance', LOTUS);
    const staffAnswer = await staffCall(
      t.app,
      'POST',
      'rg/break',
      cookie,
      {
        customerId: member.customerId,
        kind: 'time_out',
        duration: '24h',
        reason: 'Member asked to come back',
      },
      LOTUS,
    );
    expect(value<ActiveBreak>(staffAnswer)).toMatchObject({ kind: 'self_exclusion', until: null });
    // Years later, still refused.
    clock.advance(10 * 365 * DAY);
    expectBreakRefusal(await signIn(member.username), 'self_exclusion', 'EN');
  });
});
