import { LOCALE_MAP } from '@wps/contract/languages';
import { useCallback } from 'react';
import { useT } from '@/i18n/I18nProvider';
import { useSettings } from '@/state/settings';
import { currencyStyleOf, formatMoney, type MoneyOptions } from './money';

/** Formats amounts of `currency` in the merchant's style and the member's locale. */
export function useMoney(): (amount: string, currency: string, options?: MoneyOptions) => string {
  const settings = useSettings();
  const { language } = useT();
  const locale = LOCALE_MAP[language];
  return useCallback(
    (amount, currency, options) => formatMoney(amount, currencyStyleOf(currency, settings), locale, options),
    [settings, locale],
  );
}
