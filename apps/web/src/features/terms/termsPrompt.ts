import { TrustErrorCode } from '@wps/contract/trust';
import { call } from '@/api/call';
import { WpsError } from '@/api/errors';
import { signOut } from '@/features/signOut';
import { openDialog } from '@/ui/notices';

/** The terms page; a new tab, so the dialog (and the page under it) stays. */
export const TERMS_PAGE = '/m/legal/terms';

let prompting: Promise<void> | null = null;

/**
 * New terms to accept before anything else (issue 29): a blocking dialog through the one modal
 * primitive (ui/DialogHost) with the terms linked, Accept or Log out. Accepting records the version
 * on the server; a newer version published meanwhile is asked for in turn. One prompt at a time:
 * the sign-in and the member info may both ask.
 */
export function promptTerms(version: number, accept = acceptTerms): Promise<void> {
  prompting ??= ask(version, accept).finally(() => {
    prompting = null;
  });
  return prompting;
}

/** The catalogue shows what a failure shows (a lost session, no network); a newer version re-asks. */
function acceptTerms(version: number): Promise<null> {
  return call('termsAccept', { version });
}

async function ask(first: number, accept: (version: number) => Promise<null>): Promise<void> {
  let version = first;
  for (;;) {
    const accepted = await openDialog(
      'confirm',
      { key: 'terms_dialog_title' },
      { key: 'terms_dialog_message' },
      { confirm: { key: 'terms_dialog_accept' }, cancel: { key: 'auth_logout' } },
      { blocking: true, link: { href: TERMS_PAGE, label: { key: 'legal_terms_read' } } },
    );
    if (!accepted) {
      await signOut('logout');
      return;
    }
    try {
      await accept(version);
      return;
    } catch (caught) {
      const newer =
        caught instanceof WpsError && caught.errorCode === TrustErrorCode.TERMS_REQUIRED
          ? (caught.data as { version?: unknown } | null | undefined)?.version
          : undefined;
      if (typeof newer === 'number' && newer > 0) {
        version = newer;
        continue;
      }
      // Anything else was the catalogue's to show (the call's own handling); a lost session ends here,
      // else the terms are asked again.
      if (!(caught instanceof WpsError) || caught.status === 401) return;
    }
  }
}
