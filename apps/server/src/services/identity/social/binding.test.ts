import { ErrorCode } from '@wps/contract/errorCodes';
import { SOCIAL_BIND_TOKEN_TTL_MS, SocialErrorCode } from '@wps/contract/social';
import type { LoginResult, LoginVerifyRequired } from '@wps/contract/accounts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers } from '../../../db/schema/index.js';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from '../../../seed/members.js';
import { useIdentityServices } from '../../../test/identity-services.js';
import { lastCode } from '../../../test/accounts.js';
import { TestClock } from '../../../test/clock.js';
import { backends } from '../../../test/test-app.js';
import type { Merchant } from '../../merchants/repository.js';
import { base32Decode, totp } from '../totp.js';
import { bindingOutcome } from './binding.js';
import {
  CALLER,
  META,
  identity,
  withFlags,
  usernameLogin,
  registration,
  refusal,
  OUTCOMES,
  bindingLookups,
  serial,
} from '../../../test/social-binding.js';

describe('the binding outcome of a sign-in that matches no member', () => {
  it.each(OUTCOMES)(
    'SSOAUTOREG3 %s, FIREBASECREATEACC3 %s, SSOMANUALREG3 %s → %s',
    (auto, create, manual, outcome) => {
      const merchant = {
        flags: { SSOAUTOREG3: auto, FIREBASECREATEACC3: create, SSOMANUALREG3: manual },
      } as unknown as Merchant;
      expect(bindingOutcome(merchant)).toBe(outcome);
    },
  );
});

describe.each(backends)('social binding (%s)', (backend) => {
  const clock = new TestClock();
  const t = useIdentityServices(backend, { now: clock.now });
  const { linkedCustomerId, bindToken } = bindingLookups(t);

  it.each(OUTCOMES)(
    'signs a new sign-in in as the table says (SSOAUTOREG3 %s, FIREBASECREATEACC3 %s, SSOMANUALREG3 %s → %s)',
    async (auto, create, manual, outcome) => {
      const merchant = withFlags(await t.merchant('lotus'), {
        SSOAUTOREG3: auto,
        FIREBASECREATEACC3: create,
        SSOMANUALREG3: manual,
      });
      const who = identity('telegram');
      if (outcome === 'confirm') {
        const data = await bindToken(merchant, who);
        expect(data).toEqual({
          bindToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) as unknown,
          provider: 'telegram',
          displayName: who.displayName,
          pictureUrl: null,
          expiresIn: SOCIAL_BIND_TOKEN_TTL_MS / 1000,
        });
        expect(await linkedCustomerId(merchant, who)).toBeNull();
        return;
      }
      const result = await t.identity.social.signInWithSocialIdentity(merchant, who, META);
      expect(result).toMatchObject({
        firstTimeLogin: false,
        passwordExpired: false,
        mustChangePassword: false,
      });
      expect(result.userName).toMatch(/^tg[0-9]{6,7}$/);
      const [member] = await t.db
        .select()
        .from(customers)
        .where(eq(customers.id, Number(result.id)));
      expect(member).toMatchObject({
        hasPassword: false,
        passwordExpiresAt: null,
        registerUrl: META.registerUrl,
        affiliateCode: 'aff1',
        registerIp: '127.0.0.1',
      });
      expect(await linkedCustomerId(merchant, who)).toBe(Number(result.id));
      // Its hash is of a secret nobody has: no password logs in.
      await expect(
        t.identity.login.logIn(merchant, usernameLogin(result.userName, ''), CALLER),
      ).rejects.toThrow();
    },
  );

  it('logs a linked member in whatever the flags, with the second factor when set up', async () => {
    const lotus = await t.merchant('lotus');
    const who = identity();
    const data = await bindToken(lotus, who);
    await t.identity.login.logIn(lotus, usernameLogin('demo', DEMO_PASSWORD, data.bindToken), CALLER);
    for (const flags of [{}, { SSOAUTOREG3: true, FIREBASECREATEACC3: true }, { SSOMANUALREG3: true }]) {
      const result = await t.identity.social.signInWithSocialIdentity(withFlags(lotus, flags), who, META);
      expect(result.userName).toBe('demo');
    }
    const secure = identity();
    const forSecure = await bindToken(lotus, secure);
    const parked = await refusal(
      t.identity.login.logIn(lotus, usernameLogin('secure', DEMO_PASSWORD, forSecure.bindToken), CALLER),
    );
    expect(parked.code).toBe(ErrorCode.LOGIN_VERIFY_REQUIRED);
    // Not linked until the second step is done.
    expect(await linkedCustomerId(lotus, secure)).toBeNull();
    const { verifyToken } = parked.data as LoginVerifyRequired;
    const code = totp(base32Decode(DEMO_TOTP_SECRET) ?? Buffer.alloc(0), clock.now());
    const done = await t.identity.login.verify(lotus, { verifyToken, method: 'ga', code }, CALLER);
    expect(done?.userName).toBe('secure');
    const secureId = (await t.customer(lotus, 'secure')).id;
    expect(await linkedCustomerId(lotus, secure)).toBe(secureId);
    // Its social sign-in asks for the second factor too.
    const again = await refusal(t.identity.social.signInWithSocialIdentity(lotus, secure, META));
    expect(again.code).toBe(ErrorCode.LOGIN_VERIFY_REQUIRED);
  });

  it('keeps the bind token through a wrong password, then uses it once', async () => {
    const lotus = await t.merchant('lotus');
    const who = identity('line');
    const { bindToken: token } = await bindToken(lotus, who);
    const wrong = await refusal(
      t.identity.login.logIn(lotus, usernameLogin('agent', 'Wrong1234', token), CALLER),
    );
    expect(wrong.code).toBe(ErrorCode.LOGIN_CRED_ERR);
    const result: LoginResult = await t.identity.login.logIn(
      lotus,
      usernameLogin('agent', DEMO_PASSWORD, token),
      CALLER,
    );
    expect(await linkedCustomerId(lotus, who)).toBe(Number(result.id));
    const reused = await refusal(
      t.identity.login.logIn(lotus, usernameLogin('newbie', DEMO_PASSWORD, token), CALLER),
    );
    expect(reused.code).toBe(SocialErrorCode.BIND_TOKEN_INVALID);
  });

  it.each([
    ['of another merchant', 'aurora', 0],
    ['expired', 'lotus', SOCIAL_BIND_TOKEN_TTL_MS],
    ['made up', 'lotus', 0],
  ])('refuses a bind token %s', async (name, issuer, wait) => {
    const lotus = await t.merchant('lotus');
    const issued = await bindToken(
      issuer === 'aurora' ? withFlags(await t.merchant('aurora'), { SSOAUTOREG3: false }) : lotus,
      identity(),
    );
    const token = name === 'made up' ? 'A'.repeat(43) : issued.bindToken;
    clock.advance(wait);
    const refused = await refusal(
      t.identity.login.logIn(lotus, usernameLogin('newbie', DEMO_PASSWORD, token), CALLER),
    );
    expect(refused.code).toBe(SocialErrorCode.BIND_TOKEN_INVALID);
    const registering = await refusal(
      t.identity.registration.register(lotus, registration(`nb${serial}x`, token), CALLER),
    );
    expect(registering.code).toBe(SocialErrorCode.BIND_TOKEN_INVALID);
  });

  it('registers a linked member with the bind token (FIREBASECREATEACC3), and not without the flag', async () => {
    const lotus = await t.merchant('lotus');
    const who = identity('maya');
    const { bindToken: token } = await bindToken(lotus, who);
    const off = await refusal(
      t.identity.registration.register(
        withFlags(lotus, { FIREBASECREATEACC3: false }),
        registration('mayafan1', token),
        CALLER,
      ),
    );
    expect(off.code).toBe(ErrorCode.MODULE_DISABLED);
    // A taken username fails before the token is spent.
    const taken = await refusal(t.identity.registration.register(lotus, registration('demo', token), CALLER));
    expect(taken.code).toBe(ErrorCode.USERNAME_TAKEN);
    const result = await t.identity.registration.register(lotus, registration('mayafan1', token), CALLER);
    expect(result.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await linkedCustomerId(lotus, who)).toBe(Number(result.customerId));
    const member = await t.customer(lotus, 'mayafan1');
    expect(member.hasPassword).toBe(true);
    const login = await t.identity.social.signInWithSocialIdentity(lotus, who, META);
    expect(login.userName).toBe('mayafan1');
  });

  it('lets one of two logins racing with one bind token link it, the other refused', async () => {
    const lotus = await t.merchant('lotus');
    const who = identity();
    const { bindToken: token } = await bindToken(lotus, who);
    const outcomes = await Promise.allSettled([
      t.identity.login.logIn(lotus, usernameLogin('demo', DEMO_PASSWORD, token), CALLER),
      t.identity.login.logIn(lotus, usernameLogin('agent', DEMO_PASSWORD, token), CALLER),
    ]);
    const won = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    expect(won).toHaveLength(1);
    const lost = outcomes.find((outcome) => outcome.status === 'rejected');
    expect(lost?.reason).toMatchObject({ code: SocialErrorCode.BIND_TOKEN_INVALID });
    const winner = (won[0] as PromiseFulfilledResult<LoginResult>).value;
    expect(await linkedCustomerId(lotus, who)).toBe(Number(winner.id));
  });

  it('registers a linked member by mobile number with the bind token', async () => {
    const lotus = withFlags(await t.merchant('lotus'), { MOBILENUMREG3: true });
    const who = identity('line');
    const { bindToken: token } = await bindToken(lotus, who);
    await t.identity.verification.requestSmsCode(lotus, { countryDialingCode: '84', mobileNum: '912345678' });
    const code = await lastCode(t.db, '84 912345678');
    const result = await t.identity.registration.registerMobile(
      lotus,
      {
        ...registration('mobilefan1', token),
        countryDialingCode: '84',
        mobileNum: '912345678',
        smsCode: code,
      },
      CALLER,
    );
    expect(await linkedCustomerId(lotus, who)).toBe(Number(result.customerId));
  });

  it('refuses to link a sign-in another member linked meanwhile, and opens no session', async () => {
    const lotus = await t.merchant('lotus');
    const who = identity();
    const first = await bindToken(lotus, who);
    const second = await bindToken(lotus, who);
    await t.identity.login.logIn(lotus, usernameLogin('demo', DEMO_PASSWORD, first.bindToken), CALLER);
    const taken = await refusal(
      t.identity.login.logIn(lotus, usernameLogin('newbie', DEMO_PASSWORD, second.bindToken), CALLER),
    );
    expect(taken.code).toBe(SocialErrorCode.SOCIAL_IDENTITY_TAKEN);
    expect(await linkedCustomerId(lotus, who)).toBe((await t.customer(lotus, 'demo')).id);
  });
});
