import type { StaffPermission } from '@wps/contract/staff';
import { t } from '@/i18n/t';
import { AttributionReport } from './AttributionReport';
import { FcmConfig } from './FcmConfig';
import { SendPush } from './SendPush';

/** Push: send, the attribution report, the FCM configuration — each as far as the role allows. */
export function PushScreen({ permissions }: { permissions: readonly StaffPermission[] }) {
  const may = (permission: StaffPermission) => permissions.includes(permission);
  if (!may('push:send') && !may('push:report') && !may('push:configure')) {
    return (
      <p className="card error" role="alert">
        {t('push_denied')}
      </p>
    );
  }
  return (
    <>
      {may('push:send') && <SendPush />}
      {may('push:report') && <AttributionReport />}
      {may('push:configure') && <FcmConfig />}
    </>
  );
}
