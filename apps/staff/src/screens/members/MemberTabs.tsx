import type { MemberDetailView } from '@wps/contract/memberAdmin';
import type { StaffPermission } from '@wps/contract/staff';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { staffKeys } from '@/api/keys';
import { t } from '@/i18n/t';
import { AuditTable, type AuditView } from '@/screens/compliance/AuditTable';
import { BreakForm } from '@/screens/compliance/BreakForm';
import { LimitForm } from '@/screens/compliance/LimitForm';
import { STAFF_PATHS } from '@/shell/router';

const when = (iso: string | null) => (iso === null ? '—' : new Date(iso).toLocaleString());

/** A definition list of label and value pairs. */
function Facts({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="facts">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function ProfileTab({ member, open }: { member: MemberDetailView; open: (id: number) => void }) {
  const hidden = t('members_hidden');
  return (
    <>
      <Facts
        rows={[
          [t('members_id'), String(member.id)],
          [t('members_kind'), t(member.kind === 'agent' ? 'members_agent' : 'members_player')],
          [t('members_phone'), member.piiHidden ? hidden : (member.phone ?? '—')],
          [t('members_email'), member.piiHidden ? hidden : (member.email ?? '—')],
          [t('members_language'), member.language ?? '—'],
          [t('members_currency'), member.currency],
          [t('members_registered'), when(member.registeredAt)],
          [t('members_register_method'), member.registerMethod ?? '—'],
          [t('members_referral_code'), member.ownReferralCode ?? '—'],
          [t('members_vip'), member.vipLabel === null ? '—' : `${member.vipLabel} (${member.rankLevel})`],
          [
            t('members_second_factors'),
            member.secondFactors.length === 0
              ? t('members_none_set')
              : member.secondFactors.map((factor) => t(`members_factor_${factor}`)).join(', '),
          ],
          [
            t('members_status'),
            member.lockedAt === null
              ? t('members_active')
              : t('members_locked_since', { at: when(member.lockedAt) }),
          ],
        ]}
      />
      <p className="note">
        {t('members_agent_of')}{' '}
        {member.agent === null ? (
          '—'
        ) : (
          <button type="button" className="link-button" onClick={() => open(member.agent?.id ?? 0)}>
            {member.agent.username}
          </button>
        )}
        {' · '}
        {t('members_referrer')}{' '}
        {member.referrer === null ? (
          '—'
        ) : (
          <button type="button" className="link-button" onClick={() => open(member.referrer?.id ?? 0)}>
            {member.referrer.username}
          </button>
        )}
      </p>
    </>
  );
}

export function SessionsTab({
  member,
  mayWrite,
  end,
}: {
  member: MemberDetailView;
  mayWrite: boolean;
  /** Asks to end one session (its id) or all (undefined); the confirmation is the caller's. */
  end: (sessionId: number | undefined) => void;
}) {
  if (member.sessions.length === 0) {
    return (
      <p className="note" role="status">
        {t('members_no_sessions')}
      </p>
    );
  }
  return (
    <>
      <div className="table-wrap">
        <table>
          <caption className="visually-hidden">{t('members_tab_sessions')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('members_device')}</th>
              <th scope="col">{t('members_ip')}</th>
              <th scope="col">{t('members_signed_in')}</th>
              <th scope="col">{t('members_last_seen')}</th>
              {mayWrite && <th scope="col">{t('members_action')}</th>}
            </tr>
          </thead>
          <tbody>
            {member.sessions.map((session) => (
              <tr key={session.id}>
                <td>{session.userAgent ?? t('members_unknown_device')}</td>
                <td className="mono">{session.ip}</td>
                <td>{when(session.createdAt)}</td>
                <td>{when(session.lastSeenAt)}</td>
                {mayWrite && (
                  <td>
                    <button type="button" className="button button-ghost" onClick={() => end(session.id)}>
                      {t('members_end_session')}
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {mayWrite && (
        <button type="button" className="button button-ghost" onClick={() => end(undefined)}>
          {t('members_end_all')}
        </button>
      )}
    </>
  );
}

export function SignInsTab({ member }: { member: MemberDetailView }) {
  if (member.signIns.length === 0) {
    return (
      <p className="note" role="status">
        {t('members_no_signins')}
      </p>
    );
  }
  return (
    <div className="table-wrap">
      <table>
        <caption className="visually-hidden">{t('members_tab_signins')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('members_signin_kind')}</th>
            <th scope="col">{t('members_signin_name')}</th>
            <th scope="col">{t('members_signin_detail')}</th>
            <th scope="col">{t('members_linked')}</th>
            <th scope="col">{t('members_last_used')}</th>
          </tr>
        </thead>
        <tbody>
          {member.signIns.map((signIn) => (
            <tr key={`${signIn.kind}-${signIn.name}-${signIn.createdAt}`}>
              <td>{t(signIn.kind === 'passkey' ? 'members_passkey' : 'members_social')}</td>
              <td>{signIn.name}</td>
              <td>{signIn.detail ?? '—'}</td>
              <td>{when(signIn.createdAt)}</td>
              <td>{when(signIn.lastUsedAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The member's limits and break as the member sees them; the Compliance section's own forms (set or
 * lower, never raise; a break) and its audit trail for this member, reused as they are.
 */
export function LimitsTab({
  member,
  permissions,
}: {
  member: MemberDetailView;
  permissions: readonly StaffPermission[];
}) {
  const client = useQueryClient();
  const [view, setView] = useState<AuditView>({ customerId: String(member.id), before: undefined });
  const { limits } = member;
  const done = () => {
    void client.invalidateQueries({ queryKey: staffKeys.member(member.id) });
    void client.invalidateQueries({ queryKey: staffKeys.audit() });
  };
  return (
    <>
      <div className="table-wrap">
        <table>
          <caption className="visually-hidden">{t('members_tab_limits')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('members_limit_kind')}</th>
              <th scope="col" className="n">
                {t('members_limit')}
              </th>
              <th scope="col" className="n">
                {t('members_used')}
              </th>
              <th scope="col">{t('members_pending_change')}</th>
            </tr>
          </thead>
          <tbody>
            {limits.limits.map((limit) => (
              <tr key={limit.type}>
                <td>{limit.type}</td>
                <td className="n">{limit.amount ?? t('members_no_limit')}</td>
                <td className="n">{limit.used}</td>
                <td>{limit.parked === null ? '—' : (limit.parked.amount ?? t('members_no_limit'))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="note">
        {limits.activeBreak === null
          ? t('members_no_break')
          : t('members_break', {
              kind: limits.activeBreak.kind,
              until:
                limits.activeBreak.until === null ? t('members_permanent') : when(limits.activeBreak.until),
            })}{' '}
        <a href={STAFF_PATHS.compliance}>{t('members_open_compliance')}</a>
      </p>
      {permissions.includes('compliance:act') && (
        <div className="forms">
          <LimitForm done={done} customerId={member.id} />
          <BreakForm done={done} customerId={member.id} />
        </div>
      )}
      {permissions.includes('compliance:read') && <AuditTable view={view} show={setView} />}
    </>
  );
}
