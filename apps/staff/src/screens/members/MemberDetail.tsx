import type { StaffMemberActionResult } from '@wps/contract/memberAdmin';
import type { StaffPermission } from '@wps/contract/staff';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type KeyboardEvent } from 'react';
import { errorText } from '@/api/errorText';
import { staffKeys } from '@/api/keys';
import { staffCall } from '@/api/staffCall';
import { t, type TextKey } from '@/i18n/t';
import { Card, LoadError, Loading, Outcome } from '@/ui/States';
import { DownlineTab, LedgerTab, NotesTab } from './MemberPages';
import { LimitsTab, ProfileTab, SessionsTab, SignInsTab } from './MemberTabs';
import { ReasonConfirm } from './ReasonConfirm';

const TABS = ['profile', 'sessions', 'signins', 'limits', 'ledger', 'notes', 'downline'] as const;
type Tab = (typeof TABS)[number];

/** What a confirmation asks for: the action and, for one session, its id. */
type Asking = { action: 'lock' | 'unlock' | 'reset' } | { action: 'end'; sessionId: number | undefined };

const QUESTION: Record<Asking['action'], TextKey> = {
  lock: 'members_confirm_lock',
  unlock: 'members_confirm_unlock',
  reset: 'members_confirm_reset',
  end: 'members_confirm_end',
};

function send(id: number, asking: Asking, reason: string): Promise<StaffMemberActionResult> {
  switch (asking.action) {
    case 'lock':
      return staffCall('staffMemberLock', { id, reason });
    case 'unlock':
      return staffCall('staffMemberUnlock', { id, reason });
    case 'reset':
      return staffCall('staffMemberResetSecondFactor', { id, reason });
    case 'end':
      return staffCall('staffMemberEndSessions', {
        id,
        ...(asking.sessionId === undefined ? {} : { sessionId: asking.sessionId }),
        ...(reason === '' ? {} : { reason }),
      });
  }
}

function doneText(asking: Asking, result: StaffMemberActionResult): string {
  if (asking.action === 'reset') {
    return result.secondFactors.length === 0
      ? t('members_reset_nothing')
      : t('members_reset_done', { factors: result.secondFactors.join(', ') });
  }
  if (asking.action === 'unlock') return t('members_unlocked');
  if (asking.action === 'lock') return t('members_locked_done', { count: result.endedSessions });
  return t('members_ended', { count: result.endedSessions });
}

/**
 * One member: who it is and its state, the actions the role may take (each confirmed, with its
 * reason), and its tabs. After an action the member and its notes are read again.
 */
export function MemberDetail({
  id,
  permissions,
  open,
  back,
}: {
  id: number;
  permissions: readonly StaffPermission[];
  open: (id: number) => void;
  back: () => void;
}) {
  const client = useQueryClient();
  const [tab, setTab] = useState<Tab>('profile');
  const [asking, setAsking] = useState<Asking | null>(null);
  const member = useQuery({
    queryKey: staffKeys.member(id),
    queryFn: () => staffCall('staffMemberDetail', { id }),
  });
  const act = useMutation({
    mutationFn: ({ asked, reason }: { asked: Asking; reason: string }) => send(id, asked, reason),
    onSettled: () => void client.invalidateQueries({ queryKey: staffKeys.member(id) }),
  });
  const mayWrite = permissions.includes('member:write');
  const mayReset = permissions.includes('member:reset2fa');

  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    const next = TABS[(TABS.indexOf(tab) + step + TABS.length) % TABS.length] ?? 'profile';
    setTab(next);
    document.getElementById(`member-tab-${next}`)?.focus();
  };

  if (member.isPending) return <Loading />;
  if (member.isError) {
    return (
      <Card id="member-missing" title={t('members_title')}>
        <LoadError error={member.error} retry={() => void member.refetch()} />
        <button type="button" className="button button-ghost" onClick={back}>
          {t('members_back')}
        </button>
      </Card>
    );
  }
  const view = member.data;
  const locked = view.lockedAt !== null;
  let outcome: { text: string; failed?: boolean } | null = null;
  if (act.isPending) outcome = { text: t('working') };
  if (act.isError) outcome = { text: t('refused', { message: errorText(act.error) }), failed: true };
  if (act.isSuccess) outcome = { text: doneText(act.variables.asked, act.data) };

  return (
    <Card id="member-detail" title={t('members_detail_title', { name: view.username, id: view.id })}>
      <div className="actions">
        <button type="button" className="button button-ghost" onClick={back}>
          {t('members_back')}
        </button>
        <span className={locked ? 'badge refused' : 'badge'}>
          {t(locked ? 'members_locked' : 'members_active')}
        </span>
        {mayWrite && (
          <button
            type="button"
            className="button button-accent"
            onClick={() => setAsking({ action: locked ? 'unlock' : 'lock' })}
          >
            {t(locked ? 'members_unlock' : 'members_lock')}
          </button>
        )}
        {mayReset && (
          <button
            type="button"
            className="button button-ghost"
            disabled={view.secondFactors.length === 0}
            onClick={() => setAsking({ action: 'reset' })}
          >
            {t('members_reset')}
          </button>
        )}
      </div>
      {asking !== null && (
        <ReasonConfirm
          question={t(QUESTION[asking.action], { name: view.username })}
          confirmLabel={t('members_confirm')}
          reasonOptional={asking.action === 'end'}
          onCancel={() => setAsking(null)}
          onConfirm={(reason) => {
            act.mutate({ asked: asking, reason });
            setAsking(null);
          }}
        />
      )}
      {outcome && <Outcome text={outcome.text} failed={outcome.failed} />}
      <div className="tabs" role="tablist" aria-label={t('members_tabs')} onKeyDown={onKey}>
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`member-tab-${name}`}
            aria-selected={tab === name}
            aria-controls="member-panel"
            tabIndex={tab === name ? 0 : -1}
            onClick={() => setTab(name)}
          >
            {t(`members_tab_${name}`)}
            {name === 'downline' && view.downlineCount > 0 ? ` (${view.downlineCount})` : ''}
          </button>
        ))}
      </div>
      <div id="member-panel" role="tabpanel" aria-labelledby={`member-tab-${tab}`}>
        {tab === 'profile' && <ProfileTab member={view} open={open} />}
        {tab === 'sessions' && (
          <SessionsTab
            member={view}
            mayWrite={mayWrite}
            end={(sessionId) => setAsking({ action: 'end', sessionId })}
          />
        )}
        {tab === 'signins' && <SignInsTab member={view} />}
        {tab === 'limits' && <LimitsTab member={view} permissions={permissions} />}
        {tab === 'ledger' && <LedgerTab id={id} />}
        {tab === 'notes' && <NotesTab id={id} mayWrite={mayWrite} />}
        {tab === 'downline' && <DownlineTab id={id} open={open} />}
      </div>
    </Card>
  );
}
