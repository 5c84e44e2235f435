import type {
  CodeFactorPayload,
  ContactCodePayload,
  ContactRemovePayload,
  ContactVerifyPayload,
  EndSessionPayload,
} from '@wps/contract/schemas/memberArea';
import type {
  EndedSessions,
  MemberMessage,
  MemberSession,
  SecurityStatus,
  TotpConfirmed,
  TotpSetup,
} from '@wps/contract/memberArea';
import type { Paged } from '@wps/contract/games';
import type { SmsRequestResult, UnreadCount } from '@wps/contract/accounts';
import { call } from '@/api/call';

/**
 * The member area's calls (issue 15): the inbox, settings and security, the member's sessions. The
 * screens show their own errors (`handleErrors: false`), but a lost session goes through the error
 * catalogue as everywhere.
 */
const inline = { handleErrors: false } as const;

export function fetchMessages(page: number, pageSize: number): Promise<Paged<MemberMessage>> {
  return call('memberMessages', { page, pageSize }, { noCache: true });
}

export function readMessage(id: number): Promise<UnreadCount> {
  return call('readMemberMessage', { id }, inline);
}

export function fetchSecurityStatus(): Promise<SecurityStatus> {
  return call('securityStatus', {}, { noCache: true });
}

export function setUpTotp(): Promise<TotpSetup> {
  return call('totpSetup', {}, inline);
}

export function confirmTotp(code: string): Promise<TotpConfirmed> {
  return call('totpConfirm', { code }, inline);
}

export function disableTotp(code: string): Promise<null> {
  return call('totpDisable', { code }, inline);
}

export function switchCodeFactor(payload: CodeFactorPayload): Promise<SmsRequestResult | null> {
  return call('codeFactor', payload, inline);
}

/** A code to the email address or mobile number the member adds (nothing is stored yet). */
export function sendContactCode(payload: ContactCodePayload): Promise<SmsRequestResult> {
  return call('contactCode', payload, inline);
}

/** The code back puts the address or number on the account; answers the status after it. */
export function verifyContact(payload: ContactVerifyPayload): Promise<SecurityStatus> {
  return call('contactVerify', payload, inline);
}

export function removeContact(payload: ContactRemovePayload): Promise<SecurityStatus> {
  return call('contactRemove', payload, inline);
}

export function fetchSessions(): Promise<MemberSession[]> {
  return call('memberSessions', {}, { noCache: true });
}

export function endSession(payload: EndSessionPayload): Promise<EndedSessions> {
  return call('endMemberSession', payload, inline);
}
