import { describe, expect, it } from 'vitest';
import { testSettings } from '@/test/settingsFixture';
import {
  ageOn,
  ageRulesOf,
  ageTermsChecks,
  attestationOf,
  NO_AGE_TERMS,
  socialAttestation,
} from './ageTerms';

const TODAY = new Date(Date.UTC(2026, 5, 15, 23, 59));
const DOB = { minAge: 21, ageCheck: 'date_of_birth', termsVersion: 2 } as const;
const CONFIRM = { minAge: 18, ageCheck: 'confirm', termsVersion: 0 } as const;

describe('the age and terms of a registration (issue 29)', () => {
  it.each([
    ['the 21st birthday', '2005-06-15', 21],
    ['the day before it', '2005-06-16', 20],
    ['29 February, in a year without one', '2004-02-29', 22],
    ['a date that does not exist', '2005-02-30', null],
    ['not a date', '15/06/2005', null],
    ['empty', '', null],
  ])('counts whole years on %s', (_name, date, expected) => {
    expect(ageOn(date, TODAY)).toBe(expected);
  });

  it.each([
    ['a date-of-birth profile, nothing entered', DOB, NO_AGE_TERMS, 'reg_dob_invalid', 'reg_terms_required'],
    ['under age', DOB, { ...NO_AGE_TERMS, dateOfBirth: '2005-06-16' }, 'rg_under_age', 'reg_terms_required'],
    [
      '1900-01-01',
      DOB,
      { ...NO_AGE_TERMS, dateOfBirth: '1900-01-01', termsAccepted: true },
      'reg_dob_invalid',
      null,
    ],
    [
      'of age, terms ticked',
      DOB,
      { ...NO_AGE_TERMS, dateOfBirth: '2005-06-15', termsAccepted: true },
      null,
      null,
    ],
    ['a confirmation profile, unticked', CONFIRM, NO_AGE_TERMS, 'reg_age_required', null],
    ['ticked, no terms published', CONFIRM, { ...NO_AGE_TERMS, ageConfirmed: true }, null, null],
  ])('%s', (_name, rules, value, age, terms) => {
    const checks = ageTermsChecks(rules, value, TODAY);
    expect([checks.age?.key ?? null, checks.terms?.key ?? null]).toEqual([age, terms]);
  });

  it('sends what the profile asks; a server naming no rules asks nothing', () => {
    const value = { ageConfirmed: true, dateOfBirth: '2000-01-02', termsAccepted: true };
    expect(attestationOf(DOB, value)).toEqual({ dateOfBirth: '2000-01-02', termsVersion: 2 });
    expect(attestationOf(CONFIRM, value)).toEqual({ ageConfirmed: true });
    expect(attestationOf(null, value)).toEqual({});
    expect(socialAttestation(DOB)).toEqual({ ageConfirmed: true, termsVersion: 2 });
    expect(ageRulesOf(testSettings([]))).toBeNull();
    expect(ageRulesOf({ ...testSettings([]), trust: { minAge: 18, licence: null } })).toEqual({
      minAge: 18,
      ageCheck: 'confirm',
      termsVersion: 0,
    });
  });
});
