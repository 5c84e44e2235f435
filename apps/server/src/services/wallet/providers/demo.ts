import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { z } from 'zod';
import { WalletErrorCode } from '@wps/contract/amounts';
import { DomainError } from '../../errors.js';
import type {
  CreatePayment,
  CreatedPayment,
  PaymentProvider,
  PayoutRequest,
  PayoutResult,
  ProviderAccount,
  ProviderEvent,
  ProviderPayment,
  PspFetch,
} from './types.js';

/**
 * The adapter of "DemoPay", a payment provider shaped like this region's (docs/cashier.md): a REST
 * API with a bearer key, amounts in minor units, a hosted page, QR Ph / PromptPay / VietQR payloads,
 * bank transfers matched by a memo, and Standard Webhooks callbacks (HMAC-SHA256 over
 * `id.timestamp.body`, a 5-minute window). In development its API is the stand-in's.
 */

const TIMEOUT_MS = 8_000;
const minor = z
  .union([z.number().int().nonnegative(), z.string().regex(/^\d{1,18}$/)])
  .transform((value) => BigInt(value));

const paymentSchema = z.object({
  id: z.string().min(1).max(80),
  reference: z.string().min(1).max(80),
  status: z.enum(['pending', 'succeeded', 'failed']),
  amount: minor,
  currency: z.string().regex(/^[A-Z]{3}$/),
});

const actionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('redirect'), url: z.url() }),
  z.object({
    type: z.literal('qr'),
    payload: z.string().min(10).max(1_000),
    format: z.enum(['qr_ph', 'promptpay', 'vietqr']),
  }),
  z.object({
    type: z.literal('bank_transfer'),
    bankName: z.string().max(80),
    accountName: z.string().max(80),
    accountNumber: z.string().max(40),
    memo: z.string().max(40),
  }),
]);

const createdSchema = paymentSchema.extend({ action: actionSchema });
const eventSchema = z.object({
  type: z.enum(['payment.succeeded', 'payment.failed']),
  data: paymentSchema,
});
const payoutSchema = z.object({
  id: z.string().min(1).max(80),
  reference: z.string(),
  status: z.enum(['paid', 'failed', 'pending']),
});

export class DemoPayProvider implements PaymentProvider {
  readonly id = 'demo';
  private readonly webhook: Webhook;

  constructor(
    private readonly account: ProviderAccount,
    private readonly fetchImpl: PspFetch,
  ) {
    this.webhook = new Webhook(account.webhookSecret);
  }

  async createPayment(request: CreatePayment): Promise<CreatedPayment> {
    const body = await this.call('POST', '/v1/payments', {
      reference: request.reference,
      amount: request.amount.toString(),
      currency: request.currency,
      method: request.method,
      return_url: request.returnUrl,
      callback_url: request.callbackUrl,
    });
    const created = createdSchema.parse(body);
    return { providerRef: created.id, action: created.action };
  }

  verifyCallback(headers: Readonly<Record<string, string | undefined>>, rawBody: string): ProviderEvent {
    const id = headers['webhook-id'];
    let payload: unknown;
    try {
      payload = this.webhook.verify(rawBody, {
        'webhook-id': id ?? '',
        'webhook-timestamp': headers['webhook-timestamp'] ?? '',
        'webhook-signature': headers['webhook-signature'] ?? '',
      });
    } catch (error) {
      if (error instanceof WebhookVerificationError || error instanceof Error) {
        throw new DomainError(WalletErrorCode.SIGNATURE_INVALID, 'The callback signature does not verify.');
      }
      throw error;
    }
    const event = eventSchema.safeParse(payload);
    if (!event.success || id === undefined) {
      throw new DomainError('invalid_request', 'Invalid request. Not a payment event.');
    }
    return { id, type: event.data.type, payment: toPayment(event.data.data) };
  }

  async paymentStatus(providerRef: string): Promise<ProviderPayment> {
    return toPayment(
      paymentSchema.parse(await this.call('GET', `/v1/payments/${encodeURIComponent(providerRef)}`)),
    );
  }

  async payout(request: PayoutRequest): Promise<PayoutResult> {
    try {
      const body = await this.call('POST', '/v1/payouts', {
        reference: request.reference,
        amount: request.amount.toString(),
        currency: request.currency,
        account_name: request.accountName,
        account_number: request.accountNumber,
        bank_code: request.bankCode,
      });
      const payout = payoutSchema.parse(body);
      return { status: payout.status, providerRef: payout.id };
    } catch {
      // A time-out or a 5xx says nothing about whether the money left: held until the provider tells.
      return { status: 'unknown', providerRef: null };
    }
  }

  async findPayout(reference: string): Promise<PayoutResult | null> {
    const body = await this.call(
      'GET',
      `/v1/payouts?reference=${encodeURIComponent(reference)}`,
      undefined,
      true,
    );
    if (body === null) return null;
    const payout = payoutSchema.parse(body);
    return { status: payout.status, providerRef: payout.id };
  }

  private async call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    notFoundIsNull = false,
  ): Promise<unknown> {
    let response: Response;
    try {
      response = await this.fetchImpl(`${this.account.apiBase}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.account.apiKey}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        redirect: 'error',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new DomainError(
        'service_unavailable',
        'The payment provider cannot be reached. Try again shortly.',
      );
    }
    if (notFoundIsNull && response.status === 404) return null;
    if (!response.ok) {
      throw new DomainError(
        'service_unavailable',
        'The payment provider cannot be reached. Try again shortly.',
      );
    }
    return (await response.json()) as unknown;
  }
}

function toPayment(data: z.output<typeof paymentSchema>): ProviderPayment {
  return {
    providerRef: data.id,
    reference: data.reference,
    status: data.status,
    amount: data.amount,
    currency: data.currency,
  };
}
