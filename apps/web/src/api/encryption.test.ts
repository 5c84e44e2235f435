import { EncryptionErrorCode, type RsaPublicKey } from '@wps/contract/encryption';
import { ModuleId } from '@wps/contract/flags';
import { openPayload, toBase64 } from '@wps/contract/payloadCrypto';
import { endpoints } from '@wps/contract/endpoints';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ENCRYPTION_UNAVAILABLE, WpsError } from './errors';
import { failure, fakeFetch, ok, type RecordedRequest } from '@/test/fakeFetch';
import { createClient } from './request';

/** A server's key pair, made with Web Crypto as the reference server does. */
async function keyPair(keyId: string) {
  const pair = await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey));
  return { keyId, privateKey: pair.privateKey, publicKey: toBase64(spki) };
}

type Pair = Awaited<ReturnType<typeof keyPair>>;
let k1: Pair;
let k2: Pair;

beforeAll(async () => {
  [k1, k2] = await Promise.all([keyPair('k1'), keyPair('k2')]);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const inOneHour = () => new Date(Date.now() + 3_600_000).toISOString();

/**
 * A fake /wps server: answers the session key with the current pair and opens every encrypted POST
 * with the keys it knows, the way the reference server does.
 */
function server(options: { current: () => Pair; known: () => Pair[]; expiresAt?: () => string }) {
  const opened: unknown[] = [];
  const { fetch, calls } = fakeFetch(async (request: RecordedRequest) => {
    const path = request.url.split('?')[0] ?? '';
    if (request.method === 'GET' && path === endpoints.sessionKey.path) {
      const pair = options.current();
      const answer: RsaPublicKey = {
        keyId: pair.keyId,
        publicKey: pair.publicKey,
        algorithm: 'RSA-OAEP-256',
        expiresAt: options.expiresAt?.() ?? inOneHour(),
      };
      return ok(answer);
    }
    try {
      const payload = await openPayload(
        {
          encryption: request.headers.Encryption,
          digest: request.headers['X-Digest'],
          rsa: request.headers['X-RSA'],
          body: JSON.parse(request.body ?? 'null') as unknown,
          method: request.method,
          path,
        },
        async (keyId) => options.known().find((pair) => pair.keyId === keyId)?.privateKey ?? null,
      );
      opened.push(payload);
      return ok({ accepted: true });
    } catch (error) {
      const code = (error as { errorCode?: string }).errorCode ?? 'encryption_failed';
      return failure(400, code, 'refused');
    }
  });
  const onError = vi.fn();
  const client = createClient({
    fetch,
    onError,
    context: () => ({
      merchantCode: () => 'aurora',
      language: () => 'EN',
      token: () => 'session-token',
      userAgent: () => 'UA',
    }),
  });
  const keyFetches = () => calls.filter((call) => call.url.startsWith(endpoints.sessionKey.path));
  const posts = () => calls.filter((call) => call.method === 'POST');
  return { client, calls, opened, onError, keyFetches, posts };
}

const login = { userName: 'member01', password: 'S3cret!pass', loginDeviceId: 'd'.repeat(36), device: 'PWA' };

describe('encrypted POST against a real key pair', () => {
  it('fetches the key without Authorization and no-cache, seals the payload, and the server opens it', async () => {
    const s = server({ current: () => k1, known: () => [k1] });
    await expect(
      s.client.post(endpoints.register.path, login, { encrypt: true, moduleId: ModuleId.REGISTER }),
    ).resolves.toEqual({ accepted: true });

    const [keyFetch] = s.keyFetches();
    expect(keyFetch?.url).toMatch(/^\/wps\/session\/key\/rsa\?_=\d+$/);
    expect(keyFetch?.headers.Authorization).toBeUndefined();
    expect(keyFetch?.headers['Cache-Control']).toBe('no-cache');
    expect(keyFetch?.init.cache).toBe('no-store');

    const [post] = s.posts();
    expect(post?.headers).toMatchObject({
      Encryption: 'v1',
      ModuleId: 'REG3',
      'Content-Type': 'application/json',
    });
    expect(post?.headers['X-RSA']).toMatch(/^k1\./);
    expect(post?.headers['X-Digest']).toMatch(/^sha-256=/);
    expect(post?.body).not.toContain(login.password);
    expect(post?.body).not.toContain(login.userName);
    expect(Object.keys(JSON.parse(post?.body ?? '{}') as object)).toEqual(['payload']);
    expect(s.opened).toEqual([login]);
  });

  it('binds the seal to the path: the server refuses it on another path', async () => {
    const s = server({ current: () => k1, known: () => [k1] });
    await s.client.post(endpoints.collect.path, { merchant: 'aurora', value: login }, { encrypt: true });
    const [post] = s.posts();
    const reopened = openPayload(
      {
        encryption: post?.headers.Encryption,
        digest: post?.headers['X-Digest'],
        rsa: post?.headers['X-RSA'],
        body: JSON.parse(post?.body ?? 'null') as unknown,
        method: 'POST',
        path: endpoints.login.path,
      },
      async () => k1.privateKey,
    );
    await expect(reopened).rejects.toMatchObject({ errorCode: EncryptionErrorCode.DECRYPT_FAILED });
  });

  it('keeps the key until its expiresAt, then fetches it again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
    const s = server({
      current: () => k1,
      known: () => [k1],
      expiresAt: () => new Date(Date.now() + 60_000).toISOString(),
    });
    await s.client.post(endpoints.login.path, login, { encrypt: true });
    await s.client.post(endpoints.login.path, login, { encrypt: true });
    expect(s.keyFetches()).toHaveLength(1);
    vi.setSystemTime(new Date('2030-01-01T00:01:00Z'));
    await s.client.post(endpoints.login.path, login, { encrypt: true });
    expect(s.keyFetches()).toHaveLength(2);
    expect(s.opened).toHaveLength(3);
  });

  it('shares one key fetch between concurrent encrypted calls', async () => {
    const s = server({ current: () => k1, known: () => [k1] });
    await Promise.all([1, 2, 3].map(() => s.client.post(endpoints.login.path, login, { encrypt: true })));
    expect(s.keyFetches()).toHaveLength(1);
    expect(s.opened).toHaveLength(3);
  });
});

describe('encryption_unknown_key: fetch the key again, retry once', () => {
  it('retries with the rotated key and succeeds', async () => {
    let current = k1;
    const s = server({ current: () => current, known: () => [current] });
    await s.client.post(endpoints.login.path, login, { encrypt: true }); // caches k1
    current = k2; // the server rotated and forgot k1
    await expect(s.client.post(endpoints.login.path, login, { encrypt: true })).resolves.toEqual({
      accepted: true,
    });
    expect(s.keyFetches()).toHaveLength(2);
    expect(s.posts().map((post) => post.headers['X-RSA']?.split('.')[0])).toEqual(['k1', 'k1', 'k2']);
    expect(s.onError).not.toHaveBeenCalled();
  });

  it('retries only once, then fails with the server answer', async () => {
    const s = server({ current: () => k1, known: () => [] });
    const outcome = s.client.post(endpoints.login.path, login, { encrypt: true });
    await expect(outcome).rejects.toMatchObject({ status: 400, errorCode: EncryptionErrorCode.UNKNOWN_KEY });
    expect(s.posts()).toHaveLength(2);
    expect(s.keyFetches()).toHaveLength(2);
    expect(s.onError).toHaveBeenCalledTimes(1);
  });

  it('does not retry other encryption failures', async () => {
    const { fetch, calls } = fakeFetch((request) =>
      request.method === 'GET'
        ? ok({ keyId: 'k1', publicKey: k1.publicKey, algorithm: 'RSA-OAEP-256', expiresAt: inOneHour() })
        : failure(400, EncryptionErrorCode.DIGEST_MISMATCH, 'refused'),
    );
    const client = createClient({ fetch });
    await expect(client.post(endpoints.login.path, login, { encrypt: true })).rejects.toMatchObject({
      errorCode: EncryptionErrorCode.DIGEST_MISMATCH,
    });
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });
});

describe('without Web Crypto', () => {
  it('fails with a clear error and sends nothing rather than plain text', async () => {
    vi.stubGlobal('crypto', { getRandomValues: (array: Uint8Array) => array });
    const s = server({ current: () => k1, known: () => [k1] });
    const outcome = s.client.post(endpoints.login.path, login, { encrypt: true });
    await expect(outcome).rejects.toBeInstanceOf(WpsError);
    await expect(outcome).rejects.toMatchObject({ errorCode: ENCRYPTION_UNAVAILABLE });
    expect(s.calls).toHaveLength(0);
  });

  it('fails when the key answer is malformed', async () => {
    const { fetch } = fakeFetch((request) => (request.method === 'GET' ? ok({ keyId: 'k1' }) : ok(null)));
    const client = createClient({ fetch });
    await expect(client.post(endpoints.login.path, login, { encrypt: true })).rejects.toMatchObject({
      errorCode: 'invalid_response',
    });
  });
});
