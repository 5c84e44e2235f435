import { LazyStorageKey } from '@/platform/lazyStorageKeys';
import { CHAT_CLIENT_ID_MAX_LENGTH, CHAT_MESSAGE_MAX_LENGTH } from '@wps/contract/chat';
import { localStore } from '@/platform/storage';
import { getMerchantCode } from '@/state/merchant';
import { getSession } from '@/state/session';

/** A message written but not yet stored by the server, kept across reloads with its client id. */
export interface OutboxEntry {
  clientId: string;
  body: string;
  attachmentId: string | null;
  createdAt: string;
}

/** The most messages one identity's outbox keeps (the oldest go first beyond it). */
export const OUTBOX_MAX_ENTRIES = 50;

const CLIENT_ID = new RegExp(`^[A-Za-z0-9_-]{1,${CHAT_CLIENT_ID_MAX_LENGTH}}$`);
const ATTACHMENT_ID = /^[A-Za-z0-9_-]{22}$/;

/**
 * Whose outbox: the merchant, then the member (by user id) or the visitor (by the server's visitor
 * id; `v:` alone before the server gave one). Another merchant or another person is another box.
 */
export function outboxIdentity(
  merchantCode: string,
  who: { memberId: string } | { visitorId: string | null },
): string {
  return 'memberId' in who ? `${merchantCode}|m:${who.memberId}` : `${merchantCode}|v:${who.visitorId ?? ''}`;
}

function isEntry(value: unknown): value is OutboxEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.clientId === 'string' &&
    CLIENT_ID.test(entry.clientId) &&
    typeof entry.body === 'string' &&
    entry.body.length <= CHAT_MESSAGE_MAX_LENGTH &&
    (entry.attachmentId === null ||
      (typeof entry.attachmentId === 'string' && ATTACHMENT_ID.test(entry.attachmentId))) &&
    (entry.body.trim() !== '' || entry.attachmentId !== null) &&
    typeof entry.createdAt === 'string' &&
    entry.createdAt.length <= 40
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readAll(): Record<string, unknown> {
  return localStore.getJSON(LazyStorageKey.chatOutbox, isRecord) ?? {};
}

/** The identity's waiting messages, oldest first; anything malformed in storage is skipped. */
export function readOutbox(identity: string): OutboxEntry[] {
  const list = readAll()[identity];
  if (!Array.isArray(list)) return [];
  const seen = new Set<string>();
  const entries: OutboxEntry[] = [];
  for (const value of list) {
    if (!isEntry(value) || seen.has(value.clientId)) continue;
    seen.add(value.clientId);
    entries.push({
      clientId: value.clientId,
      body: value.body,
      attachmentId: value.attachmentId,
      createdAt: value.createdAt,
    });
  }
  return entries.slice(-OUTBOX_MAX_ENTRIES);
}

/** Replaces the identity's waiting messages (none: its box goes). */
export function writeOutbox(identity: string, entries: readonly OutboxEntry[]): void {
  const all = readAll();
  if (entries.length === 0 && !(identity in all)) return;
  const next = Object.fromEntries(Object.entries(all).filter(([key]) => key !== identity));
  if (entries.length > 0) next[identity] = entries.slice(-OUTBOX_MAX_ENTRIES);
  if (Object.keys(next).length === 0) localStore.remove(LazyStorageKey.chatOutbox);
  else localStore.setJSON(LazyStorageKey.chatOutbox, next);
}

/** Takes the identity's box away (a visitor's, carried over to the member who logs in). */
export function takeOutbox(identity: string): OutboxEntry[] {
  const entries = readOutbox(identity);
  writeOutbox(identity, []);
  return entries;
}

/**
 * The chat client's outbox: the box of who is chatting now (the member of the session, by user id,
 * or this device's visitor), written only when its messages changed.
 */
export class ChatOutbox {
  /** Whose box is open (null until the client starts, and after a logout). */
  private key: string | null = null;
  private saved = '';

  constructor(private readonly token: () => string | null) {}

  /** Who is chatting now: the member of the session (by user id) or this device's visitor. */
  private identity(): string {
    const merchant = getMerchantCode() ?? '';
    if (this.token() !== null) {
      const session = getSession();
      return outboxIdentity(merchant, { memberId: session?.id || 'token' });
    }
    return outboxIdentity(merchant, { visitorId: localStore.getString(LazyStorageKey.chatVisitor) });
  }

  /**
   * Opens the box of who is chatting now and answers its messages (null: that box is open already).
   * A member who was a visitor on this device takes the visitor's (the server moves the visitor's
   * conversation to the member).
   */
  open(): OutboxEntry[] | null {
    const key = this.identity();
    if (this.key === key) return null;
    this.key = key;
    const entries = readOutbox(key);
    if (this.token() !== null) {
      const merchant = getMerchantCode() ?? '';
      const visitor = localStore.getString(LazyStorageKey.chatVisitor);
      if (visitor !== null) entries.push(...takeOutbox(outboxIdentity(merchant, { visitorId: visitor })));
      entries.push(...takeOutbox(outboxIdentity(merchant, { visitorId: null })));
    }
    this.saved = '';
    return entries;
  }

  /** Keeps the pending messages in the open box (written only when they changed). */
  save(entries: readonly OutboxEntry[]): void {
    if (this.key === null) return;
    const text = JSON.stringify(entries);
    if (text === this.saved) return;
    this.saved = text;
    writeOutbox(this.key, entries);
  }

  /** The server gave this device a visitor id: a new visitor's first messages move to its box. */
  followVisitor(): void {
    const key = this.identity();
    if (this.key !== null && this.key !== key) {
      writeOutbox(this.key, []);
      this.key = key;
      this.saved = '';
    }
  }

  /** No box is open: the next `open` reads who is chatting then. */
  close(): void {
    this.key = null;
  }

  /** Logout: no box open, nothing remembered as written. */
  forget(): void {
    this.key = null;
    this.saved = '';
  }
}
