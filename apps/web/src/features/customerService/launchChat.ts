import { AppPath } from '@wps/contract/routes';
import { isChatPath, type CheckedCustomerServiceEntry } from '@wps/contract/customerService';
import { call } from '@/api/call';
import { safeGoTarget } from '@/lib/navigation';

/** The longest title CBS_launchChat takes. */
const TITLE_MAX_LENGTH = 60;

/** The back address the chat may take: an in-app path only (no open redirect), else none. */
export function chatBackUrl(backUrl: string | null | undefined): string | undefined {
  return safeGoTarget(backUrl) ?? undefined;
}

/** The chat's own address, built here when the launch call cannot answer (offline, refused). */
export function localChatAddress(entry: CheckedCustomerServiceEntry, backUrl: string | undefined): string {
  const [, search = ''] = entry.path.split('?');
  const params = new URLSearchParams(search);
  const title = params.get('title')?.trim().slice(0, TITLE_MAX_LENGTH);
  const query = new URLSearchParams();
  if (title) query.set('title', title);
  if (backUrl !== undefined) query.set('backUrl', backUrl);
  const text = query.toString();
  return `${AppPath.supportChat}${text === '' ? '' : `?${text}`}`;
}

/**
 * Where a CHAT entry opens (spec section 7): the address `CBS_launchChat` answers for the entry's
 * title, the back address (an in-app path only) and the interface language. The answer is checked
 * too: anything but the chat's own in-app address is replaced by the locally built one.
 */
export async function chatAddress(
  entry: CheckedCustomerServiceEntry,
  options: { backUrl?: string | null; language?: string },
): Promise<string> {
  const backUrl = chatBackUrl(options.backUrl);
  const local = localChatAddress(entry, backUrl);
  const title = new URLSearchParams(entry.path.split('?')[1] ?? '').get('title')?.trim();
  try {
    const { url } = await call(
      'launchChat',
      {
        ...(title ? { title: title.slice(0, TITLE_MAX_LENGTH) } : {}),
        ...(backUrl === undefined ? {} : { backUrl }),
        ...(options.language === undefined ? {} : { language: options.language }),
      },
      { handleErrors: false },
    );
    const checked = safeGoTarget(url);
    return checked !== null && isChatPath(checked) ? checked : local;
  } catch {
    return local;
  }
}
