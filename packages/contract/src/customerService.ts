/**
 * Customer-service entries (spec sections 3, 4, 5 and 6): which kinds a merchant configures, where
 * they are shown, which link is acceptable and which entries a member sees. Pure: the server checks
 * the entries it answers with these rules and the web checks them again before showing one.
 */

/**
 * What an entry opens.
 * - `CHAT`: the product's own live chat. Its path is the chat's in-app address (`/m/supportChat`,
 *   optionally with a `title`); the web asks `CBS_launchChat` for the address to open.
 * - `LINK`: any other support page: an http(s) address (opened in a new tab) or an in-app path.
 */
export const CS_TYPES = ['CHAT', 'LINK'] as const;
export type CsType = (typeof CS_TYPES)[number];

/**
 * Where an entry is shown.
 * - `FLOATING`: a round button over every app page (not on the chat itself).
 * - `HOME`: the member home's quick links (and the invite-friends page's customer service).
 * - `HEADER`: a button in the app's header.
 * - `MAINTENANCE`: the maintenance and access-denied page's Contact Us.
 */
export const CS_POSITIONS = ['FLOATING', 'HOME', 'HEADER', 'MAINTENANCE'] as const;
export type CsPosition = (typeof CS_POSITIONS)[number];

/** The in-app address of the built-in chat; a CHAT entry's path must be this (with a query or not). */
export const CS_CHAT_PATH = '/m/supportChat';

export function isCsType(value: unknown): value is CsType {
  return typeof value === 'string' && (CS_TYPES as readonly string[]).includes(value);
}

export function isCsPosition(value: unknown): value is CsPosition {
  return typeof value === 'string' && (CS_POSITIONS as readonly string[]).includes(value);
}

/** Whitespace, control characters and backslashes: browsers drop or rewrite them in addresses. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const UNSAFE_CHARACTERS = /[\s\\\u0000-\u001f\u007f]/;
/** Once decoded (code that decodes before navigating): control characters and backslashes. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const UNSAFE_DECODED = /[\\\u0000-\u001f\u007f]/;

function decodedOrNull(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** A path of this site: one leading slash, nothing a browser could read as another host. */
export function isSitePath(value: string): boolean {
  const decoded = decodedOrNull(value);
  if (decoded === null) return false;
  return (
    value.startsWith('/') &&
    !value.startsWith('//') &&
    !UNSAFE_CHARACTERS.test(value) &&
    !decoded.startsWith('//') &&
    !UNSAFE_DECODED.test(decoded)
  );
}

/**
 * A customer-service link (spec section 5): a valid http(s) address without credentials, or a path
 * of this site. Returns the link to use, or null (javascript:, data:, protocol-relative, backslash
 * tricks, control characters, malformed).
 */
export function customerServiceLink(value: string): string | null {
  if (typeof value !== 'string' || value === '' || value.length > 2048) return null;
  if (isSitePath(value)) return value;
  if (UNSAFE_CHARACTERS.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username !== '' || url.password !== '' || url.hostname === '') return null;
  return url.href;
}

/** Whether a CHAT entry's path is the built-in chat's address. */
export function isChatPath(path: string): boolean {
  if (!isSitePath(path)) return false;
  const pathname = path.split(/[?#]/)[0];
  return pathname === CS_CHAT_PATH;
}

/** The shape an entry has once checked: the fields of `CustomerServiceEntry`, typed. */
export interface CheckedCustomerServiceEntry {
  path: string;
  csType: CsType;
  csPosition: CsPosition;
  labelIds: string[];
}

/**
 * The entry as it may be shown, or null: a known type and position, a usable link (a CHAT entry:
 * the built-in chat's address), label ids that are strings.
 */
export function checkCustomerServiceEntry(entry: {
  path: unknown;
  csType: unknown;
  csPosition: unknown;
  labelIds: unknown;
}): CheckedCustomerServiceEntry | null {
  if (!isCsType(entry.csType) || !isCsPosition(entry.csPosition)) return null;
  if (typeof entry.path !== 'string') return null;
  const link = customerServiceLink(entry.path.trim());
  if (link === null) return null;
  if (entry.csType === 'CHAT' && !isChatPath(link)) return null;
  const labelIds = Array.isArray(entry.labelIds) ? entry.labelIds : [];
  if (!labelIds.every((id): id is string => typeof id === 'string')) return null;
  return { path: link, csType: entry.csType, csPosition: entry.csPosition, labelIds };
}

/**
 * The entries a member sees at a position (spec sections 4 and 6): the usable entries of the
 * member's VIP label; when there are none (no label, an unknown label, or all of the label's entries
 * unusable), the usable entries without a label. Entries of other labels are never shown.
 */
export function selectCustomerService(
  entries: readonly { path: unknown; csType: unknown; csPosition: unknown; labelIds: unknown }[] | undefined,
  labelId: string | null | undefined,
  position: CsPosition,
): CheckedCustomerServiceEntry[] {
  const usable = (entries ?? [])
    .map(checkCustomerServiceEntry)
    .filter((entry): entry is CheckedCustomerServiceEntry => entry?.csPosition === position);
  const labelled =
    labelId === null || labelId === undefined || labelId === ''
      ? []
      : usable.filter((entry) => entry.labelIds.includes(labelId));
  return labelled.length > 0 ? labelled : usable.filter((entry) => entry.labelIds.length === 0);
}
