// The one-at-a-time timings of scripts/bench-server.mjs: server-rendered pages (afresh, as kept,
// cold) and logins (argon2id), each request with its own Host header.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { importRsaPublicKey, sealPayload } from '../packages/contract/dist/payloadCrypto.js';

/** Screens whose HTML the server renders, timed one request at a time. */
const RENDERED_PAGES = ['/m/home', '/m/game', '/m/login'];
const LOGIN = '/wps/session/login';
/** A demo merchant without a login captcha, reached through its `{code}.localhost` host. */
const LOGIN_HOST = 'lotus.localhost';
/** apps/server/src/seed/members.ts DEMO_PASSWORD. */
const DEMO_PASSWORD = 'Demo1234';

/** A request with its own Host header (fetch always sends the URL's): answers status and JSON. */
export function request(origin, host, method, path, headers = {}, body = undefined) {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      { hostname, port, method, path, headers: { ...headers, host: `${host}:${port}` } },
      (incoming) => {
        const chunks = [];
        incoming.on('data', (chunk) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () =>
          resolve({ status: incoming.statusCode, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** One GET of an app page for `host`, read to its end: the milliseconds it took. */
export function timePage(origin, host, path) {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const outgoing = http.get({ hostname, port, path, headers: { host: `${host}:${port}` } }, (incoming) => {
      incoming.resume();
      incoming.on('error', reject);
      incoming.on('end', () => {
        if (incoming.statusCode !== 200) reject(new Error(`${path} answered ${incoming.statusCode}`));
        else resolve(performance.now() - started);
      });
    });
    outgoing.on('error', reject);
  });
}

const median50 = (times) => [...times].sort((a, b) => a - b)[Math.floor((times.length - 1) / 2)];

/** How long the renderer keeps the public answers a page is made of (routes/web/render.ts). */
const KEPT_ANSWER_TTL_MS = 10_000;
export const COLD_ROUNDS = 3;

/**
 * The HTML of a server-rendered screen, one request at a time: rendered afresh (each address once:
 * a query the page cache has not seen, the merchant's public answers kept by the renderer), as the
 * server keeps it for 30 s (the same address again), and cold: the first render after the kept
 * answers have expired (every call asked of the database again).
 */
export async function timeRenderedPages(origin, count) {
  const rows = [];
  for (const path of RENDERED_PAGES) {
    // The first render of a screen loads its code into the renderer: not counted.
    await timePage(origin, 'localhost', `${path}?bench=warm`);
    const fresh = [];
    const kept = [];
    for (let index = 0; index < count; index += 1) {
      fresh.push(await timePage(origin, 'localhost', `${path}?bench=${index}`));
      kept.push(await timePage(origin, 'localhost', `${path}?bench=${index}`));
    }
    rows.push({ path, fresh: median50(fresh), kept: median50(kept), cold: [] });
  }
  for (let round = 0; round < COLD_ROUNDS; round += 1) {
    await new Promise((resolve) => setTimeout(resolve, KEPT_ANSWER_TTL_MS + 500));
    for (const row of rows)
      row.cold.push(await timePage(origin, 'localhost', `${row.path}?bench=cold-${round}`));
  }
  return rows.map((row) => ({ ...row, cold: median50(row.cold) }));
}

/** A sealer of the demo member's login for `host`: each call seals a fresh body. */
async function demoLogin(origin, host) {
  const { body: keyAnswer } = await request(origin, host, 'GET', `/wps/session/key/rsa?_=${Date.now()}`);
  const key = keyAnswer.value;
  const publicKey = await importRsaPublicKey(key.publicKey);
  const payload = {
    type: 'username',
    username: 'demo',
    password: DEMO_PASSWORD,
    loginDeviceId: 'bench-login-device',
    isOfficialAppLogin: false,
  };
  return async () => {
    const sealed = await sealPayload(publicKey, key.keyId, 'POST', LOGIN, payload);
    return () =>
      request(
        origin,
        host,
        'POST',
        LOGIN,
        { 'content-type': 'application/json', ...sealed.headers },
        JSON.stringify(sealed.body),
      );
  };
}

function loginValue(answer) {
  if (answer.status !== 200 || answer.body.success !== true) {
    throw new Error(`login answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return answer.body.value;
}

/** The demo member's session token on `host` (a merchant without a login captcha). */
export async function demoToken(origin, host = LOGIN_HOST) {
  const seal = await demoLogin(origin, host);
  return loginValue(await (await seal())()).token;
}

/** Logins one at a time, each with a freshly sealed body; the sealing is not timed. */
export async function timeLogins(origin, count) {
  const seal = await demoLogin(origin, LOGIN_HOST);
  const times = [];
  // Two first logins warm the route and the hasher and are not counted.
  for (let index = 0; index < count + 2; index += 1) {
    const send = await seal();
    const started = performance.now();
    const answer = await send();
    const elapsed = performance.now() - started;
    loginValue(answer);
    if (index >= 2) times.push(elapsed);
  }
  times.sort((a, b) => a - b);
  return {
    p50: times[Math.floor((times.length - 1) / 2)],
    max: times.at(-1),
  };
}
