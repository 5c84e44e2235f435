import { useT } from '@/i18n/I18nProvider';
import type { AmountMessage } from './amountRules';
import { useMoney } from './useMoney';

/** An amount rule's message in the member's language, its amounts written in `currency`. */
export function useAmountMessage(currency: string): (message: AmountMessage) => string {
  const { t } = useT();
  const money = useMoney();
  return (message) =>
    t(message.key, {
      ...Object.fromEntries(
        Object.entries(message.amounts ?? {}).map(([name, value]) => [name, money(value, currency)]),
      ),
      ...(message.digits === undefined ? {} : { digits: message.digits }),
    });
}
