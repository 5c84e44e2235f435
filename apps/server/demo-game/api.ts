/**
 * The demo page's calls of its game server (a module of its own, imported by game.ts): the /wps-style
 * envelope read back into a value or a GameError, and the play token kept in sessionStorage.
 */
import type { WpsResponse } from '@wps/contract/envelope';

export class GameError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const STORAGE_KEY = 'wps-demo-game-play-token';

export function storedToken(): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeToken(token: string | null): void {
  try {
    if (token === null) sessionStorage.removeItem(STORAGE_KEY);
    else sessionStorage.setItem(STORAGE_KEY, token);
  } catch {
    // Storage refused (private mode): the session lasts as long as the page.
  }
}

export async function call<T>(path: string, playToken: string | null, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (playToken !== null) headers['authorization'] = playToken;
  let response: Response;
  try {
    response = await fetch(path, {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch {
    throw new GameError(
      0,
      'network',
      'The game server cannot be reached. Check your connection and try again.',
    );
  }
  let envelope: WpsResponse<T>;
  try {
    envelope = (await response.json()) as WpsResponse<T>;
  } catch {
    throw new GameError(response.status, 'unknown', 'The game server did not answer. Please try again.');
  }
  if (!envelope.success) {
    throw new GameError(
      response.status,
      envelope.errorCode || 'unknown',
      envelope.message || 'Something went wrong. Please try again.',
    );
  }
  if (!response.ok || envelope.value === undefined) {
    throw new GameError(response.status, 'unknown', 'Something went wrong. Please try again.');
  }
  return envelope.value;
}
