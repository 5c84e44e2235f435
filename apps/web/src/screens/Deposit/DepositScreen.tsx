import { useCallback, useState } from 'react';
import type { DepositView } from '@wps/contract/cashier';
import { AppPath } from '@wps/contract/routes';
import { LimitOfferSlot } from '@/features/limitOffer';
import { AppLink } from '@/features/navigation';
import { useSearchParams } from '@/platform/router';
import { useT } from '@/i18n/I18nProvider';
import { DepositForm } from './components/DepositForm';
import { PaymentPanel } from './components/PaymentPanel';
import '@/ui/form/form.css';
import '@/ui/chips.css';
import './deposit.css';

/** A payment id as the server makes them; anything else in the address is ignored. */
const PAYMENT_ID = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * The deposit page (/m/deposit, issue 28 item 3): the form (method, amount, bonus), then the
 * payment — a QR code or bank details to pay with, or the provider's page — and its state live. The
 * payment's id goes into the address (`?payment=`), so a return from the provider's page or a reload
 * shows the same payment.
 */
export function DepositScreen() {
  const { t } = useT();
  const [params, setParams] = useSearchParams();
  const paymentParam = params.get('payment');
  const paymentId = paymentParam !== null && PAYMENT_ID.test(paymentParam) ? paymentParam : null;

  // The answer of the deposit just made: the payment panel starts from it rather than from nothing.
  const [created, setCreated] = useState<DepositView | null>(null);

  const showPayment = useCallback(
    (payment: DepositView) => {
      if (payment.action?.type === 'redirect') {
        // The provider's own page; it comes back here with ?payment=<id>.
        window.location.assign(payment.action.url);
        return;
      }
      setCreated(payment);
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set('payment', payment.id);
        return next;
      });
    },
    [setParams],
  );
  const startOver = useCallback(() => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('payment');
      return next;
    });
  }, [setParams]);

  return (
    <section aria-labelledby="screen-title" className="cashier-screen">
      <div className="cashier-head">
        <h1 id="screen-title" className="screen-title">
          {t('page_deposit')}
        </h1>
        <AppLink to={AppPath.withdraw} className="button button-ghost cashier-switch">
          {t('page_withdraw')}
        </AppLink>
      </div>
      {paymentId === null ? (
        <DepositForm onPayment={showPayment} />
      ) : (
        <PaymentPanel
          key={paymentId}
          id={paymentId}
          initial={created?.id === paymentId ? created : null}
          onNewDeposit={startOver}
        />
      )}
      {/* Below the form, not above it: the member info that says whether to offer comes after the
          form's first paint, and a card above would push the form down (Lighthouse CLS 0.35). */}
      {paymentId === null && <LimitOfferSlot where="deposit" />}
      <p className="cashier-rg-link">
        <AppLink to={AppPath.responsibleGaming}>{t('rg_deposit_link')}</AppLink>
      </p>
    </section>
  );
}
