import { LOCALE_MAP, type LanguageCode } from '@wps/contract/languages';
import { PASSKEY_NAME_MAX_LENGTH, type PasskeyInfo } from '@wps/contract/passkeys';
import { useId, useState, type FormEvent } from 'react';
import {
  addPasskey,
  isCancelled,
  passkeyErrorKey,
  passkeysQuery,
  removeOwnPasskey,
  renameOwnPasskey,
  webAuthnAvailable,
} from '@/features/session';
import { FormMessageLine } from '@/ui/form';
import { useT } from '@/i18n/I18nProvider';
import type { MessageKey } from '@/i18n';
import { setQueryData } from '@/queries/changes';
import { useQuery } from '@/queries/useQuery';
import { useHydrated } from '@/state/hydration';
import { Loading } from '@/ui/Loading';
import { showConfirm, showToast } from '@/ui/notices';

function dateText(iso: string, language: LanguageCode): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  try {
    return new Intl.DateTimeFormat(LOCALE_MAP[language], { dateStyle: 'medium' }).format(date);
  } catch {
    return date.toISOString().slice(0, 10);
  }
}

/** One passkey: its name, when it was added and last used; rename in place, remove after a confirmation. */
function PasskeyRow({
  passkey,
  onError,
}: {
  passkey: PasskeyInfo;
  onError: (key: MessageKey | null) => void;
}) {
  const { t, language } = useT();
  const inputId = useId();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);
  const [busy, setBusy] = useState(false);

  const run = async (change: () => Promise<void>) => {
    onError(null);
    setBusy(true);
    try {
      await change();
    } catch (error) {
      onError(passkeyErrorKey(error));
    } finally {
      setBusy(false);
    }
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') return;
    void run(async () => {
      await renameOwnPasskey(passkey.id, trimmed);
      setQueryData(passkeysQuery, (list = []) =>
        list.map((item) => (item.id === passkey.id ? { ...item, name: trimmed } : item)),
      );
      setEditing(false);
    });
  };

  const remove = () =>
    void run(async () => {
      const confirmed = await showConfirm(
        { key: 'passkey_remove_confirm', params: { name: passkey.name } },
        { key: 'confirmation' },
        { confirm: { key: 'passkey_remove' }, cancel: { key: 'cancel' } },
      );
      if (!confirmed) return;
      await removeOwnPasskey(passkey.id);
      setQueryData(passkeysQuery, (list = []) => list.filter((item) => item.id !== passkey.id));
    });

  return (
    <li className="passkey-row" data-testid="passkey-row">
      {editing ? (
        <form className="passkey-rename" onSubmit={save} aria-busy={busy}>
          <label htmlFor={inputId}>{t('passkey_name')}</label>
          <input
            id={inputId}
            value={name}
            maxLength={PASSKEY_NAME_MAX_LENGTH}
            required
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <div className="passkey-actions">
            <button type="submit" className="button button-primary" disabled={busy || name.trim() === ''}>
              {t('passkey_save')}
            </button>
            <button
              type="button"
              className="button button-ghost"
              onClick={() => {
                setName(passkey.name);
                setEditing(false);
              }}
            >
              {t('cancel')}
            </button>
          </div>
        </form>
      ) : (
        <>
          <div className="passkey-name">{passkey.name}</div>
          <div className="auth-hint">
            {t('passkey_added_on', { date: dateText(passkey.createdAt, language) })}
            {passkey.lastUsedAt
              ? ` · ${t('passkey_last_used', { date: dateText(passkey.lastUsedAt, language) })}`
              : ''}
          </div>
          <div className="passkey-actions">
            <button
              type="button"
              className="link-button"
              disabled={busy}
              aria-label={`${t('passkey_rename')}: ${passkey.name}`}
              onClick={() => setEditing(true)}
            >
              {t('passkey_rename')}
            </button>
            <button
              type="button"
              className="link-button"
              disabled={busy}
              aria-label={`${t('passkey_remove')}: ${passkey.name}`}
              onClick={remove}
            >
              {t('passkey_remove')}
            </button>
          </div>
        </>
      )}
    </li>
  );
}

/**
 * The member's passkeys (docs/passkeys.md): the list with its loading, empty and failed states, and
 * "Add a passkey" where the browser has WebAuthn. The WebAuthn library loads when the member adds one.
 */
export function PasskeysSection() {
  const { t } = useT();
  const passkeys = useQuery(passkeysQuery);
  // Decided once hydrated: the server renders neither the button nor the note.
  const hydrated = useHydrated();
  const [adding, setAdding] = useState(false);
  const [message, setMessage] = useState<MessageKey | null>(null);
  const list = passkeys.data ?? [];

  const add = async () => {
    setMessage(null);
    setAdding(true);
    try {
      const created = await addPasskey();
      setQueryData(passkeysQuery, (current = []) => [
        ...current.filter((item) => item.id !== created.id),
        created,
      ]);
      showToast('passkey-added', { key: 'passkey_added' });
    } catch (error) {
      if (!isCancelled(error)) setMessage(passkeyErrorKey(error));
    } finally {
      setAdding(false);
    }
  };

  return (
    <section className="settings-card" aria-labelledby="member-passkeys" data-testid="passkeys">
      <h2 id="member-passkeys" className="settings-title">
        {t('passkey_title')}
      </h2>
      <p className="auth-hint">{t('passkey_intro')}</p>
      {passkeys.status === 'loading' && passkeys.data === undefined && <Loading />}
      {passkeys.status === 'failed' && passkeys.data === undefined && (
        <div role="alert">
          <p>{t('passkey_load_failed')}</p>
          <button type="button" className="button button-ghost" onClick={passkeys.retry}>
            {t('retry')}
          </button>
        </div>
      )}
      {passkeys.status === 'ready' && list.length === 0 && <p role="status">{t('passkey_empty')}</p>}
      {list.length > 0 && (
        <ul className="passkey-list">
          {list.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} onError={setMessage} />
          ))}
        </ul>
      )}
      <FormMessageLine message={message ? { key: message } : null} />
      {hydrated && webAuthnAvailable() && (
        <button
          type="button"
          className="button button-primary"
          disabled={adding}
          aria-busy={adding}
          onClick={() => void add()}
        >
          {t('passkey_add')}
        </button>
      )}
      {hydrated && !webAuthnAvailable() && <p className="auth-hint">{t('passkey_unsupported')}</p>}
    </section>
  );
}
