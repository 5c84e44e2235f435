import type { DepositMethod, DepositMethodKind } from '@wps/contract/cashier';
import type { MessageKey } from '@/i18n';
import { useT } from '@/i18n/I18nProvider';

/** How each kind of method is paid, in words under its name. */
const KIND_TEXT: Record<DepositMethodKind, MessageKey> = {
  hosted: 'cashier_kind_hosted',
  qr_ph: 'cashier_kind_qr',
  promptpay: 'cashier_kind_qr',
  vietqr: 'cashier_kind_qr',
  bank_transfer: 'cashier_kind_bank',
};

/** The methods as selectable cards: radio buttons under one legend, so the keys and a reader work as usual. */
export function MethodCards({
  methods,
  selected,
  onSelect,
}: {
  methods: readonly DepositMethod[];
  selected: string;
  onSelect: (code: string) => void;
}) {
  const { t } = useT();
  return (
    <fieldset className="cashier-methods">
      <legend className="cashier-legend">{t('cashier_method')}</legend>
      {methods.map((method) => (
        <label key={method.code} className="cashier-method" data-testid={`deposit-method-${method.code}`}>
          <input
            type="radio"
            name="deposit-method"
            value={method.code}
            checked={method.code === selected}
            onChange={() => onSelect(method.code)}
          />
          {/* The merchant's name in its own direction, aligned with the page's. */}
          <span className="cashier-method-name">
            <bdi>{method.name}</bdi>
          </span>
          {/* How it is paid, unless the merchant's name says it already ("Bank transfer"). */}
          {t(KIND_TEXT[method.kind]) !== method.name && (
            <span className="cashier-method-kind">{t(KIND_TEXT[method.kind])}</span>
          )}
        </label>
      ))}
    </fieldset>
  );
}
