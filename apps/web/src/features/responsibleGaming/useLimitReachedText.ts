import { useMoney } from '@/features/cashier';
import { useT } from '@/i18n/I18nProvider';
import { groupName, groupOf, periodName } from './limitView';
import { WpsError } from '@/api/errors';
import {
  breakDateText,
  breakMessageKey,
  breakRunningOf,
  limitReachedKey,
  limitReachedOf,
  type LimitReached,
} from '@/features/rgRefusals';

/**
 * The sentence of a deposit refused by a limit (issue 29 item 4): which limit ("Deposit limit, 24
 * hours"), how much is used of it, what is left and when room frees up, money in the merchant's style.
 */
export function useLimitReachedText(currency: string): (refusal: LimitReached) => string {
  const { t } = useT();
  const money = useMoney();
  const date = useDateTimeText();
  return (refusal) => {
    const period = periodName(refusal.type);
    const limit = `${t(groupName(groupOf(refusal.type)))}${period === null ? '' : ` (${t(period)})`}`;
    return t(limitReachedKey(refusal), {
      limit,
      amount: money(refusal.limit, currency),
      used: money(refusal.used, currency),
      left: money(refusal.left, currency),
      ...(refusal.resetsAt === null ? {} : { date: date(refusal.resetsAt) }),
    });
  };
}

/** A date with its time ('' when it does not parse): room in a 24-hour window frees up within the day. */
export function useDateTimeText(): (iso: string) => string {
  const { language } = useT();
  return (iso) => (Number.isNaN(Date.parse(iso)) ? '' : breakDateText(iso, language));
}

/**
 * The cashier's sentence for a responsible-gaming refusal of a deposit: the limit reached (which,
 * used, left, when it frees up) or the break that runs; null for any other error.
 */
export function useRefusalText(currency: string): (error: unknown) => string | null {
  const { t } = useT();
  const limitText = useLimitReachedText(currency);
  const date = useDateTimeText();
  return (error) => {
    if (!(error instanceof WpsError)) return null;
    if (error.errorCode === 'rg_limit_reached') {
      const refusal = limitReachedOf(error.data);
      return refusal === null ? t('rg_limit_reached_generic') : limitText(refusal);
    }
    if (error.errorCode === 'rg_break_active') {
      const running = breakRunningOf(error.data);
      if (running === null) return t('rg_break_generic');
      const reason =
        running.until === null
          ? t(breakMessageKey(running))
          : t(breakMessageKey(running), { date: date(running.until) });
      return `${reason} ${t('rg_break_withdraw')}`;
    }
    return null;
  };
}
