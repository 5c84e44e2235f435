import { LOCALE_MAP, RTL_LANGUAGES } from '@wps/contract/languages';
import { useCallback } from 'react';
import { useT } from '@/i18n/I18nProvider';
import { useSettings } from '@/state/settings';
import { currencyStyleOf, formatMoney, type MoneyOptions } from './money';

/** Left-to-right isolate and its end (Unicode 6.3 bidi isolates). */
const LRI = '\u2066';
const PDI = '\u2069';

/**
 * Formats amounts of `currency` in the merchant's style and the member's locale. In a right-to-left
 * language the amount is isolated left to right: inside Arabic text "$9,975.00" would otherwise be
 * laid out as "9,975.00$", and a sign would move to the other end.
 */
export function useMoney(): (amount: string, currency: string, options?: MoneyOptions) => string {
  const settings = useSettings();
  const { language } = useT();
  const locale = LOCALE_MAP[language];
  const rtl = RTL_LANGUAGES.includes(language);
  return useCallback(
    (amount, currency, options) => {
      const text = formatMoney(amount, currencyStyleOf(currency, settings), locale, options);
      return rtl ? `${LRI}${text}${PDI}` : text;
    },
    [settings, locale, rtl],
  );
}
