import type { SocialProvider } from '@wps/contract';

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
