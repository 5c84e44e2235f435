import { useState } from 'react';
import { TrustErrorCode } from '@wps/contract/trust';
import type { CommonSettings } from '@wps/contract/system';
import type { WpsError } from '@/api/errors';
import {
  ageRulesOf,
  ageTermsChecks,
  attestationOf,
  NO_AGE_TERMS,
  type AgeRules,
  type AgeTermsValue,
} from './ageTerms';

/**
 * The age and terms part of a registration form: the rules of the settings, what the member entered,
 * the form's checks (fields `age` and `terms` of useFieldMessages) and what the payload carries. A
 * refusal naming a newer terms version (published meanwhile) asks for that one, unticked.
 */
export function useAgeTerms(settings: CommonSettings | null | undefined) {
  const [value, setValue] = useState<AgeTermsValue>(NO_AGE_TERMS);
  const [newerTerms, setNewerTerms] = useState<number | null>(null);
  const base = ageRulesOf(settings);
  const rules: AgeRules | null =
    base && newerTerms !== null && newerTerms > base.termsVersion
      ? { ...base, termsVersion: newerTerms }
      : base;
  const checks = ageTermsChecks(rules, value);
  // Terms changed while the form was open: the unticked box says so, not only "please accept".
  if (checks.terms && newerTerms !== null) checks.terms = { key: 'rg_terms_required' };
  return {
    rules,
    value,
    setValue,
    checks,
    values: {
      age: rules?.ageCheck === 'date_of_birth' ? value.dateOfBirth : String(value.ageConfirmed),
      terms: String(value.termsAccepted),
    },
    attestation: attestationOf(rules, value),
    afterFailure(error: WpsError) {
      if (error.errorCode !== TrustErrorCode.TERMS_REQUIRED) return;
      const version = (error.data as { version?: unknown } | null | undefined)?.version;
      if (typeof version === 'number') setNewerTerms(version);
      setValue((current) => ({ ...current, termsAccepted: false }));
    },
  };
}
