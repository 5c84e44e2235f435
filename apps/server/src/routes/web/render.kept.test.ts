import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { KEPT_ANSWER_TTL_MS, inProcessFetch, keptAnswers } from './render.js';

/** Routes that count how often they are asked, each with the cache policy its name says. */
let asked = 0;
let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  const answer =
    (cacheControl: string | null, status = 200) =>
    async (
      _request: unknown,
      reply: { header: (n: string, v: string) => void; status: (s: number) => void },
    ) => {
      asked += 1;
      if (cacheControl !== null) reply.header('cache-control', cacheControl);
      reply.status(status);
      return { value: asked };
    };
  app.get('/public', answer('public, max-age=60'));
  app.get('/public-short', answer('public, max-age=5'));
  app.get('/no-store', answer('no-store'));
  app.get('/private', answer('private, max-age=60'));
  app.get('/none', answer(null));
  app.get('/public-404', answer('public, max-age=60', 404));
  app.post('/public', answer('public, max-age=60'));
  await app.ready();
});
afterAll(() => app.close());

let clock = 0;
let kept = keptAnswers(() => clock);
beforeEach(() => {
  asked = 0;
  clock = 0;
  kept = keptAnswers(() => clock);
});

const base = { Accept: 'application/json', Language: 'en', Merchant: 'aurora' };

async function ask(
  url: string,
  {
    host = 'aurora.example',
    method = 'GET',
    headers = base,
  }: { host?: string; method?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; value: number; cacheControl: string | null }> {
  const response = await inProcessFetch(app, host, kept)(url, { method, headers });
  const body = (await response.json()) as { value: number };
  return { status: response.status, value: body.value, cacheControl: response.headers.get('cache-control') };
}

describe('inProcessFetch with kept answers: the renderer as an HTTP cache', () => {
  it('a public answer is asked once and answered again alike, headers and all', async () => {
    const first = await ask('/public');
    const second = await ask('/public');
    expect(second).toEqual(first);
    expect(asked).toBe(1);
  });

  it.each([
    ['no-store', '/no-store'],
    ['private', '/private'],
    ['no cache policy', '/none'],
    ['public, but for less than the keeping time', '/public-short'],
    ['public, but not found', '/public-404'],
  ])('%s: asked every time', async (_name, url) => {
    await ask(url);
    await ask(url);
    expect(asked).toBe(2);
  });

  it.each([
    ['another host (another merchant)', { host: 'lotus.example' }],
    ['another language', { headers: { ...base, Language: 'vi' } }],
    ['another merchant header', { headers: { ...base, Merchant: 'lotus' } }],
    ['a member’s token', { headers: { ...base, Authorization: 'a-token' } }],
    ['a POST', { method: 'POST' }],
  ])('%s: not answered from the kept one', async (_name, other) => {
    await ask('/public');
    const answer = await ask('/public', other);
    expect(answer.value).toBe(2);
  });

  it('a call carrying a token is never kept for anyone', async () => {
    await ask('/public', { headers: { ...base, Authorization: 'a-token' } });
    await ask('/public');
    expect(asked).toBe(2);
  });

  it('Cache-Control: no-cache asks past the kept answer and keeps the new one', async () => {
    await ask('/public');
    const fresh = await ask('/public', { headers: { ...base, 'Cache-Control': 'no-cache' } });
    expect(fresh.value).toBe(2);
    expect((await ask('/public')).value).toBe(2);
  });

  it('kept for KEPT_ANSWER_TTL_MS, then asked again', async () => {
    await ask('/public');
    clock = KEPT_ANSWER_TTL_MS - 1;
    expect((await ask('/public')).value).toBe(1);
    clock = KEPT_ANSWER_TTL_MS;
    expect((await ask('/public')).value).toBe(2);
  });

  it('without a store, every call is asked', async () => {
    const fetcher = inProcessFetch(app, 'aurora.example');
    await fetcher('/public', { method: 'GET', headers: base });
    await fetcher('/public', { method: 'GET', headers: base });
    expect(asked).toBe(2);
  });
});
