import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app.js';
import { expect } from 'vitest';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/raw.js';
import { vi } from '../i18n/messages/vi.js';
import { AURORA, value } from './accounts.js';
import { staffCall, staffSignerOn } from './chat.js';
import type { TestClock } from './clock.js';

/** What the time-out and self-exclusion tests (routes/trust/breaks-*.test.ts) share. */

export type BreakKind = 'time_out' | 'self_exclusion';
export type Language = 'EN' | 'VI';

/** The break each kind's cases take: a day's time-out, a self-exclusion for good. */
export const DURATION: Record<BreakKind, string> = { time_out: '24h', self_exclusion: 'permanent' };

/** The merchant's compliance staff put `customerId` on a break (every session of the member ends). */
export function staffBreaks(clock: TestClock) {
  const signIn = staffSignerOn(clock);
  const cookies = new Map<string, string>();
  return async (app: FastifyInstance, host: string, customerId: number, kind: BreakKind): Promise<void> => {
    let cookie = cookies.get(host);
    if (cookie === undefined) {
      cookie = await signIn(app, host === AURORA ? 'aurora-compliance' : 'lotus-compliance', host);
      cookies.set(host, cookie);
    }
    value(
      await staffCall(
        app,
        'POST',
        'rg/break',
        cookie,
        { customerId, kind, duration: DURATION[kind], reason: 'Asked by the member on the phone' },
        host,
      ),
    );
  };
}

const ENGLISH: Record<BreakKind, string> = {
  time_out: 'You are taking a break from playing on this site.',
  self_exclusion: 'You have excluded yourself from playing on this site.',
};

/** The `Language` header of a case (none: the English default). */
export const languageHeader = (language: Language): Record<string, string> =>
  language === 'EN' ? {} : { language };

/**
 * A refusal as the member's client reads it: 403 rg_break_active, the sentence in the request's
 * language, the kind, the end (by default: a time-out's, or null for a permanent self-exclusion)
 * and where to get help.
 */
export function expectBreakRefusal(
  response: LightMyRequestResponse,
  kind: BreakKind,
  language: Language,
  until: unknown = kind === 'time_out' ? expect.stringMatching(/^\d{4}-\d\d-\d\dT/) : null,
): void {
  expect(response.statusCode).toBe(403);
  const body = response.json() as { success: boolean; errorCode: string; message: string; data: unknown };
  expect(body).toMatchObject({
    success: false,
    errorCode: 'rg_break_active',
    // English is the service's own sentence for the kind; another language is the catalogue's.
    message: language === 'VI' ? vi.rg_break_active : ENGLISH[kind],
    data: {
      kind,
      until,
      helpLines: expect.arrayContaining([
        expect.objectContaining({ name: 'Gambling Therapy', url: 'https://www.gamblingtherapy.org' }),
      ]),
    },
  });
}

/** The member's sessions, ended or not: a refused sign-in adds none. */
export async function sessionCount(db: Db, customerId: number): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM customer_sessions WHERE customer_id = ${customerId}`,
  );
  return row?.n ?? 0;
}

/** A member ready on one sign-in path: who, where, and the sign-in to try once the break runs. */
export interface Prepared {
  customerId: number;
  host: string;
  /** Staff put the member on the break (false: the member took it while being prepared). */
  byStaff: boolean;
  attempt: (headers: Record<string, string>) => Promise<LightMyRequestResponse>;
}

/** The break begins (unless the member took it), then the path's sign-in refuses and opens no session. */
export async function expectPathRefused(
  t: TestApp,
  putOnBreak: ReturnType<typeof staffBreaks>,
  prepared: Prepared,
  kind: BreakKind,
  language: Language,
): Promise<void> {
  if (prepared.byStaff) await putOnBreak(t.app, prepared.host, prepared.customerId, kind);
  const sessions = await sessionCount(t.db, prepared.customerId);
  expectBreakRefusal(await prepared.attempt(languageHeader(language)), kind, language);
  expect(await sessionCount(t.db, prepared.customerId)).toBe(sessions);
}
