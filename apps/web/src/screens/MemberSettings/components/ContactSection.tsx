import type { ContactMethod, SecurityStatus } from '@wps/contract/memberArea';
import { useState } from 'react';
import { removeContact, verifyContact } from '@/api/endpoints/memberArea';
import { useT } from '@/i18n/I18nProvider';
import { replaceSecurity, securityErrorKey } from '@/screens/MemberSettings/hooks/useSecurity';
import { ContactEditor, type ContactEntry } from './ContactEditor';

type Notice = 'contact_saved' | 'contact_removed' | null;

/**
 * The member's own email address or mobile number: what is on the account (always a verified one:
 * the server stores it only when its code came back), and adding, changing or removing it. The
 * address or number a switched-on second factor sends to is kept as it is: the factor goes off
 * first (the server refuses it too, contact_in_use).
 */
export function ContactSection({ method, status }: { method: ContactMethod; status: SecurityStatus }) {
  const { t } = useT();
  const { destination, enabled } = status[method];
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const titleId = `contact-${method}`;

  const verify = async (entry: ContactEntry, code: string) => {
    setBusy(true);
    setError(null);
    try {
      replaceSecurity(await verifyContact({ ...entry, code }));
      setEditing(false);
      setNotice('contact_saved');
    } catch (caught) {
      setError(t(securityErrorKey(caught)));
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      replaceSecurity(await removeContact({ method }));
      setNotice('contact_removed');
    } catch (caught) {
      setError(t(securityErrorKey(caught)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="settings-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="settings-title">
        {t(method === 'email' ? 'contact_email_title' : 'auth_mobile')}
      </h2>
      <p className="settings-state" data-testid={`${method}-contact`}>
        {destination === null
          ? t(method === 'email' ? 'contact_none_email' : 'contact_none_mobile')
          : `${destination} · ${t('contact_verified')}`}
      </p>
      {notice !== null && !editing && <p role="status">{t(notice)}</p>}
      {enabled ? (
        <p className="auth-hint">{t('contact_in_use')}</p>
      ) : editing ? (
        <ContactEditor
          method={method}
          busy={busy}
          error={error}
          onError={setError}
          onVerify={(entry, code) => void verify(entry, code)}
          onCancel={() => {
            setEditing(false);
            setError(null);
          }}
        />
      ) : (
        <div className="settings-row">
          <button
            type="button"
            className="button button-ghost"
            onClick={() => {
              setEditing(true);
              setNotice(null);
              setError(null);
            }}
          >
            {t(destination === null ? 'contact_add' : 'contact_change')}
          </button>
          {destination !== null && (
            <button
              type="button"
              className="button button-ghost"
              disabled={busy}
              onClick={() => void remove()}
            >
              {t('contact_remove')}
            </button>
          )}
        </div>
      )}
      {!editing && error !== null && (
        <p className="settings-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
