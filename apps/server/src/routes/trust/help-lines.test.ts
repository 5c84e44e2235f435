import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@wps/contract/endpoints';
import type { HelpLine } from '@wps/contract/trust';
import { DEMO_PASSWORD } from '../../seed/members.js';
import type { LoginResult } from '@wps/contract/accounts';
import {
  AURORA,
  captchaPass,
  get,
  loginPayload,
  LOTUS,
  plainPost,
  sealedPost,
  value,
  type CallOptions,
} from '../../test/accounts.js';
import { newMemberOn } from '../../test/cashier.js';
import { backends, useTestApp } from '../../test/test-app.js';

const namesOf = (response: { json: () => unknown }) =>
  ((response.json() as { data?: { helpLines?: HelpLine[] } }).data?.helpLines ?? []).map((line) => line.name);

// Issue 29 item 6, "the site tells the member why and where to get help": a member whose mobile number
// says no country is shown the help lines of the merchant's country (as at sign-in), on every refusal.
describe.each(backends)('help lines of a member of no known country (%s)', (backend) => {
  const t = useTestApp(backend);

  async function onBreak(app: FastifyInstance, host: string) {
    const pass = host === LOTUS ? {} : await captchaPass(app, t.db, host);
    const member = await newMemberOn(app, host, 'Help', pass);
    const again = value<LoginResult>(
      await sealedPost(
        app,
        endpoints.login.path,
        loginPayload(
          member.username,
          DEMO_PASSWORD,
          host === LOTUS ? {} : await captchaPass(app, t.db, host),
        ),
        { host },
      ),
    );
    const taken = await sealedPost(
      app,
      endpoints.rgBreak.path,
      { kind: 'time_out', duration: '24h', password: DEMO_PASSWORD },
      member,
    );
    expect(taken.statusCode).toBe(200);
    const other: CallOptions = { host, token: again.token };
    return { member, other };
  }

  // [merchant, its help lines for a member without a number]
  it.each([
    ['aurora (Philippines, PAGCOR-like)', ['PAGCOR Responsible Gaming', 'Gambling Therapy'], AURORA],
    ['lotus (Vietnam, MGA-like: no Vietnamese line)', ['Gambling Therapy'], LOTUS],
  ])('%s: the deposit refused and the ended session name %j', async (_name, lines, host) => {
    const { member, other } = await onBreak(t.app, host);
    const method = host === LOTUS ? 'vietqr' : 'qrph';
    const amount = host === LOTUS ? '200000' : '500';
    const deposit = await plainPost(
      t.app,
      '/wps/wallet/deposit',
      { requestKey: `help-${member.customerId}-abcdef`, method, amount },
      member,
    );
    expect(deposit.statusCode).toBe(403);
    expect(namesOf(deposit)).toEqual(lines);
    // The member's other session was ended by the break: it says why, with the same lines.
    const ended = await get(t.app, endpoints.memberInfo.path, other);
    expect(ended.statusCode).toBe(403);
    expect((ended.json() as { errorCode: string }).errorCode).toBe('rg_break_active');
    expect(namesOf(ended)).toEqual(lines);
  });
});
