import { useT } from '@/i18n/I18nProvider';
import { DialingCodeSelect } from '@/ui/form/DialingCodeSelect';
import { Field } from '@/ui/form/Field';
import { mobileCharactersMessage } from '@/ui/form/phoneRules';

interface MobileNumberFieldProps {
  dialingCode: string;
  onDialingCodeChange: (code: string) => void;
  value: string;
  onChange: (value: string) => void;
  /** The form's message for the field (after leaving it or submitting), e.g. its length. */
  error?: string | null;
  onBlur?: () => void;
  name?: string;
}

/**
 * The country code and the mobile number of every form: a phone keypad, and a message as soon as
 * something no number has is typed (letters, emoji), before the form's own messages.
 */
export function MobileNumberField(props: MobileNumberFieldProps) {
  const { t } = useT();
  const characters = mobileCharactersMessage(props.value);
  return (
    <div className="auth-field-row">
      <DialingCodeSelect value={props.dialingCode} onChange={props.onDialingCodeChange} />
      <Field
        label={t('auth_mobile')}
        name={props.name ?? 'mobileNum'}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        value={props.value}
        error={props.error ?? (characters === null ? null : t(characters.key, characters.params))}
        onChange={(event) => props.onChange(event.currentTarget.value)}
        onBlur={props.onBlur}
      />
    </div>
  );
}
