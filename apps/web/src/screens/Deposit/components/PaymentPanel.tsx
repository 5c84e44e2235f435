import type { DepositView, PaymentAction } from '@wps/contract/cashier';
import type { MessageKey } from '@/i18n';
import { cashierErrorMessage, useMoney } from '@/features/cashier';
import { useT } from '@/i18n/I18nProvider';
import { Loading } from '@/ui/Loading';
import { QrCode } from '@/ui/QrCode';
import { CopyButton } from './CopyButton';
import { usePaymentStatus } from './usePaymentStatus';

const STATE_TEXT: Record<DepositView['state'], MessageKey> = {
  pending: 'cashier_state_pending',
  success: 'cashier_state_success',
  failed: 'cashier_state_failed',
  expired: 'cashier_state_expired',
};

/**
 * One payment: how to pay it while it is pending (the QR code, the bank details with the memo, or a
 * link back to the provider's page), its state live, and the way to a new deposit once it is over.
 */
export function PaymentPanel({
  id,
  initial,
  onNewDeposit,
}: {
  id: string;
  initial: DepositView | null;
  onNewDeposit: () => void;
}) {
  const { t } = useT();
  const money = useMoney();
  const { payment, error } = usePaymentStatus(id, initial);

  if (payment === null && error === null) return <Loading />;
  if (payment === null) {
    return (
      <div className="screen-card" role="alert" data-testid="deposit-payment-error">
        <p>{t(cashierErrorMessage(error).key)}</p>
        <button type="button" className="button button-primary" onClick={onNewDeposit}>
          {t('cashier_new_deposit')}
        </button>
      </div>
    );
  }
  const amount = money(payment.amount, payment.currency);
  const over = payment.state !== 'pending';
  return (
    <div className="cashier-payment screen-card" data-testid="deposit-payment">
      <p className="cashier-amount-line">
        {t('cashier_amount')}: <bdi data-testid="deposit-payment-amount">{amount}</bdi>
      </p>
      {payment.bonus !== '0' && !/^0(\.0+)?$/.test(payment.bonus) && (
        <p className="cashier-hint">
          {t('cashier_bonus')}: <bdi>{money(payment.bonus, payment.currency)}</bdi>
        </p>
      )}
      <p
        className={`cashier-state cashier-state-${payment.state}`}
        role="status"
        aria-live="polite"
        data-testid="deposit-state"
        data-state={payment.state}
      >
        {t(STATE_TEXT[payment.state])}
      </p>
      {!over && payment.action !== null && (
        <HowToPay action={payment.action} amount={amount} exactAmount={payment.amount} />
      )}
      {!over && payment.action === null && <Loading />}
      {over && (
        <button type="button" className="button button-primary" onClick={onNewDeposit}>
          {t('cashier_new_deposit')}
        </button>
      )}
    </div>
  );
}

/** `exactAmount` is the plain decimal a banking app takes (copied as is, no symbol or separators). */
function HowToPay({
  action,
  amount,
  exactAmount,
}: {
  action: PaymentAction;
  amount: string;
  exactAmount: string;
}) {
  const { t } = useT();
  if (action.type === 'redirect') {
    return (
      <a className="button button-primary" href={action.url}>
        {t('cashier_open_provider')}
      </a>
    );
  }
  if (action.type === 'qr') {
    return (
      <div className="cashier-qr">
        <p>{t('cashier_scan_qr', { amount })}</p>
        <QrCode
          text={action.payload}
          label={t('cashier_qr_label')}
          size={220}
          className="cashier-qr-image"
          testId="deposit-qr"
        />
        <div className="cashier-copies">
          <CopyButton text={action.payload} label={t('cashier_qr_label')} showLabel />
          <CopyButton text={exactAmount} label={t('cashier_amount')} showLabel />
        </div>
      </div>
    );
  }
  const rows: [MessageKey, string][] = [
    ['cashier_bank_name', action.bankName],
    ['cashier_account_name', action.accountName],
    ['cashier_account_number', action.accountNumber],
    ['cashier_memo', action.memo],
  ];
  return (
    <div className="cashier-bank">
      <p>{t('cashier_bank_steps', { amount })}</p>
      <CopyButton text={exactAmount} label={t('cashier_amount')} showLabel />
      <dl className="cashier-details">
        {rows.map(([key, value]) => (
          <div key={key}>
            <dt>{t(key)}</dt>
            <dd>
              <bdi data-testid={`deposit-${key}`}>{value}</bdi>
              {key !== 'cashier_bank_name' && <CopyButton text={value} label={t(key)} />}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
