import { z } from 'zod';
import { PASSKEY_NAME_MAX_LENGTH } from '../passkeys.js';

// ---- passkeys (WebAuthn JSON of @simplewebauthn/browser; the server verifies every byte) ----------

const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, 'base64url');
/** As the browser reports them (unknown ones are dropped by the server). */
const passkeyTransports = z.array(z.string().max(32)).max(16);
/** Extension outputs: only credProps is read; anything else is dropped by the parse. */
const clientExtensionResults = z.object({ credProps: z.object({ rk: z.boolean().optional() }).optional() });
const credentialFields = {
  id: base64url(1024),
  rawId: base64url(1024),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['cross-platform', 'platform']).optional(),
  clientExtensionResults: clientExtensionResults.default({}),
};

export const passkeyRegistrationSchema = z.object({
  credential: z.object({
    ...credentialFields,
    response: z.object({
      clientDataJSON: base64url(4096),
      attestationObject: base64url(16_384),
      authenticatorData: base64url(16_384).optional(),
      transports: passkeyTransports.optional(),
      publicKeyAlgorithm: z.number().int().optional(),
      publicKey: base64url(4096).optional(),
    }),
  }),
  name: z.string().trim().min(1).max(PASSKEY_NAME_MAX_LENGTH).optional(),
});

export const passkeyLoginSchema = z.object({
  credential: z.object({
    ...credentialFields,
    response: z.object({
      clientDataJSON: base64url(4096),
      authenticatorData: base64url(4096),
      signature: base64url(1024),
      userHandle: base64url(256).optional(),
    }),
  }),
  loginDeviceId: z.string().max(64),
  isOfficialAppLogin: z.boolean(),
  device: z.enum(['IPAD', 'PWA', 'WEBCLIP']).optional(),
});

const passkeyId = base64url(1024);
export const passkeyRenameSchema = z.object({
  id: passkeyId,
  name: z.string().trim().min(1).max(PASSKEY_NAME_MAX_LENGTH),
});
export const passkeyDeleteSchema = z.object({ id: passkeyId });
