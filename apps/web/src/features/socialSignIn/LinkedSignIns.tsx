import {
  type LinkedSignIn,
  type LinkedSignIns as LinkedSignInsAnswer,
  SocialErrorCode,
} from '@wps/contract/social';
import { useState } from 'react';
import { call } from '@/api/call';
import { WpsError } from '@/api/client';
import { handleError } from '@/features/apiErrors';
import { useT } from '@/i18n/I18nProvider';
import { useQuery } from '@/queries/useQuery';
import { Loading } from '@/ui/Loading';
import { showAlert, showConfirm } from '@/ui/notices';
import { useProviderName } from './providerNames';
import './social.css';

export const linkedSignInsQuery = {
  key: ['member', 'signIns'],
  member: true,
  load: () => call('linkedSignIns', {}, { noCache: true, handleErrors: false }),
} as const;

function dateOf(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString(document.documentElement.lang || undefined, { dateStyle: 'medium' });
}

/**
 * The member's linked sign-ins (issue 14, member area): each with its provider, name and link date,
 * and Unlink (confirmed; the last way into an account without a password is refused by the server and
 * explained). Loading, empty and failed states of its own.
 */
export function LinkedSignIns() {
  const { t } = useT();
  const providerName = useProviderName();
  const state = useQuery<LinkedSignInsAnswer>(linkedSignInsQuery);
  const [busyId, setBusyId] = useState<string | null>(null);

  const unlink = async (item: LinkedSignIn) => {
    const provider = providerName(item.provider);
    if (!(await showConfirm({ key: 'member_signins_unlink_confirm', params: { provider } }))) return;
    setBusyId(item.id);
    try {
      await call('unlinkSignIn', { id: item.id }, { handleErrors: false });
      state.retry();
    } catch (error) {
      if (error instanceof WpsError && error.errorCode === SocialErrorCode.SOCIAL_LAST_SIGN_IN)
        void showAlert({ key: 'member_signins_last' });
      else if (error instanceof WpsError) handleError(error);
    } finally {
      setBusyId(null);
    }
  };

  let body;
  if (state.status === 'ready') {
    const items = state.data.identities;
    body =
      items.length === 0 ? (
        <p className="auth-hint" role="status">
          {t('member_signins_empty')}
        </p>
      ) : (
        <ul className="linked-sign-ins">
          {items.map((item) => {
            const provider = providerName(item.provider);
            return (
              <li key={item.id} className="linked-sign-in">
                <div>
                  <strong>{provider}</strong>
                  {item.displayName && <span> · {item.displayName}</span>}
                  <div className="auth-hint">
                    {t('member_signins_linked_on', { date: dateOf(item.linkedAt) })}
                  </div>
                </div>
                <button
                  type="button"
                  className="button button-ghost"
                  disabled={busyId !== null}
                  onClick={() => void unlink(item)}
                >
                  {t('member_signins_unlink', { provider })}
                </button>
              </li>
            );
          })}
        </ul>
      );
  } else if (state.status === 'failed') {
    body = (
      <div role="alert">
        <p>{t('member_signins_error')}</p>
        <button type="button" className="button button-primary" onClick={state.retry}>
          {t('retry')}
        </button>
      </div>
    );
  } else {
    body = <Loading />;
  }

  return (
    <section className="settings-card" aria-labelledby="member-sign-ins" aria-busy={busyId !== null}>
      <h2 id="member-sign-ins" className="settings-title">
        {t('member_signins_title')}
      </h2>
      {body}
    </section>
  );
}
