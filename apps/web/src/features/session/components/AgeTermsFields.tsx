import { useId } from 'react';
import { useT } from '@/i18n/I18nProvider';
import { Field } from '@/ui/form';
import type { AgeRules, AgeTermsValue } from '@/features/session/ageTerms';

/** The terms page; opened in a new tab so the form keeps what was typed. */
export const TERMS_PATH = '/m/legal/terms';

interface AgeTermsFieldsProps {
  rules: AgeRules;
  value: AgeTermsValue;
  onChange: (value: AgeTermsValue) => void;
  errors: { age: string | null; terms: string | null };
  /** The agent creating a sub-account attests the member's age: the labels say "the member". */
  forMember?: boolean;
}

/**
 * The age as the merchant's profile asks it — a confirmation tick, or the date of birth — and the
 * acceptance of the current terms with a link to them (issue 29). Errors sit under their control.
 */
export function AgeTermsFields({ rules, value, onChange, errors, forMember = false }: AgeTermsFieldsProps) {
  const { t } = useT();
  const id = useId();
  const params = { minAge: rules.minAge };
  const today = new Date().toISOString().slice(0, 10);
  return (
    <>
      {rules.ageCheck === 'date_of_birth' ? (
        <Field
          label={t(forMember ? 'reg_dob_member' : 'reg_dob')}
          name="dateOfBirth"
          type="date"
          autoComplete={forMember ? 'off' : 'bday'}
          max={today}
          min="1900-01-01"
          value={value.dateOfBirth}
          error={errors.age}
          hint={t('reg_dob_hint', params)}
          onChange={(event) => onChange({ ...value, dateOfBirth: event.currentTarget.value })}
        />
      ) : (
        <div className="auth-field">
          <label className="auth-check">
            <input
              type="checkbox"
              name="ageConfirmed"
              checked={value.ageConfirmed}
              aria-invalid={errors.age ? true : undefined}
              aria-describedby={errors.age ? `${id}-age` : undefined}
              onChange={(event) => onChange({ ...value, ageConfirmed: event.currentTarget.checked })}
            />
            {t(forMember ? 'reg_age_confirm_member' : 'reg_age_confirm', params)}
          </label>
          {errors.age && (
            <p id={`${id}-age`} className="auth-error" role="alert">
              {errors.age}
            </p>
          )}
        </div>
      )}
      {rules.termsVersion > 0 && (
        <div className="auth-field">
          <label className="auth-check">
            <input
              type="checkbox"
              name="termsAccepted"
              checked={value.termsAccepted}
              aria-invalid={errors.terms ? true : undefined}
              aria-describedby={errors.terms ? `${id}-terms` : undefined}
              onChange={(event) => onChange({ ...value, termsAccepted: event.currentTarget.checked })}
            />
            {t(forMember ? 'reg_terms_accept_member' : 'reg_terms_accept')}
          </label>
          <a className="auth-hint" href={TERMS_PATH} target="_blank" rel="noopener">
            {t('legal_terms_read')}
          </a>
          {errors.terms && (
            <p id={`${id}-terms`} className="auth-error" role="alert">
              {errors.terms}
            </p>
          )}
        </div>
      )}
    </>
  );
}
