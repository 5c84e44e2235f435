import type { BindCustomerRequired, SocialProvider } from '@wps/contract/social';
import { createStore } from '@/state/createStore';

/**
 * A social sign-in that matched no account, waiting for the member's choice in the confirm dialog:
 * log in to an existing account (the login sends the bind token) or register a new one (the
 * registration sends it, with FIREBASECREATEACC3 on). Kept in memory for this page only; it goes when
 * used, cancelled or expired.
 */
export interface PendingBind {
  provider: SocialProvider;
  displayName: string | null;
  /** Null when the server answered not.exists.user without a bind token. */
  bindToken: string | null;
  /** The provider's own proof, for a registration without a bind token (spec section 3). */
  social: {
    firebaseChannel2?: string;
    firebaseIdToken2?: string;
    lineSessionToken?: string;
    telegramAuth?: string;
  };
  /** ms since the epoch after which the bind token is no longer valid. */
  expiresAt: number;
  /** The member chose to link it (the dialog's Log in and link / Register): the forms carry it. */
  chosen?: boolean;
}

export const pendingBindStore = createStore<PendingBind | null>(null);

/** The pending bind the member chose to link, if it has not expired (an expired one is dropped). */
export function currentPendingBind(now = Date.now()): PendingBind | null {
  const pending = pendingBindStore.get();
  if (pending !== null && now >= pending.expiresAt) {
    pendingBindStore.set(null);
    return null;
  }
  return pending?.chosen ? pending : null;
}

/** The member chose to link the pending sign-in (to the account they log in to, or a new one). */
export function choosePendingBind(): void {
  const pending = pendingBindStore.get();
  if (pending !== null && !pending.chosen) pendingBindStore.set({ ...pending, chosen: true });
}

export function clearPendingBind(): void {
  pendingBindStore.set(null);
}

export function isBindCustomerRequired(value: unknown): value is BindCustomerRequired {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.bindToken === 'string' &&
    /^[A-Za-z0-9_-]{16,128}$/.test(record.bindToken) &&
    typeof record.provider === 'string' &&
    (record.displayName === null || typeof record.displayName === 'string') &&
    typeof record.expiresIn === 'number'
  );
}

/** The registration fields of a pending bind: the bind token when there is one, else the proof. */
export function registrationFieldsOf(pending: PendingBind | null): Record<string, string> {
  if (pending === null) return {};
  if (pending.bindToken !== null) return { bindToken: pending.bindToken };
  return Object.fromEntries(
    Object.entries(pending.social).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
