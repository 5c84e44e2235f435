import type { EndpointParsed } from '@wps/contract/endpoints';
import type { LoginResult } from '@wps/contract/accounts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { requireMerchant } from '../../http/merchant.js';
import { route } from '../../http/route.js';
import { attestationOf, type SocialLoginMeta } from '../../services/identity/index.js';
import { invalidRequest } from '../../services/errors.js';
import type { Merchant } from '../../services/merchants/repository.js';
import { callerOf, requireSession } from './common.js';

/** What a social sign-in's input says of the account it may register (the Telegram one has it all). */
type MetaInput = Partial<
  Pick<
    EndpointParsed<'loginTelegram'>,
    | 'device'
    | 'registerUrl'
    | 'affiliateCode'
    | 'referralCode'
    | 'linkId'
    | 'ageConfirmed'
    | 'dateOfBirth'
    | 'termsVersion'
  >
>;

/** The caller and what an account it registers is written with (services/identity/social/types.ts). */
function loginMeta(request: FastifyRequest, input: MetaInput): SocialLoginMeta {
  const meta: SocialLoginMeta = {
    ...callerOf(request),
    registerMethod: input.device === 'PWA' || input.device === 'WEBCLIP' ? input.device : 'H5',
    attestation: attestationOf(input),
  };
  if (input.registerUrl !== undefined) meta.registerUrl = input.registerUrl;
  if (input.affiliateCode !== undefined) meta.affiliateCode = input.affiliateCode;
  if (input.referralCode !== undefined) meta.referralCode = input.referralCode;
  if (input.linkId !== undefined) meta.linkId = input.linkId;
  return meta;
}

/**
 * The login call (`POST /wps/session/login`) with type `line` or `telegram` (spec section 3's login
 * payload): the same as the dedicated calls, with `lineSessionToken` or `telegramAuth`.
 */
export async function providerLogin(
  ctx: AppContext,
  request: FastifyRequest,
  merchant: Merchant,
  input: EndpointParsed<'login'> & { type: 'line' | 'telegram' },
): Promise<LoginResult> {
  const { line, telegram } = ctx.identity.providerSignIns;
  let identity;
  if (input.type === 'line') {
    if (input.lineSessionToken === undefined) throw invalidRequest('lineSessionToken is required.');
    identity = await line.identity(merchant, input.lineSessionToken);
  } else {
    if (input.telegramAuth === undefined) throw invalidRequest('telegramAuth is required.');
    identity = await telegram.identity(merchant, input.telegramAuth);
  }
  return ctx.identity.social.signInWithSocialIdentity(merchant, identity, loginMeta(request, input));
}

/**
 * LINE, Telegram and Maya wallet sign-in (issue 14, services/identity/providers): each verifies the
 * provider's proof, then signs in through the binding of services/identity/social.
 */
export function providerLoginRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { line, telegram, maya } = ctx.identity.providerSignIns;

  route(app, 'telegramLoginSetting', async (_input, request) =>
    telegram.setting(await requireMerchant(ctx, request)),
  );

  route(app, 'loginTelegram', async (input, request) => {
    const merchant = await requireMerchant(ctx, request);
    const identity = await telegram.identity(merchant, input.telegramAuth);
    return ctx.identity.social.signInWithSocialIdentity(merchant, identity, loginMeta(request, input));
  });

  route(app, 'verifyLineCode', async (input, request) => {
    const merchant = await requireMerchant(ctx, request);
    return line.verifyCode(merchant, 'accessToken' in input ? { accessToken: input.accessToken } : input);
  });

  route(app, 'loginLine', async (input, request) => {
    const merchant = await requireMerchant(ctx, request);
    const identity = await line.identity(merchant, input.lineSessionToken);
    return ctx.identity.social.signInWithSocialIdentity(merchant, identity, loginMeta(request, input));
  });

  route(app, 'loginMaya', async (input, request) => {
    const merchant = await requireMerchant(ctx, request);
    const identity = await maya.identity(merchant, input.sessionId, input.env);
    return ctx.identity.social.signInWithSocialIdentity(merchant, identity, loginMeta(request, input));
  });

  route(app, 'refreshMayaTokens', async (input, request) => {
    const merchant = await requireMerchant(ctx, request);
    const session = await requireSession(ctx, request, merchant);
    return maya.refreshTokens(merchant, session.customer.id, input.env);
  });
}
