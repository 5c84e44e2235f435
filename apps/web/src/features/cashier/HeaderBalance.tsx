import { AppPath } from '@wps/contract/routes';
import { AppLink } from '@/features/navigation';
import { useT } from '@/i18n/I18nProvider';
import { useQuery } from '@/queries/useQuery';
import { useSession } from '@/state/session';
import { balanceQuery } from './balance';
import { useBalanceStream } from './useBalanceStream';
import { useMoney } from './useMoney';
import './cashier.css';

/**
 * The member's cash balance in the header (issue 28 item 2): its own chunk, loaded after the first
 * screen (app/AppLayout.tsx renders it in a slot once the page is idle). It keeps the balance stream
 * open while signed in; tapping it opens the deposit page.
 */
export default function HeaderBalance() {
  const { t } = useT();
  const token = useSession()?.token ?? null;
  useBalanceStream(token);
  const balance = useQuery(token === null ? null : balanceQuery);
  const money = useMoney();
  if (token === null) return null;
  const text = balance.data ? money(balance.data.cash, balance.data.currency) : '…';
  return (
    <AppLink
      to={AppPath.deposit}
      className="header-balance"
      aria-label={`${t('cashier_balance')}: ${text}. ${t('page_deposit')}`}
      aria-busy={balance.data === undefined}
      data-testid="header-balance"
    >
      <bdi>{text}</bdi>
    </AppLink>
  );
}
