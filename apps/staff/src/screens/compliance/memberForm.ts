import { t } from '@/i18n/t';

/** The fields both compliance forms share, read and checked before anything is sent. */
export interface MemberFields {
  customerId: string;
  reason: string;
}

export interface MemberFieldErrors {
  customerId: string | null;
  reason: string | null;
}

export function memberFields(form: FormData): {
  fields: MemberFields;
  errors: MemberFieldErrors;
  valid: boolean;
} {
  const fields = {
    customerId: String(form.get('customerId') ?? '').trim(),
    reason: String(form.get('reason') ?? '').trim(),
  };
  const errors = {
    customerId: /^[1-9]\d{0,9}$/.test(fields.customerId) ? null : t('invalid_member_id'),
    reason: fields.reason.length >= 3 ? null : t('invalid_reason'),
  };
  return { fields, errors, valid: errors.customerId === null && errors.reason === null };
}

export const NO_ERRORS: MemberFieldErrors = { customerId: null, reason: null };
