import { endpoints, type EndpointName } from '@wps/contract/endpoints';
import type { EndpointFacts } from '@wps/contract/endpoints/define';
import type { WpsFailure } from '@wps/contract/envelope';
import { endpointSchemas } from '@wps/contract/endpointSchemas';
import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client.js';
import {
  collectedEvents,
  customers,
  customerSessions,
  demoGameRounds,
  demoGameSessions,
  favouriteGames,
  gameLaunchTickets,
  memberMessages,
  outboxMessages,
  pendingLogins,
  recentGames,
  recoveryCodes,
  verificationCodes,
} from '../db/schema/index.js';
import { backends, useTestApp } from '../test/test-app.js';

/** What a request may change for a member; throttles and rate-limit counters are meant to move. */
const WATCHED: PgTable[] = [
  collectedEvents,
  customers,
  customerSessions,
  verificationCodes,
  outboxMessages,
  pendingLogins,
  memberMessages,
  recoveryCodes,
  favouriteGames,
  recentGames,
  gameLaunchTickets,
  demoGameSessions,
  demoGameRounds,
];

async function rowCounts(db: Db): Promise<number[]> {
  return Promise.all(
    WATCHED.map(async (table) => (await db.select({ value: count() }).from(table))[0]?.value ?? 0),
  );
}

// ---- generators ---------------------------------------------------------------------------------

/** Text a database cannot store, or that no field takes. */
const hostileText = fc.oneof(
  fc.constant('a\u0000b'),
  fc.constant('\uD800'),
  fc.constant('x\uDFFFy'),
  fc.string({ minLength: 1 }).map((text) => `${text}\u0000`),
  fc.constant('x'.repeat(70_000)),
);
const deep = fc.integer({ min: 17, max: 3_000 }).map((depth) => `${'['.repeat(depth)}1${']'.repeat(depth)}`);
const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constant(1e308),
  fc.constant(-0),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.integer(), { maxKeys: 3 }),
);

/** The names an endpoint's schema knows, so bad values land on real fields. */
function fieldsOf(name: EndpointName): string[] {
  const schema = endpointSchemas[name] as unknown as {
    shape?: Record<string, unknown>;
    unwrap?: () => unknown;
  };
  const shape = schema.shape ?? (schema.unwrap?.() as { shape?: Record<string, unknown> } | undefined)?.shape;
  const names = shape === undefined ? [] : Object.keys(shape);
  // A call without input still gets the hostile values, under a name it does not know.
  return names.length > 0 ? names : ['value'];
}

/** A JSON body that is bad for sure: a hostile leaf somewhere, deep nesting, or not an object. */
function badBody(name: EndpointName): fc.Arbitrary<string> {
  const field = fc.constantFrom(...fieldsOf(name));
  return fc.oneof(
    fc.tuple(field, hostileText).map(([key, text]) => JSON.stringify({ [key]: text })),
    fc.tuple(field, hostileText).map(([key, text]) => JSON.stringify({ nested: { [key]: [text] } })),
    fc.tuple(field, deep).map(([key, nested]) => `{"${key}":${nested}}`),
    fc.tuple(field).map(([inner]) => `{"__proto__":{"${inner}":1}}`),
    fc.tuple(field).map(([inner]) => `{"constructor":{"prototype":{"${inner}":1}}}`),
    fc.constantFrom('[]', '"text"', '1', 'null', '{', '{"a":}', ''),
  );
}

/** A JSON body that may or may not pass: real field names with values of any type. */
function anyBody(name: EndpointName): fc.Arbitrary<string> {
  return fc
    .dictionary(fc.constantFrom(...fieldsOf(name)), wrongType, { maxKeys: 6 })
    .map((body) => JSON.stringify(body));
}

/**
 * A query that is bad for sure: a NUL in a value or a name, known or not. (A query's unknown names
 * are ignored by design, and `%zz` or a repeated name are only ever text.)
 */
function badQuery(name: EndpointName): fc.Arbitrary<string> {
  const field = fc.constantFrom(...fieldsOf(name), '__proto__', 'constructor');
  return fc.oneof(
    fc
      .tuple(field, fc.constantFrom('%00', 'a%00b', '%00%00', 'x%00'.repeat(50)))
      .map(([key, value]) => `${key}=${value}`),
    fc
      .tuple(field, fc.string({ maxLength: 10 }))
      .map(([key, value]) => `${key}%00=${encodeURIComponent(value)}`),
    fc
      .tuple(field, fc.integer({ min: 2, max: 50 }))
      .map(([key, times]) => [...Array<string>(times).fill(`${key}=1`), `${key}=%00`].join('&')),
  );
}

function anyQuery(name: EndpointName): fc.Arbitrary<string> {
  return fc
    .dictionary(
      fc.constantFrom(...fieldsOf(name)),
      fc.oneof(fc.string({ maxLength: 20 }), fc.integer().map(String)),
      {
        maxKeys: 5,
      },
    )
    .map((query) => new URLSearchParams(query).toString());
}

const RUNS = 12;
const table = Object.entries(endpoints) as [EndpointName, EndpointFacts][];

describe.each(backends)('every /wps endpoint under generated bad input (%s)', (backend) => {
  // Development mode: the outbox endpoints exist only there.
  const t = useTestApp(backend, { config: { devMode: true } });

  async function send(endpoint: EndpointFacts, input: string) {
    return endpoint.method === 'GET'
      ? t.app.inject({ method: 'GET', url: `${endpoint.path}?${input}`, headers: { host: 'localhost' } })
      : t.app.inject({
          method: 'POST',
          url: endpoint.path,
          headers: { host: 'localhost', 'content-type': 'application/json' },
          payload: input,
        });
  }

  it.each(table)(
    '%s: a bad input is always a 4xx with an errorCode, and writes nothing',
    async (name, endpoint) => {
      const before = await rowCounts(t.db);
      await fc.assert(
        fc.asyncProperty(endpoint.method === 'GET' ? badQuery(name) : badBody(name), async (input) => {
          const response = await send(endpoint, input);
          expect(response.statusCode, input.slice(0, 80)).toBeGreaterThanOrEqual(400);
          expect(response.statusCode, input.slice(0, 80)).toBeLessThan(500);
          expect((response.json() as WpsFailure).errorCode).toEqual(expect.any(String));
        }),
        { numRuns: RUNS },
      );
      expect(await rowCounts(t.db)).toEqual(before);
    },
  );

  it.each(table)('%s: any typed-wrong input is never a 5xx', async (name, endpoint) => {
    await fc.assert(
      fc.asyncProperty(endpoint.method === 'GET' ? anyQuery(name) : anyBody(name), async (input) => {
        const response = await send(endpoint, input);
        expect(response.statusCode, input.slice(0, 80)).toBeLessThan(500);
        if (response.statusCode >= 400) {
          expect((response.json() as WpsFailure).errorCode).toEqual(expect.any(String));
        }
      }),
      { numRuns: RUNS },
    );
  });
});
