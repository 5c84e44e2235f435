import { useT } from '@/i18n/I18nProvider';
import { useLocation } from '@/platform/router';
import { ChatIcon } from './ChatIcon';
import { CustomerServiceLink } from './CustomerServiceLink';
import { useCustomerServiceEntry } from './entries';

/**
 * The header's customer-service button (csPosition HEADER), inside the fixed-size slot AppLayout
 * keeps for it, so nothing moves when it appears (or when this member has no entry there).
 */
export default function HeaderSupport() {
  const { t } = useT();
  const entry = useCustomerServiceEntry('HEADER');
  const { pathname, search } = useLocation();
  if (entry === null) return null;
  return (
    <CustomerServiceLink
      entry={entry}
      backUrl={`/m${pathname}${search}`}
      className="cs-header"
      label={t('cs_contact')}
    >
      <ChatIcon />
    </CustomerServiceLink>
  );
}
