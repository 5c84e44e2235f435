import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { MemberInfo } from '@wps/contract/accounts';
import type { DepositView } from '@wps/contract/cashier';
import type { TrustAuditEntry } from '@wps/contract/trust';
import { endpoints } from '@wps/contract/endpoints';
import {
  AURORA,
  captchaPass,
  failure,
  get,
  LOTUS,
  plainPost,
  value,
  type CallOptions,
} from '../../test/accounts.js';
import { newMemberOn, providerRefOf, settledDeposit } from '../../test/cashier.js';
import { staffCall, staffSignerOn } from '../../test/chat.js';
import { ORBIT } from '../../test/social.js';
import { TestClock } from '../../test/clock.js';
import { backends, useTestApp } from '../../test/test-app.js';
import type { Db } from '../../db/client.js';

let keys = 0;
const requestKey = () => `offer-${process.pid}-${(keys += 1)}-abcdef`;

const offerOf = async (app: FastifyInstance, as: CallOptions) =>
  value<MemberInfo>(await get(app, endpoints.memberInfo.path, as)).limitOffer;
const answer = (app: FastifyInstance, as: CallOptions, choice: unknown) =>
  plainPost(app, endpoints.rgLimitOfferAnswer.path, { choice }, as);
const setLimit = (app: FastifyInstance, as: CallOptions, type: string, amount: string) =>
  plainPost(app, endpoints.rgLimitSet.path, { type, amount }, as);

async function deposit(app: FastifyInstance, db: Db, as: CallOptions, outcome: 'succeeded' | 'failed') {
  const created = value<DepositView>(
    await plainPost(
      app,
      '/wps/wallet/deposit',
      { requestKey: requestKey(), method: 'vietqr', amount: '200000' },
      as,
    ),
  );
  await app.inject({
    method: 'POST',
    url: `/stand-ins/demopay/pay/${await providerRefOf(db, created.id)}`,
    headers: { host: LOTUS, 'content-type': 'application/x-www-form-urlencoded' },
    payload: `outcome=${outcome}`,
  });
  await settledDeposit(app, as, created.id);
}

// Issue 29 item 1: the offer to set a deposit limit, once, where the merchant's profile says.
describe.each(backends)('the offer to set a deposit limit (%s)', (backend) => {
  const clock = new TestClock();
  clock.set(Date.now());
  const t = useTestApp(backend, { now: clock.now });
  const staffSignIn = staffSignerOn(clock);

  // [merchant, its profile's moment, what a new member is told]
  it.each([
    ['aurora (PAGCOR-like: at registration)', AURORA, 'now'],
    ['lotus (MGA-like: at the first deposit)', LOTUS, 'at_deposit'],
    ['orbit (Curaçao-like: at the first deposit)', ORBIT, 'at_deposit'],
  ])('%s: a new member is offered it %s', async (_name, host, expected) => {
    const member = await newMemberOn(t.app, host, 'Offer', await captchaPass(t.app, t.db, host));
    expect(await offerOf(t.app, member)).toBe(expected);
  });

  // [what happened before the member looks, the offer then]
  it.each<[string, (member: CallOptions) => Promise<unknown>, string | null]>([
    ['nothing', async () => undefined, 'at_deposit'],
    ['a daily deposit limit set', (m) => setLimit(t.app, m, 'deposit_day', '500000'), null],
    ['a monthly deposit limit set', (m) => setLimit(t.app, m, 'deposit_month', '5000000'), null],
    ['only a loss limit set', (m) => setLimit(t.app, m, 'loss_day', '500000'), 'at_deposit'],
    ['only a session-time limit set', (m) => setLimit(t.app, m, 'session_time', '60'), 'at_deposit'],
    ['a deposit that failed', (m) => deposit(t.app, t.db, m, 'failed'), 'at_deposit'],
    ['a first deposit paid', (m) => deposit(t.app, t.db, m, 'succeeded'), null],
    ['"not now" answered', (m) => answer(t.app, m, 'declined'), null],
    ['"set" answered', (m) => answer(t.app, m, 'set'), null],
  ])('lotus, after %s: %s', async (_name, before, expected) => {
    const member = await newMemberOn(t.app, LOTUS, 'Offer');
    await before(member);
    expect(await offerOf(t.app, member)).toBe(expected);
  });

  it('an answer is kept once in the trust audit, however often it is sent', async () => {
    const member = await newMemberOn(t.app, AURORA, 'Offer', await captchaPass(t.app, t.db, AURORA));
    const answers = await Promise.all([
      answer(t.app, member, 'declined'),
      answer(t.app, member, 'declined'),
      answer(t.app, member, 'set'),
    ]);
    expect(answers.map((reply) => reply.statusCode)).toEqual([200, 200, 200]);
    expect(await offerOf(t.app, member)).toBeNull();
    const cookie = await staffSignIn(t.app, 'aurora-compliance', AURORA);
    const audit = value<TrustAuditEntry[]>(
      await staffCall(t.app, 'GET', `rg/audit?customerId=${member.customerId}`, cookie, undefined, AURORA),
    ).filter((entry) => entry.action === 'limit_offer.answer');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: 'member', requested: { choice: expect.any(String) } });
  });

  // [hostile answer, status, errorCode]
  it.each<[string, unknown, 'member' | 'none', number, string]>([
    ['an unknown choice', 'maybe', 'member', 400, 'invalid_request'],
    ['no choice', undefined, 'member', 400, 'invalid_request'],
    ['a choice of another type', 1, 'member', 400, 'invalid_request'],
    ['no session', 'declined', 'none', 401, 'token_invalid'],
  ])('%s is refused and changes nothing', async (_name, choice, who, status, code) => {
    const member = await newMemberOn(t.app, LOTUS, 'Offer');
    const as = who === 'none' ? { host: LOTUS } : member;
    const refused = failure(await answer(t.app, as, choice));
    expect(refused.status).toBe(status);
    expect(refused.code).toBeTruthy();
    if (status === 400) expect(refused.code).toBe(code);
    expect(await offerOf(t.app, member)).toBe('at_deposit');
  });

  it("a member's session on another merchant's host answers nothing there", async () => {
    const member = await newMemberOn(t.app, LOTUS, 'Offer');
    const elsewhere = await answer(t.app, { host: AURORA, token: member.token ?? '' }, 'declined');
    expect(elsewhere.statusCode).toBe(401);
    expect(await offerOf(t.app, member)).toBe('at_deposit');
  });
});
