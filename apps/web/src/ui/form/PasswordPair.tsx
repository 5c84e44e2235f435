import { useT } from '@/i18n/I18nProvider';
import type { MessageKey } from '@/i18n';
import { passwordRules } from '@/ui/form/formRules';
import { Field } from './Field';

interface PasswordPairProps {
  /** auth_password (registration) or auth_new_password (change, reset). */
  label: MessageKey;
  /** The input name of the password (the confirmation is `confirmPassword`). */
  name: string;
  password: string;
  confirm: string;
  onPasswordChange: (value: string) => void;
  onConfirmChange: (value: string) => void;
  /** The translated messages under each field. */
  passwordMessage: string | null;
  confirmMessage: string | null;
  onPasswordLeave?: () => void;
  onConfirmLeave?: () => void;
}

/**
 * The form kit's new password and its confirmation: the password rules show under the first field
 * from the start and are checked as the member types.
 */
export function PasswordPair(props: PasswordPairProps) {
  const { t } = useT();
  return (
    <>
      <Field
        label={t(props.label)}
        name={props.name}
        type="password"
        autoComplete="new-password"
        value={props.password}
        error={props.passwordMessage}
        rules={passwordRules(props.password)}
        onChange={(event) => props.onPasswordChange(event.currentTarget.value)}
        onBlur={props.onPasswordLeave}
      />
      <Field
        label={t('auth_password_confirm')}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={props.confirm}
        error={props.confirmMessage}
        onChange={(event) => props.onConfirmChange(event.currentTarget.value)}
        onBlur={props.onConfirmLeave}
      />
    </>
  );
}
