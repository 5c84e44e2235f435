import type { StaffPermission } from '@wps/contract/staff';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { staffKeys } from '@/api/keys';
import { t } from '@/i18n/t';
import { AuditTable, type AuditView } from './AuditTable';
import { BreakForm } from './BreakForm';
import { LimitForm } from './LimitForm';

/**
 * Compliance: set or lower a limit, start a break (compliance:act), and the audit (compliance:read).
 * After either form the member's trail is shown, where what was just asked — applied or refused —
 * is the newest row.
 */
export function ComplianceScreen({ permissions }: { permissions: readonly StaffPermission[] }) {
  const client = useQueryClient();
  const [view, setView] = useState<AuditView>({ customerId: '', before: undefined });
  const mayRead = permissions.includes('compliance:read');
  const mayAct = permissions.includes('compliance:act');
  if (!mayRead && !mayAct) {
    return (
      <p className="card error" role="alert">
        {t('compliance_denied')}
      </p>
    );
  }
  const done = (customerId: string) => {
    setView({ customerId, before: undefined });
    void client.invalidateQueries({ queryKey: staffKeys.audit() });
  };
  return (
    <>
      {mayAct && (
        <div className="forms">
          <LimitForm done={done} />
          <BreakForm done={done} />
        </div>
      )}
      {mayRead && <AuditTable view={view} show={setView} />}
    </>
  );
}
