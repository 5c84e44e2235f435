import { LOCALE_MAP } from '@wps/contract/languages';
import type { MemberSession } from '@wps/contract/memberArea';
import { useState } from 'react';
import { endSession } from '@/api/endpoints/memberArea';
import { useT } from '@/i18n/I18nProvider';
import { setQueryData } from '@/queries/changes';
import { useQuery } from '@/queries/useQuery';
import { Loading } from '@/ui/Loading';
import { deviceName } from '@/screens/MemberSettings/hooks/deviceName';
import { securityErrorKey } from '@/screens/MemberSettings/hooks/useSecurity';
import { sessionsQuery } from '@/screens/MemberSettings/hooks/useSessions';

/** The member's active sessions with device and last activity; another one, or all others, can be ended. */
export function SessionsSection() {
  const { t, language } = useT();
  const sessions = useQuery(sessionsQuery);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const list = sessions.data ?? [];
  const others = list.filter((session) => !session.current);
  const when = (iso: string) =>
    new Intl.DateTimeFormat(LOCALE_MAP[language], { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(iso),
    );

  const end = async (target: { id: number } | { others: true }) => {
    setBusy(true);
    setError(null);
    try {
      await endSession(target);
      setQueryData(sessionsQuery, (current) =>
        (current ?? []).filter((session) => session.current || ('id' in target && session.id !== target.id)),
      );
    } catch (caught) {
      setError(t(securityErrorKey(caught)));
    } finally {
      setBusy(false);
    }
  };

  const item = (session: MemberSession) => (
    <li key={session.id} className="settings-session" data-testid="session-item">
      <div>
        <p className="settings-session-device">
          {deviceName(session.userAgent) ?? t('security_unknown_device')}
        </p>
        <p className="auth-hint">
          {session.current
            ? t('security_this_device')
            : t('security_last_seen', { time: when(session.lastSeenAt) })}
          {` · ${session.ip}`}
        </p>
      </div>
      {!session.current && (
        <button
          type="button"
          className="button button-ghost"
          disabled={busy}
          onClick={() => void end({ id: session.id })}
        >
          {t('security_end_session')}
        </button>
      )}
    </li>
  );

  return (
    <section className="settings-card" aria-labelledby="settings-sessions">
      <h2 id="settings-sessions" className="settings-title">
        {t('security_sessions')}
      </h2>
      {sessions.status === 'loading' && !sessions.data && <Loading />}
      {sessions.status === 'failed' && !sessions.data && (
        <div role="alert">
          <p>{t('security_load_failed')}</p>
          <button type="button" className="button button-primary" onClick={sessions.retry}>
            {t('retry')}
          </button>
        </div>
      )}
      {sessions.data && (
        <>
          <ul className="settings-sessions" aria-labelledby="settings-sessions">
            {list.filter((session) => session.current).map(item)}
            {others.map(item)}
          </ul>
          {others.length === 0 ? (
            <p className="auth-hint">{t('security_no_other_sessions')}</p>
          ) : (
            <button
              type="button"
              className="button button-ghost"
              disabled={busy}
              onClick={() => void end({ others: true })}
            >
              {t('security_end_all')}
            </button>
          )}
        </>
      )}
      {error !== null && (
        <p className="settings-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
