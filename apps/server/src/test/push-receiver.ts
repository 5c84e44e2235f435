import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';

/**
 * The browser's side of Web Push for tests: a P-256 key pair and auth secret (what
 * PushSubscription.getKey gives), and the RFC 8291 / RFC 8188 aes128gcm decryption a browser does.
 */
export interface PushReceiver {
  subscription(endpoint: string): { endpoint: string; keys: { p256dh: string; auth: string } };
  decrypt(body: Uint8Array): string;
}

export function createPushReceiver(): PushReceiver {
  const ecdh = createECDH('prime256v1');
  const uaPublic = ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    subscription: (endpoint) => ({
      endpoint,
      keys: { p256dh: uaPublic.toString('base64url'), auth: authSecret.toString('base64url') },
    }),
    decrypt(bodyBytes) {
      const body = Buffer.from(bodyBytes);
      // RFC 8188 header: salt (16) | record size (4) | key id length (1) | key id (the sender's public key).
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const asPublic = body.subarray(21, 21 + idLength);
      const record = body.subarray(21 + idLength);
      // RFC 8291 section 3.4: IKM from the ECDH secret, the auth secret and both public keys.
      const ecdhSecret = ecdh.computeSecret(asPublic);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
      const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
      const cek = Buffer.from(
        hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
      );
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(record.subarray(record.length - 16));
      const plain = Buffer.concat([
        decipher.update(record.subarray(0, record.length - 16)),
        decipher.final(),
      ]);
      // The last record ends with the delimiter 0x02 and zero padding.
      let end = plain.length - 1;
      while (end >= 0 && plain[end] === 0) end -= 1;
      if (plain[end] !== 2) throw new Error('no last-record delimiter');
      return plain.subarray(0, end).toString('utf8');
    },
  };
}

/** Checks a `vapid t=<jwt>, k=<key>` Authorization: ES256 signature by k, audience, expiry. */
export function verifyVapid(header: string, audience: string, publicKey: string): { sub: string } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header);
  if (!match?.[1] || match[2] !== publicKey) throw new Error('not a VAPID header for this key');
  const [head = '', payload = '', signature = ''] = match[1].split('.');
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('VAPID signature does not verify');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
    aud: string;
    exp: number;
    sub: string;
  };
  if (claims.aud !== audience || claims.exp * 1000 < Date.now()) throw new Error('VAPID claims do not hold');
  return { sub: claims.sub };
}
