import { useT } from '@/i18n/I18nProvider';
import { useQuery } from '@/queries/useQuery';
import { securityQuery } from '@/screens/MemberSettings/hooks/useSecurity';
import { ContactSection } from './ContactSection';

/**
 * The member's own email address and mobile number, before two-step verification: the email and
 * SMS codes need a verified one. Loading and failure show once, in the two-step section.
 */
export function ContactsSection() {
  const { t } = useT();
  const security = useQuery(securityQuery);
  if (!security.data) return null;
  return (
    <>
      <h2 className="settings-group-title">{t('contact_title')}</h2>
      <ContactSection method="email" status={security.data} />
      <ContactSection method="sms" status={security.data} />
    </>
  );
}
