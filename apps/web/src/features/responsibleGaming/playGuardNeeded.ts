import { fetchPlaySession } from '@/api/endpoints/trust';

/**
 * Whether a game must run inside the app (issue 29 item 5): with a reality check or a session-time
 * limit, the app keeps the game in a frame so the check can show over it. Without either, or when
 * the session's settings cannot be read, the game opens as its own page as before (the server still
 * ends a session at its limit).
 */
export async function playGuardNeeded(): Promise<boolean> {
  try {
    const view = await fetchPlaySession();
    return view.realityCheckMinutes !== null || view.endsAt !== null;
  } catch {
    return false;
  }
}
