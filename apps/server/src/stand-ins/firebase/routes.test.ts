import { FIREBASE_STAND_IN } from '@wps/contract/social';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import { AURORA, get, LOTUS } from '../../test/accounts.js';
import { TestClock } from '../../test/clock.js';
import { backends, useTestApp } from '../../test/test-app.js';
import { ORBIT, popupResult } from '../../test/social.js';

describe.each(backends)('the Firebase stand-in over HTTP (%s)', (backend) => {
  const clock = new TestClock();
  const t = useTestApp(backend, { now: clock.now });

  it('serves the stand-in page, its script and keys with their own policies', async () => {
    const page = await get(t.app, `${FIREBASE_STAND_IN.signInPath}?provider=google.com&mode=popup`, {
      host: AURORA,
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(page.body).toContain('Alice Tan');
    expect(page.body).toContain('user=new');
    const script = await get(t.app, '/wps/dev/firebase/standin.js', { host: AURORA });
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.body).toContain('window.opener.postMessage(message, data.targetOrigin)');
    const jwks = await get(t.app, FIREBASE_STAND_IN.jwksPath, { host: AURORA });
    const keys = JSON.parse(jwks.body) as { keys: { kty: string; kid: string; d?: string }[] };
    expect(keys.keys).toHaveLength(1);
    expect(keys.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256' });
    expect(keys.keys[0]?.d).toBeUndefined();
  });

  it('mints Firebase-shaped RS256 tokens for the merchant’s project and posts them to this origin only', async () => {
    const response = await get(
      t.app,
      `${FIREBASE_STAND_IN.signInPath}?provider=facebook.com&mode=popup&user=StandInFacebookChenWei0000003`,
      { host: AURORA },
    );
    const result = popupResult(response.body);
    expect(result).toMatchObject({
      type: 'wps-standin-idtoken',
      provider: 'facebook.com',
      targetOrigin: 'http://localhost',
    });
    const idToken = result.idToken ?? '';
    expect(decodeProtectedHeader(idToken)).toMatchObject({ alg: 'RS256', typ: 'JWT' });
    const nowS = Math.floor(clock.now() / 1000);
    expect(decodeJwt(idToken)).toMatchObject({
      iss: 'https://securetoken.google.com/aurora-play-demo',
      aud: 'aurora-play-demo',
      sub: 'StandInFacebookChenWei0000003',
      user_id: 'StandInFacebookChenWei0000003',
      name: 'Chen Wei',
      auth_time: nowS,
      iat: nowS,
      exp: nowS + 3_600,
      firebase: { sign_in_provider: 'facebook.com' },
    });
    const cancelled = popupResult(
      (await get(t.app, `${FIREBASE_STAND_IN.signInPath}?provider=google.com&user=cancel`, { host: LOTUS }))
        .body,
    );
    expect(cancelled).toEqual({
      type: 'wps-standin-idtoken',
      error: 'auth/popup-closed-by-user',
      targetOrigin: 'http://lotus.localhost',
    });
  });

  it('redirects back with the token in the fragment, to a path of the app only', async () => {
    const ok = await get(
      t.app,
      `${FIREBASE_STAND_IN.signInPath}?provider=google.com&mode=redirect&return=${encodeURIComponent('/m/login?go=/m/home')}&user=StandInGoogleAliceTan00000001`,
      { host: AURORA },
    );
    expect(ok.statusCode).toBe(302);
    const location = String(ok.headers.location);
    expect(location).toMatch(
      /^\/m\/login\?go=\/m\/home#wpsStandinIdToken=[A-Za-z0-9_.-]+&provider=google\.com$/,
    );
    for (const target of [
      '//evil.example/m/',
      'https://evil.example/m/',
      '/m\\..\\x',
      '/x/login',
      '/mevil',
      '/m/#x',
      '/m/\nx',
      '',
    ]) {
      const refused = await get(
        t.app,
        `${FIREBASE_STAND_IN.signInPath}?provider=google.com&mode=redirect&return=${encodeURIComponent(target)}&user=new`,
        { host: AURORA },
      );
      expect([target, refused.statusCode]).toEqual([target, 400]);
    }
    for (const query of [
      'provider=github.com',
      'provider=google.com&mode=frame',
      'provider=google.com&user=%3Cscript%3E',
      'provider=google.com&user=nobody',
    ]) {
      const refused = await get(t.app, `${FIREBASE_STAND_IN.signInPath}?${query}`, { host: AURORA });
      expect([query, refused.statusCode]).toEqual([query, 400]);
    }
  });

  it('answers 404 for a merchant without the stand-in', async () => {
    for (const path of [
      `${FIREBASE_STAND_IN.signInPath}?provider=google.com`,
      FIREBASE_STAND_IN.jwksPath,
      '/wps/dev/firebase/standin.js',
    ]) {
      const response = await get(t.app, path, { host: ORBIT });
      expect([path, response.statusCode]).toEqual([path, 404]);
    }
  });
});
