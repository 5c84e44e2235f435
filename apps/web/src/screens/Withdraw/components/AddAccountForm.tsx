import { useRef, useState, type FormEvent } from 'react';
import type { PayoutAccountView } from '@wps/contract/cashier';
import { addPayoutAccount } from '@/api/endpoints/wallet';
import { useT } from '@/i18n/I18nProvider';
import { Field } from '@/ui/form';
import {
  accountDigits,
  accountErrorMessage,
  accountMessages,
  type AccountDraft,
  type AccountField,
  type AccountMessage,
} from './withdrawRules';

/**
 * Binds a bank account or an e-wallet (issue 28 item 4): its type, the bank's or wallet's code, the
 * name (the member's own: once one account is bound, every other must carry the same name, so it
 * is filled in) and the number, confirmed with the member's password.
 */
export function AddAccountForm({
  holderName,
  onAdded,
  onCancel,
}: {
  holderName: string | null;
  onAdded: (account: PayoutAccountView) => void;
  /** Null when there is no account yet: the form is the only way on. */
  onCancel: (() => void) | null;
}) {
  const { t } = useT();
  const [draft, setDraft] = useState<AccountDraft>({
    kind: 'bank',
    bankCode: '',
    accountName: holderName ?? '',
    accountNumber: '',
    password: '',
  });
  const [touched, setTouched] = useState(false);
  const [refused, setRefused] = useState<{ field: AccountField | null; message: AccountMessage } | null>(
    null,
  );
  const [sending, setSending] = useState(false);
  // A second press while the first is on its way is ignored before React re-renders the button.
  const inFlight = useRef(false);

  const messages = accountMessages(draft);
  const say = (message: AccountMessage | undefined) =>
    message === undefined ? null : t(message.key, message.params);
  // The server's word on a field stands until that field is edited (the cleared password included).
  const messageOf = (field: AccountField) =>
    refused?.field === field ? say(refused.message) : touched ? say(messages[field]) : null;
  const set = (field: keyof AccountDraft, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    if (refused?.field === field) setRefused(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(messages).length > 0 || inFlight.current) return;
    inFlight.current = true;
    setSending(true);
    setRefused(null);
    try {
      const account = await addPayoutAccount({
        kind: draft.kind,
        bankCode: draft.bankCode.trim(),
        accountName: draft.accountName.trim(),
        accountNumber: accountDigits(draft.accountNumber),
        password: draft.password,
      });
      onAdded(account);
    } catch (error) {
      setRefused(accountErrorMessage(error));
      setDraft((current) => ({ ...current, password: '' }));
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  return (
    <form
      className="screen-card cashier-form"
      noValidate
      aria-labelledby="withdraw-add-title"
      aria-busy={sending}
      onSubmit={(event) => void submit(event)}
      data-testid="withdraw-add-account"
    >
      <h2 id="withdraw-add-title" className="withdraw-section-title">
        {t('withdraw_add_account')}
      </h2>
      <fieldset className="cashier-methods withdraw-kinds">
        <legend className="cashier-legend">{t('withdraw_account_type')}</legend>
        {(['bank', 'ewallet'] as const).map((kind) => (
          <label key={kind} className="cashier-method">
            <input
              type="radio"
              name="withdraw-account-kind"
              value={kind}
              checked={draft.kind === kind}
              onChange={() => setDraft((current) => ({ ...current, kind }))}
            />
            <span className="cashier-method-name">
              {t(kind === 'bank' ? 'withdraw_kind_bank' : 'withdraw_kind_ewallet')}
            </span>
          </label>
        ))}
      </fieldset>
      <Field
        label={t(draft.kind === 'bank' ? 'withdraw_bank_code' : 'withdraw_wallet_code')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={20}
        dir="ltr"
        value={draft.bankCode}
        onChange={(event) => set('bankCode', event.target.value)}
        error={messageOf('bankCode')}
        hint={t('withdraw_bank_code_hint')}
      />
      <Field
        label={t('cashier_account_name')}
        autoComplete="name"
        maxLength={80}
        value={draft.accountName}
        onChange={(event) => set('accountName', event.target.value)}
        error={messageOf('accountName')}
        hint={
          holderName === null
            ? t('withdraw_account_name_hint')
            : t('withdraw_name_must', { name: holderName })
        }
      />
      <Field
        label={t('cashier_account_number')}
        inputMode="numeric"
        autoComplete="off"
        maxLength={30}
        dir="ltr"
        value={draft.accountNumber}
        onChange={(event) => set('accountNumber', event.target.value)}
        error={messageOf('accountNumber')}
      />
      <Field
        label={t('auth_password')}
        type="password"
        autoComplete="current-password"
        maxLength={128}
        value={draft.password}
        onChange={(event) => set('password', event.target.value)}
        error={messageOf('password')}
        hint={t('withdraw_password_hint')}
      />
      {refused !== null && refused.field === null && (
        <p className="auth-error" role="alert" data-testid="withdraw-account-error">
          {say(refused.message)}
        </p>
      )}
      <div className="withdraw-actions">
        <button type="submit" className="button button-primary cashier-submit" disabled={sending}>
          {sending ? t('loading') : t('withdraw_save_account')}
        </button>
        {onCancel && (
          <button type="button" className="button button-ghost cashier-submit" onClick={onCancel}>
            {t('cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
