import type { StaffPermission } from '@wps/contract/staff';
import { useEffect, useState } from 'react';
import { t } from '@/i18n/t';
import { STAFF_PATHS } from '@/shell/router';
import { MemberDetail } from './MemberDetail';
import { MemberSearch } from './MemberSearch';
import './members.css';

/** The member the address names (`/staff/members?member=12`), so a detail can be reloaded or shared. */
function memberOfAddress(): number | null {
  const id = Number(new URLSearchParams(window.location.search).get('member'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * Members (issue 30 item 7): the search, and one member's detail with its tabs. The search stays
 * mounted under the detail, so going back finds the results as they were.
 */
export function MembersScreen({ permissions }: { permissions: readonly StaffPermission[] }) {
  const [memberId, setMemberId] = useState(memberOfAddress);
  useEffect(() => {
    const follow = () => setMemberId(memberOfAddress());
    window.addEventListener('popstate', follow);
    return () => window.removeEventListener('popstate', follow);
  }, []);
  if (!permissions.includes('member:read')) {
    return (
      <p className="card error" role="alert">
        {t('members_denied')}
      </p>
    );
  }
  const open = (id: number) => {
    window.history.pushState(null, '', `${STAFF_PATHS.members}?member=${id}`);
    setMemberId(id);
  };
  const back = () => {
    window.history.pushState(null, '', STAFF_PATHS.members);
    setMemberId(null);
  };
  return (
    <>
      {memberId !== null && (
        <MemberDetail key={memberId} id={memberId} permissions={permissions} open={open} back={back} />
      )}
      <div hidden={memberId !== null}>
        <MemberSearch open={open} />
      </div>
    </>
  );
}
