import type { DepositMethodKind, PaymentAction } from '@wps/contract/cashier';

/**
 * What the cashier needs of a payment provider (issue 28): create a payment and tell the member how
 * to pay, verify a callback, ask a payment's status, pay out, and find a payout by our reference.
 * Each provider has a real adapter that follows its protocol; development and tests use the same
 * adapter against the in-process stand-in (src/stand-ins/psp), never a fake inside product code.
 */
export interface PaymentProvider {
  readonly id: string;
  createPayment(request: CreatePayment): Promise<CreatedPayment>;
  /** The verified event of a callback, or a thrown `signature_invalid`; checks the raw body, never a re-serialised one. */
  verifyCallback(headers: Readonly<Record<string, string | undefined>>, rawBody: string): ProviderEvent;
  paymentStatus(providerRef: string): Promise<ProviderPayment>;
  payout(request: PayoutRequest): Promise<PayoutResult>;
  findPayout(reference: string): Promise<PayoutResult | null>;
}

export interface CreatePayment {
  /** Our payment id: the provider echoes it in callbacks. */
  reference: string;
  /** Minor units. */
  amount: bigint;
  currency: string;
  method: DepositMethodKind;
  /** Where the hosted page sends the member back (never trusted to credit). */
  returnUrl: string;
  callbackUrl: string;
}

export interface CreatedPayment {
  providerRef: string;
  action: PaymentAction;
}

export type ProviderPaymentStatus = 'pending' | 'succeeded' | 'failed';

export interface ProviderPayment {
  providerRef: string;
  reference: string;
  status: ProviderPaymentStatus;
  amount: bigint;
  currency: string;
}

export interface ProviderEvent {
  /** The provider's event id (de-duplication). */
  id: string;
  type: 'payment.succeeded' | 'payment.failed';
  payment: ProviderPayment;
}

export interface PayoutRequest {
  reference: string;
  amount: bigint;
  currency: string;
  accountName: string;
  accountNumber: string;
  bankCode: string;
}

/** `unknown`: the provider did not say (a time-out, a 5xx): the money stays held until it does. */
export type PayoutResult = { status: 'paid' | 'failed' | 'pending' | 'unknown'; providerRef: string | null };

/** A provider's account as the merchant configured it, its secrets opened. */
export interface ProviderAccount {
  provider: string;
  apiBase: string;
  apiKey: string;
  /** Standard Webhooks secret (`whsec_…`). */
  webhookSecret: string;
}

export type PspFetch = (url: string, init: RequestInit) => Promise<Response>;
