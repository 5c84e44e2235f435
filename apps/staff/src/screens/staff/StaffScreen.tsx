import type { StaffMemberView, StaffPermission, StaffSessionView } from '@wps/contract/staff';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorText } from '@/api/errorText';
import { staffKeys } from '@/api/keys';
import { staffCall } from '@/api/staffCall';
import { t } from '@/i18n/t';
import { Card, LoadError, Loading, Outcome } from '@/ui/States';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'short' });

/** Where a session signed in from, in a few words (a user agent can be long, or anything). */
function fromOf(session: StaffSessionView): string {
  const device = session.userAgent === null ? '' : session.userAgent.slice(0, 40);
  return [session.ip ?? '—', device].filter((part) => part !== '').join(' · ');
}

function SessionLine({
  session,
  revoke,
  busy,
}: {
  session: StaffSessionView;
  revoke: (id: number) => void;
  busy: boolean;
}) {
  return (
    <li className="session">
      <span>
        {t('staff_session_since', { when: when.format(new Date(session.createdAt)) })}{' '}
        <span className="mono">{fromOf(session)}</span>
        {session.current && <strong> {t('staff_session_current')}</strong>}
      </span>{' '}
      <button
        type="button"
        className="button button-ghost"
        disabled={busy}
        onClick={() => revoke(session.id)}
        aria-label={t('staff_session_revoke_label', { when: when.format(new Date(session.createdAt)) })}
      >
        {t('staff_session_revoke')}
      </button>
    </li>
  );
}

function MemberRow({
  member,
  revoke,
  busy,
}: {
  member: StaffMemberView;
  revoke: (id: number) => void;
  busy: boolean;
}) {
  return (
    <tr>
      <td>
        {member.displayName}
        <br />
        <span className="mono">{member.username}</span>
      </td>
      <td>{member.disabled ? t('staff_role_disabled', { role: member.roleName }) : member.roleName}</td>
      <td>
        {member.sessions.length === 0 ? (
          <span className="note">{t('staff_no_sessions')}</span>
        ) : (
          <ul className="sessions">
            {member.sessions.map((session) => (
              <SessionLine key={session.id} session={session} revoke={revoke} busy={busy} />
            ))}
          </ul>
        )}
      </td>
    </tr>
  );
}

/**
 * Staff and sessions (issue 30 item 2): every staff member sees and ends their own sessions; with
 * staff:manage, the merchant's staff with their roles and sessions, any of which can be ended. An
 * ended session's next call is refused (401); ending this one signs out here.
 */
export function StaffScreen({ permissions }: { permissions: readonly StaffPermission[] }) {
  const manages = permissions.includes('staff:manage');
  const client = useQueryClient();
  const own = useQuery({ queryKey: staffKeys.sessions(), queryFn: () => staffCall('staffSessions', {}) });
  const team = useQuery({
    queryKey: staffKeys.team(),
    queryFn: () => staffCall('staffTeam', {}),
    enabled: manages,
  });
  const refresh = () => client.invalidateQueries({ queryKey: staffKeys.staff() });
  const revokeOwn = useMutation({
    mutationFn: (sessionId: number) => staffCall('staffRevokeSession', { sessionId }),
    onSettled: async (_answer, _error, sessionId) => {
      const ended = own.data?.find((session) => session.id === sessionId)?.current === true;
      // This session ended: the app asks who is signed in again (nobody), which shows the sign-in.
      if (ended) await client.invalidateQueries({ queryKey: staffKeys.me() });
      else await refresh();
    },
  });
  const revokeMember = useMutation({
    mutationFn: (sessionId: number) => staffCall('staffRevokeTeamSession', { sessionId }),
    onSettled: refresh,
  });
  const failed = revokeOwn.error ?? revokeMember.error;

  return (
    <>
      <Card id="staff-own" title={t('staff_own_title')}>
        <p className="note">{t('staff_own_intro')}</p>
        {own.isPending && <Loading />}
        {own.isError && <LoadError error={own.error} retry={() => void own.refetch()} />}
        {own.isSuccess && (
          <ul className="sessions">
            {own.data.map((session) => (
              <SessionLine
                key={session.id}
                session={session}
                revoke={(id) => revokeOwn.mutate(id)}
                busy={revokeOwn.isPending}
              />
            ))}
          </ul>
        )}
      </Card>
      {manages && (
        <Card id="staff-team" title={t('staff_team_title')}>
          {team.isPending && <Loading />}
          {team.isError && <LoadError error={team.error} retry={() => void team.refetch()} />}
          {team.isSuccess && (
            <div className="table-wrap team">
              <table>
                <caption>{t('staff_team_caption', { count: team.data.length })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('staff_name')}</th>
                    <th scope="col">{t('staff_role')}</th>
                    <th scope="col">{t('staff_sessions')}</th>
                  </tr>
                </thead>
                <tbody>
                  {team.data.map((member) => (
                    <MemberRow
                      key={member.id}
                      member={member}
                      revoke={(id) => revokeMember.mutate(id)}
                      busy={revokeMember.isPending}
                    />
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Card>
      )}
      {failed !== null && <Outcome text={errorText(failed)} failed />}
      {(revokeOwn.data ?? revokeMember.data)?.revoked === false && <Outcome text={t('staff_session_gone')} />}
    </>
  );
}
