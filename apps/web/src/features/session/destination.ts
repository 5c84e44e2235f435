import { AppPath } from '@wps/contract/routes';
import { postLoginDestination } from '@/lib/navigation';

export interface LoginOutcome {
  firstTimeLogin: boolean;
  passwordExpired: boolean;
  /** The password typed (null for SMS and social logins). */
  password: string | null;
}

export interface DestinationRules {
  /** PWDEXPFORCECHANGE3. */
  forceChangeExpired: boolean;
  defaultMobilePassword: string;
}

/** Whether the member must change the password first (spec section 4). */
export function mustChangePassword(outcome: LoginOutcome, rules: DestinationRules): boolean {
  return (
    outcome.firstTimeLogin ||
    (outcome.password !== null && outcome.password === rules.defaultMobilePassword) ||
    (outcome.passwordExpired && rules.forceChangeExpired)
  );
}

/** Where a member goes after login: /m/changePsw when forced, else the safe `go` target or /m/home. */
export function afterLoginDestination(
  outcome: LoginOutcome,
  rules: DestinationRules,
  go: string | null | undefined,
): string {
  return mustChangePassword(outcome, rules) ? AppPath.changePassword : postLoginDestination(go);
}
