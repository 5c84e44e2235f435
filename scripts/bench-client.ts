// Client overhead per /wps request, in microseconds: what the web app's api module itself costs
// on top of the network. Run with `npm run bench:client`. Prints figures; never fails on a time.
//
//   - sealing a login-sized payload (AES-256-GCM + RSA-OAEP 2048 + SHA-256, Web Crypto)
//   - an encrypted POST through the client (key cached, mock fetch)
//   - one rate-limiter decision
//   - a cache hit through the client
//   - an uncached GET through the client (mock fetch: headers, limiter, queue, envelope)
//
// The web modules import `@wps/contract/<module>`, which Node resolves to packages/contract/dist:
// the contract is built first.
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';

const build = spawnSync('npm', ['run', 'build', '-w', 'packages/contract'], { stdio: 'ignore' });
if (build.status !== 0) {
  console.error('Building packages/contract failed: run `npm run build -w packages/contract` to see why.');
  process.exit(1);
}

const { sealPayload, importRsaPublicKey, toBase64 } = await import('@wps/contract/payloadCrypto');
const { endpoints } = await import('@wps/contract/endpoints');
const { createClient } = await import('../apps/web/src/api/request.js');
const { createRateLimiter } = await import('../apps/web/src/api/rateLimiter.js');

interface Figure {
  name: string;
  iterations: number;
  microseconds: number;
}

async function measure(name: string, iterations: number, run: (index: number) => unknown): Promise<Figure> {
  // `run` gets a new number on every call, warm-up included: the uncached GET uses it to make each
  // URL new, or the rate limiter would rightly space the repeats.
  let counter = 0;
  for (let index = 0; index < Math.min(50, iterations); index++) await run(counter++); // warm up
  const start = performance.now();
  for (let index = 0; index < iterations; index++) await run(counter++);
  const microseconds = ((performance.now() - start) * 1000) / iterations;
  return { name, iterations, microseconds };
}

const pair = await crypto.subtle.generateKey(
  { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
  true,
  ['encrypt', 'decrypt'],
);
const spki = toBase64(new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey)));
const publicKey = await importRsaPublicKey(spki);

/** A login payload of the size the login screen sends (spec section 3 fields). */
const login = {
  userName: 'member_0123456789',
  password: 'S3cret-Passw0rd!',
  loginDeviceId: '3f2b6c1e-8d4a-4f6b-9c2d-7e1a5b9c0d3f',
  device: 'PWA',
  isOfficialAppLogin: false,
  captchaValidate: {
    geetest_challenge: 'c'.repeat(34),
    geetest_validate: 'v'.repeat(32),
    geetest_seccode: 's'.repeat(40),
  },
  domain: 'aurora.example.com',
  registerUrl: 'https://aurora.example.com/m/register?affiliateCode=AFF42',
};

const ok = (value: unknown) =>
  new Response(JSON.stringify({ success: true, value }), { headers: { 'Content-Type': 'application/json' } });

const context = () => ({
  merchantCode: () => 'aurora',
  language: () => 'EN',
  token: () => 'bench-token',
  userAgent: () => 'Mozilla/5.0 (Linux; Android 14; Pixel 7) bench',
});

const keyAnswer = {
  keyId: 'bench',
  publicKey: spki,
  algorithm: 'RSA-OAEP-256',
  expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
};

const client = createClient({
  context,
  fetch: async (url) => ok(url.startsWith(endpoints.sessionKey.path) ? keyAnswer : { accepted: true }),
});
await client.get(endpoints.country.path); // fills the cache

const limiter = createRateLimiter();
const paths = Array.from({ length: 50 }, (_, index) => `/wps/relay/GCSGAME_gameList?category=${index}`);

const figures = [
  await measure('seal a login payload (AES-256-GCM + RSA-OAEP 2048)', 2_000, () =>
    sealPayload(publicKey, 'bench', 'POST', endpoints.login.path, login),
  ),
  await measure('encrypted POST through the client (key cached, mock fetch)', 2_000, () =>
    client.post(endpoints.login.path, login, { encrypt: true }),
  ),
  await measure('rate-limiter decision', 200_000, (index) =>
    limiter.reserve(paths[index % paths.length] ?? ''),
  ),
  await measure('cache hit through the client', 100_000, () => client.get(endpoints.country.path)),
  await measure('uncached GET through the client (mock fetch)', 20_000, (index) =>
    client.get('/wps/member/info', { query: { i: index } }),
  ),
  // The mock's own share of the rows above: building the Response and reading its body.
  await measure('baseline: the mock answer alone (Response + body read)', 20_000, () =>
    ok({ accepted: true }).text(),
  ),
];
limiter.reset();

const width = Math.max(...figures.map((figure) => figure.name.length));
console.info(`Client overhead per request (Node ${process.version}, mean over the iterations):`);
for (const figure of figures) {
  const value = figure.microseconds < 10 ? figure.microseconds.toFixed(2) : figure.microseconds.toFixed(1);
  console.info(`  ${figure.name.padEnd(width)}  ${value.padStart(8)} µs  (${figure.iterations} runs)`);
}
// The client's cache and limiter timers would keep the process alive for minutes.
process.exit(0);
