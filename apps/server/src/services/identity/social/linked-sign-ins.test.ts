import { ErrorCode } from '@wps/contract/errorCodes';
import { SocialErrorCode } from '@wps/contract/social';
import { describe, expect, it } from 'vitest';
import { useIdentityServices } from '../../../test/identity-services.js';
import { TestClock } from '../../../test/clock.js';
import { backends } from '../../../test/test-app.js';
import { META, identity, withFlags, refusal, bindingLookups } from '../../../test/social-binding.js';

describe.each(backends)('social binding: linked sign-ins (%s)', (backend) => {
  const clock = new TestClock();
  const t = useIdentityServices(backend, { now: clock.now });
  const { linkedCustomerId } = bindingLookups(t);

  it('lists and unlinks the member’s own sign-ins; the last way into a password-less account stays', async () => {
    const lotus = withFlags(await t.merchant('lotus'), { SSOAUTOREG3: true, FIREBASECREATEACC3: true });
    const google = identity('google.com');
    const registered = await t.identity.social.signInWithSocialIdentity(lotus, google, META);
    const member = await t.customer(lotus, registered.userName);
    const session = await t.session(lotus, member);
    const listed = await t.identity.social.linkedSignIns(lotus, session);
    expect(listed).toEqual({
      hasPassword: false,
      identities: [
        {
          id: expect.stringMatching(/^[0-9]+$/) as unknown,
          provider: 'google.com',
          displayName: google.displayName,
          pictureUrl: null,
          linkedAt: new Date(clock.now()).toISOString(),
          lastUsedAt: new Date(clock.now()).toISOString(),
        },
      ],
    });
    const googleId = listed.identities[0]?.id ?? '';
    const last = await refusal(t.identity.social.unlink(lotus, session, { id: googleId }));
    expect(last.code).toBe(SocialErrorCode.SOCIAL_LAST_SIGN_IN);

    // A second sign-in: now the first can go, and the second is the last.
    const line = identity('line');
    await t.identity.socialLinks.link(t.db, lotus.id, member.id, line);
    await t.identity.social.unlink(lotus, session, { id: googleId });
    const after = await t.identity.social.linkedSignIns(lotus, session);
    expect(after.identities.map((each) => each.provider)).toEqual(['line']);
    const lineId = after.identities[0]?.id ?? '';
    expect((await refusal(t.identity.social.unlink(lotus, session, { id: lineId }))).code).toBe(
      SocialErrorCode.SOCIAL_LAST_SIGN_IN,
    );

    // Another member of lotus, and a member of aurora, neither see nor unlink it.
    const demo = await t.session(lotus, await t.customer(lotus, 'demo'));
    expect(
      (await t.identity.social.linkedSignIns(lotus, demo)).identities.map((each) => each.id),
    ).not.toContain(lineId);
    expect((await refusal(t.identity.social.unlink(lotus, demo, { id: lineId }))).code).toBe(
      ErrorCode.NOT_FOUND,
    );
    const aurora = await t.merchant('aurora');
    const auroraDemo = await t.session(aurora, await t.customer(aurora, 'demo'));
    expect((await t.identity.social.linkedSignIns(aurora, auroraDemo)).identities).toEqual([]);
    expect((await refusal(t.identity.social.unlink(aurora, auroraDemo, { id: lineId }))).code).toBe(
      ErrorCode.NOT_FOUND,
    );

    // A password set by a reset makes the last sign-in removable.
    await t.identity.passwords.setPassword(member.id, 'NewSecret123');
    const withPassword = await t.session(lotus, await t.customer(lotus, registered.userName));
    expect((await t.identity.social.linkedSignIns(lotus, withPassword)).hasPassword).toBe(true);
    await t.identity.social.unlink(lotus, withPassword, { id: lineId });
    expect((await t.identity.social.linkedSignIns(lotus, withPassword)).identities).toEqual([]);
  });

  it.each([
    ['lotus’s demo by its verified mobile number, linked on first use', 'lotus', '+84912000001', 'demo'],
    ['nobody for a number no member has (the dialog)', 'lotus', '+84912999999', null],
    ['nobody for aurora’s number on lotus', 'lotus', '+639170000001', null],
  ])('signs a phone sign-in in as %s', async (_name, code, phone, expected) => {
    const merchant = await t.merchant(code);
    const who = { ...identity('phone'), verifiedPhone: phone };
    if (expected === null) {
      expect((await refusal(t.identity.social.signInWithSocialIdentity(merchant, who, META))).code).toBe(
        ErrorCode.BIND_CUSTOMER_REQUIRED,
      );
      return;
    }
    const result = await t.identity.social.signInWithSocialIdentity(merchant, who, META);
    expect(result.userName).toBe(expected);
    expect(await linkedCustomerId(merchant, who)).toBe(Number(result.id));
  });

  it('never finds another merchant’s member for the same sign-in', async () => {
    const aurora = await t.merchant('aurora');
    const lotus = await t.merchant('lotus');
    const who = identity();
    const onAurora = await t.identity.social.signInWithSocialIdentity(aurora, who, META);
    expect(onAurora.token).toBeTruthy();
    const onLotus = await refusal(t.identity.social.signInWithSocialIdentity(lotus, who, META));
    expect(onLotus.code).toBe(ErrorCode.BIND_CUSTOMER_REQUIRED);
  });
});
