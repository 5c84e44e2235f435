import type { ContentStatus } from '@wps/contract/contentAdmin';
import type { TextKey } from '@/i18n/t';

/**
 * A window's instants as a `datetime-local` input holds them (the staff member's own time zone, to
 * the minute) and back to ISO 8601 for the server.
 */
export function toLocalInput(iso: string | null): string {
  if (iso === null) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** The ISO instant of a `datetime-local` value; null for an empty or unreadable one. */
export function fromLocalInput(value: string): string | null {
  if (value === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** Whether the window as typed closes after it opens (an open end always does). */
export function windowOk(startsAt: string | null, endsAt: string | null): boolean {
  if (startsAt === null) return false;
  return endsAt === null || Date.parse(endsAt) > Date.parse(startsAt);
}

export const STATUS_TEXT: Record<ContentStatus, TextKey> = {
  scheduled: 'content_status_scheduled',
  live: 'content_status_live',
  ended: 'content_status_ended',
};

/** An instant for a list, in the staff member's locale; "never" for an open end. */
export function shownInstant(iso: string | null, never: string): string {
  if (iso === null) return never;
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
