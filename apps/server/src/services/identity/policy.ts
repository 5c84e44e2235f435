import {
  DEFAULT_MOBILE_REGISTRATION_PASSWORD,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_PATTERN,
  type LoginResult,
} from '@wps/contract/accounts';
import { ErrorCode } from '@wps/contract/errorCodes';
import { DomainError, invalidRequest } from '../errors.js';
import type { Customer } from './sessions.js';

/** A password a member may choose: 6 to 64 characters, a letter and a digit, not the default one. */
export function checkNewPassword(password: string): void {
  const ok =
    password.length >= PASSWORD_MIN_LENGTH &&
    password.length <= PASSWORD_MAX_LENGTH &&
    /[A-Za-z]/.test(password) &&
    /[0-9]/.test(password) &&
    password !== DEFAULT_MOBILE_REGISTRATION_PASSWORD;
  if (!ok) {
    throw new DomainError(
      ErrorCode.PASSWORD_NOT_ALLOWED,
      `The password needs ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters with a letter and a digit.`,
    );
  }
}

export function checkUsername(username: string): void {
  if (!USERNAME_PATTERN.test(username)) {
    throw invalidRequest('The username needs 4 to 20 letters, digits or underscores.');
  }
}

export function passwordExpired(customer: Customer, now: number): boolean {
  return customer.passwordExpiresAt !== null && customer.passwordExpiresAt.getTime() <= now;
}

/** `termsToAccept`: the terms version the member still has to accept (issue 29); null when none. */
export function loginResult(
  customer: Customer,
  token: string,
  now: number,
  termsToAccept: number | null,
): LoginResult {
  const expired = passwordExpired(customer, now);
  return {
    token,
    // A default-password account is sent to the change as a first-time login is.
    firstTimeLogin: customer.firstTimeLogin || customer.defaultPassword,
    passwordExpired: expired,
    id: String(customer.id),
    userName: customer.username,
    customerType: customer.customerType,
    mustChangePassword: customer.firstTimeLogin || customer.defaultPassword || expired,
    termsToAccept,
  };
}

/** When a password set now expires; null when PASSWORD_EXPIRY_DAYS is 0. */
export function passwordExpiry(now: number, days: number): Date | null {
  return days === 0 ? null : new Date(now + days * 86_400_000);
}

export function maskEmail(email: string | null): string | null {
  if (email === null) return null;
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

export function maskMobile(dialingCode: string | null, mobile: string | null): string | null {
  if (dialingCode === null || mobile === null) return null;
  return `+${dialingCode} ••• ${mobile.slice(-4)}`;
}
