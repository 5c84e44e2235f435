import type { EndpointInput } from '@wps/contract/endpoints';
import type { LoginResult } from '@wps/contract/accounts';
import type { PasskeyCreationOptions, PasskeyInfo, PasskeyRequestOptions } from '@wps/contract/passkeys';
import { call } from '@/api/call';

/**
 * The passkey calls (docs/passkeys.md). Each flow shows its own failure (`handleErrors: false`): the
 * member area's passkey list and the login form's passkey sign-in.
 */

const inline = { handleErrors: false } as const;

export function fetchPasskeys(): Promise<PasskeyInfo[]> {
  return call('passkeys', {}, { noCache: true, ...inline });
}

export function passkeyRegistrationOptions(): Promise<PasskeyCreationOptions> {
  return call('passkeyRegistrationOptions', {}, inline);
}

export function registerPasskey(payload: EndpointInput<'passkeyRegistration'>): Promise<PasskeyInfo> {
  return call('passkeyRegistration', payload, inline);
}

export function renamePasskey(payload: EndpointInput<'passkeyRename'>): Promise<null> {
  return call('passkeyRename', payload, inline);
}

export function deletePasskey(payload: EndpointInput<'passkeyDelete'>): Promise<null> {
  return call('passkeyDelete', payload, inline);
}

export function passkeyLoginOptions(): Promise<PasskeyRequestOptions> {
  return call('passkeyLoginOptions', {}, inline);
}

export function passkeyLogin(payload: EndpointInput<'passkeyLogin'>): Promise<LoginResult> {
  return call('passkeyLogin', payload, inline);
}
