import { AppPath } from '@wps/contract/routes';
import { useT } from '@/i18n/I18nProvider';
import { useLocation } from '@/platform/router';
import { ChatIcon } from './ChatIcon';
import { CustomerServiceLink } from './CustomerServiceLink';
import { useCustomerServiceEntry } from './entries';

/**
 * The merchant's floating customer-service button (csPosition FLOATING): fixed over the page, so it
 * shifts nothing when it appears; not on the chat itself. Loaded after the first paint (AppLayout).
 */
export default function FloatingSupport() {
  const { t } = useT();
  const entry = useCustomerServiceEntry('FLOATING');
  const { pathname, search } = useLocation();
  const here = `/m${pathname}`;
  if (entry === null || here === AppPath.supportChat) return null;
  return (
    <CustomerServiceLink
      entry={entry}
      backUrl={`${here}${search}`}
      className="cs-floating"
      label={t('cs_contact')}
    >
      <ChatIcon />
    </CustomerServiceLink>
  );
}
