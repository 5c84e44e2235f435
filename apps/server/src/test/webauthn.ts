import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type { PasskeyCreationOptions, PasskeyRequestOptions } from '@wps/contract/passkeys';

/**
 * A software authenticator for the passkey tests: an EC P-256 key made with node's crypto, and the
 * WebAuthn bytes built by hand as an authenticator and a browser would (CBOR attestation object with
 * attestation `none`, authenticator data, client data JSON, an ES256 signature). Every part a test
 * wants wrong (origin, relying party hash, challenge, counter, flags) can be set per ceremony.
 */

// ---- a little CBOR (RFC 8949): what an attestation object and a COSE key need ----------------------

type Cbor = number | string | Uint8Array | Map<number | string, Cbor> | Record<string, never>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) {
    const out = Buffer.alloc(3);
    out[0] = (major << 5) | 25;
    out.writeUInt16BE(length, 1);
    return out;
  }
  const out = Buffer.alloc(5);
  out[0] = (major << 5) | 26;
  out.writeUInt32BE(length, 1);
  return out;
}

export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([
    head(5, entries.length),
    ...entries.flatMap(([key, item]) => [cbor(key), cbor(item)]),
  ]);
}

// ---- the authenticator -------------------------------------------------------------------------

export const FLAG_UP = 0x01;
export const FLAG_UV = 0x04;
export const FLAG_BE = 0x08;
export const FLAG_BS = 0x10;
const FLAG_AT = 0x40;

export interface CeremonyOptions {
  /** The origin the "browser" reports (default https://<rp id>). */
  origin?: string;
  /** The relying party whose SHA-256 goes into the authenticator data (default the options' rp id). */
  rpId?: string;
  /** The challenge signed (default the options'). */
  challenge?: string;
  /** Authenticator data flags (default UP | UV). */
  flags?: number;
  /** The signature counter (default: one more than the last). */
  counter?: number;
  /** The client data type (default webauthn.create / webauthn.get). */
  type?: string;
}

const b64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private counter = 0;
  userHandle: string | undefined;

  constructor() {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return b64(this.credentialId);
  }

  private coseKey(): Buffer {
    const jwk = this.publicKey.export({ format: 'jwk' });
    return cbor(
      new Map<number, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
  }

  private authData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    const parts: Buffer[] = [createHash('sha256').update(rpId).digest(), Buffer.from([flags]), count];
    if (attested !== undefined) parts.push(attested);
    return Buffer.concat(parts);
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** What `startRegistration` answers for these options. */
  register(options: PasskeyCreationOptions, ceremony: CeremonyOptions = {}) {
    const rpId = ceremony.rpId ?? options.rp.id ?? '';
    this.userHandle = options.user.id;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, this.coseKey()]);
    const flags = (ceremony.flags ?? FLAG_UP | FLAG_UV) | FLAG_AT;
    const authData = this.authData(rpId, flags, ceremony.counter ?? 0, attested);
    const attestationObject = cbor(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', {}],
        ['authData', authData],
      ]),
    );
    const clientDataJSON = this.clientData(
      ceremony.type ?? 'webauthn.create',
      ceremony.challenge ?? options.challenge,
      ceremony.origin ?? `https://${rpId}`,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
      response: {
        clientDataJSON: b64(clientDataJSON),
        attestationObject: b64(attestationObject),
        transports: ['internal' as const],
      },
    };
  }

  /** What `startAuthentication` answers for these options. */
  assert(options: PasskeyRequestOptions, ceremony: CeremonyOptions = {}) {
    const rpId = ceremony.rpId ?? options.rpId ?? '';
    this.counter = ceremony.counter ?? this.counter + 1;
    const authData = this.authData(rpId, ceremony.flags ?? FLAG_UP | FLAG_UV, this.counter);
    const clientDataJSON = this.clientData(
      ceremony.type ?? 'webauthn.get',
      ceremony.challenge ?? options.challenge,
      ceremony.origin ?? `https://${rpId}`,
    );
    const signed = Buffer.concat([authData, createHash('sha256').update(clientDataJSON).digest()]);
    const signature = sign('sha256', signed, this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
      response: {
        clientDataJSON: b64(clientDataJSON),
        authenticatorData: b64(authData),
        signature: b64(signature),
        ...(this.userHandle === undefined ? {} : { userHandle: this.userHandle }),
      },
    };
  }
}
