import { z } from 'zod';
import { MAYA_ENVIRONMENTS } from '../socialProviders.js';
import { optionalText } from './common.js';
import { newMemberAttestation } from './accounts.js';

// ---- social sign-in (social.ts, socialProviders.ts) -------------------------------------------------

const loginDevice = {
  loginDeviceId: z.string().max(64),
  device: z.enum(['IPAD', 'PWA', 'WEBCLIP']).optional(),
};
/** What a social login carries for an account it registers (spec section 7). */
const socialRegistrationFields = {
  registerUrl: optionalText(2048),
  affiliateCode: optionalText(64),
  domain: optionalText(253),
  referralCode: optionalText(64),
  linkId: optionalText(128),
  ...newMemberAttestation,
};

/** POST /wps/session/login/line: the token `verifyLineCode` answered. */
export const lineLoginSchema = z.object({
  lineSessionToken: z.string().min(1).max(1024),
  ...newMemberAttestation,
  ...loginDevice,
});

/**
 * POST /wps/session/login/telegram. `telegramAuth`: the widget's auth result as JSON text or as base64
 * of that JSON (`#tgAuthResult=`), or the mini app's `initData` query string as it is.
 */
export const telegramLoginSchema = z.object({
  telegramAuth: z.string().min(1).max(4096),
  ...socialRegistrationFields,
  ...loginDevice,
});

/** POST /wps/session/login/maya: the wallet's one-time session id and environment. */
export const mayaLoginSchema = z.object({
  sessionId: z.string().regex(/^[A-Za-z0-9_.~-]{8,1024}$/, 'a session id'),
  env: z.enum(MAYA_ENVIRONMENTS),
  ...socialRegistrationFields,
  ...loginDevice,
});

/** WPS3RD_verifyLineCode: `code` + `redirectUri` + `codeVerifier` (redirect flow), or `accessToken` (in the LINE app). */
export const verifyLineCodeSchema = z.union([
  z.object({
    code: z.string().regex(/^[A-Za-z0-9_.~-]{1,512}$/, 'a code'),
    redirectUri: z.string().min(1).max(2048),
    codeVerifier: z.string().regex(/^[A-Za-z0-9._~-]{43,128}$/, 'a PKCE verifier of 43 to 128 characters'),
  }),
  z.object({ accessToken: z.string().regex(/^[A-Za-z0-9_.~+/=-]{1,2048}$/, 'an access token') }),
]);

export const refreshMayaTokensSchema = z.object({ env: z.enum(MAYA_ENVIRONMENTS) });

/** POST /wps/member/signIns/unlink: the id of one of the member's linked sign-ins. */
export const unlinkSignInSchema = z.object({
  // A database id: a positive 32-bit integer, as text.
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'an id')
    .refine((id) => Number(id) <= 2_147_483_647, 'an id'),
});
export type UnlinkSignInPayload = z.input<typeof unlinkSignInSchema>;
