import type { SocialProvider } from '@wps/contract/social';
import { useT } from '@/i18n/I18nProvider';

/** Providers' own names (brand names: the same in every language). */
export const PROVIDER_NAMES: Readonly<Record<SocialProvider, string>> = {
  'google.com': 'Google',
  'facebook.com': 'Facebook',
  'twitter.com': 'X',
  phone: 'Phone',
  line: 'LINE',
  telegram: 'Telegram',
  maya: 'Maya',
};

/** A provider's name for the member: the brand, or "Phone number" in the member's language. */
export function useProviderName(): (provider: SocialProvider) => string {
  const { t } = useT();
  return (provider) => (provider === 'phone' ? t('social_phone') : PROVIDER_NAMES[provider]);
}
