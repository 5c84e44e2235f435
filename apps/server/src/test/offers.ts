import type { FastifyInstance } from 'fastify';
import { staffCall } from './chat.js';
import { AURORA } from './accounts.js';

/** A staff call's status and its answer's value or error code (the back office's offers tests). */
export async function offersCall<T>(
  app: FastifyInstance,
  cookie: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  host = AURORA,
): Promise<{ status: number; value: T; errorCode: string | undefined }> {
  const response = await staffCall(app, method, path, cookie, body, host);
  const answer = response.json<{ value?: T; errorCode?: string }>();
  return { status: response.statusCode, value: answer.value as T, errorCode: answer.errorCode };
}

export const text = (title: string) => ({
  title,
  content: `${title} in short`,
  richContent: null,
  terms: null,
});

/** A promotion's input: live since 2026 unless told. */
export function promotionInput(overrides: Record<string, unknown> = {}) {
  return {
    category: null,
    position: 5,
    startsAt: '2026-01-01T00:00:00.000Z',
    endsAt: null,
    texts: { EN: text('Spring reload'), TH: text('โบนัสฤดูใบไม้ผลิ') },
    ...overrides,
  };
}

export function promoCodeInput(overrides: Record<string, unknown> = {}) {
  return {
    code: 'SPRING-2026',
    promotionId: null,
    startsAt: '2026-01-01T00:00:00.000Z',
    endsAt: null,
    maxClaims: null,
    bonusOffer: null,
    ...overrides,
  };
}
