import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { eq } from 'drizzle-orm';
import { formatAmount } from '@wps/contract/amounts';
import type { Db } from '../../db/client.js';
import { paymentProviders } from '../../db/schema/index.js';
import type { KeyEncryptionKey } from '../../services/keys/key-encryption-key.js';
import { PSP_STAND_IN_BASE, providerSecretsAad, type PspFetch } from '../../services/wallet/index.js';
import { promptPayPayload, qrPhPayload, vietQrPayload } from './qr.js';

/**
 * The DemoPay stand-in (docs/cashier.md): the provider's API as the adapter calls it
 * (`standin://demopay/v1/…`, answered in process), payments and payouts kept in memory, and the
 * signed callbacks it sends when a payment is paid or declined on its hosted page. It speaks the
 * protocol the adapter speaks to a real provider: bearer API key, minor units, Standard Webhooks.
 */

export interface StandInPayment {
  id: string;
  merchantId: number;
  reference: string;
  amount: bigint;
  currency: string;
  method: string;
  status: 'pending' | 'succeeded' | 'failed';
  returnUrl: string;
  callbackUrl: string;
}

interface StandInPayout {
  id: string;
  merchantId: number;
  reference: string;
  status: 'paid' | 'failed' | 'pending';
}

export const PAYOUT_BEHAVIOURS = ['paid', 'failed', 'timeout', 'lost'] as const;
export type PayoutBehaviour = (typeof PAYOUT_BEHAVIOURS)[number];

export interface MerchantKeys {
  merchantId: number;
  apiKey: string;
  webhookSecret: string;
}

/** A signed callback ready to deliver: where to, its headers and its exact body. */
export interface SignedCallback {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export class DemoPayStandIn {
  readonly payments = new Map<string, StandInPayment>();
  private readonly payouts = new Map<string, StandInPayout>();
  /**
   * How the next payouts go (tests and the demo steer it): paid, failed, a time-out before the
   * payout was made, or `lost` — made and paid, but the answer never arrives (the adapter sees a
   * time-out; only asking by reference finds it).
   */
  payoutBehaviour: PayoutBehaviour = 'paid';

  constructor(
    private readonly db: Db,
    private readonly kek: KeyEncryptionKey,
  ) {}

  readonly fetch: PspFetch = async (url, init) => {
    if (!url.startsWith(`${PSP_STAND_IN_BASE}/`)) return json(404, { error: 'not_found' });
    const keys = await this.keysOfBearer(new Headers(init.headers).get('authorization'));
    if (keys === null) return json(401, { error: 'unauthorized' });
    const path = new URL(url.replace('standin://', 'http://'));
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, string>) : {};
    if (init.method === 'POST' && path.pathname === '/v1/payments') return json(201, this.create(keys, body));
    if (init.method === 'GET' && path.pathname.startsWith('/v1/payments/')) {
      const payment = this.payments.get(decodeURIComponent(path.pathname.slice('/v1/payments/'.length)));
      return payment === undefined || payment.merchantId !== keys.merchantId
        ? json(404, { error: 'not_found' })
        : json(200, wirePayment(payment));
    }
    if (init.method === 'POST' && path.pathname === '/v1/payouts') return this.payout(keys, body);
    if (init.method === 'GET' && path.pathname === '/v1/payouts') {
      const reference = path.searchParams.get('reference') ?? '';
      const payout = [...this.payouts.values()].find(
        (each) => each.reference === reference && each.merchantId === keys.merchantId,
      );
      return payout === undefined ? json(404, { error: 'not_found' }) : json(200, payout);
    }
    return json(404, { error: 'not_found' });
  };

  /** The member paid or declined on the hosted page (or in the banking app, for a QR or transfer). */
  async complete(paymentId: string, outcome: 'succeeded' | 'failed'): Promise<SignedCallback | null> {
    const payment = this.payments.get(paymentId);
    if (payment?.status !== 'pending') return null;
    payment.status = outcome;
    return this.signedCallback(payment);
  }

  /** The callback of a payment's current state, signed now (a redelivery gets a new event id). */
  async signedCallback(payment: StandInPayment, eventId = `evt_${randomBytes(9).toString('base64url')}`) {
    const keys = await this.keysOfMerchant(payment.merchantId);
    if (keys === null) return null;
    const body = JSON.stringify({
      type: payment.status === 'succeeded' ? 'payment.succeeded' : 'payment.failed',
      data: wirePayment(payment),
    });
    // The provider's own clock, not the merchant server's (tests move that one).
    const timestamp = new Date();
    const signature = new Webhook(keys.webhookSecret).sign(eventId, timestamp, body);
    return {
      url: payment.callbackUrl,
      headers: {
        'content-type': 'application/json',
        'webhook-id': eventId,
        'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
        'webhook-signature': signature,
      },
      body,
    };
  }

  private create(keys: MerchantKeys, body: Record<string, string>) {
    const id = `pay_${randomBytes(9).toString('base64url')}`;
    const currency = body.currency ?? '';
    const payment: StandInPayment = {
      id,
      merchantId: keys.merchantId,
      reference: body.reference ?? '',
      amount: BigInt(body.amount ?? '0'),
      currency,
      method: body.method ?? 'hosted',
      status: 'pending',
      returnUrl: body.return_url ?? '',
      callbackUrl: body.callback_url ?? '',
    };
    this.payments.set(id, payment);
    const major = formatAmount(payment.amount, currency);
    const memo = `DP${id.slice(-6).toUpperCase()}`;
    const action =
      payment.method === 'promptpay'
        ? { type: 'qr', format: 'promptpay', payload: promptPayPayload(major) }
        : payment.method === 'vietqr'
          ? { type: 'qr', format: 'vietqr', payload: vietQrPayload(major, memo) }
          : payment.method === 'qr_ph'
            ? { type: 'qr', format: 'qr_ph', payload: qrPhPayload(major, payment.reference) }
            : payment.method === 'bank_transfer'
              ? {
                  type: 'bank_transfer',
                  bankName: 'DemoBank',
                  accountName: 'DEMOPAY CLIENT FUNDS',
                  accountNumber: '001234567890',
                  memo,
                }
              : { type: 'redirect', url: `${originOf(payment.returnUrl)}/stand-ins/demopay/pay/${id}` };
    return { ...wirePayment(payment), action };
  }

  private payout(keys: MerchantKeys, body: Record<string, string>): Response {
    if (this.payoutBehaviour === 'timeout') return json(504, { error: 'gateway_timeout' });
    const reference = body.reference ?? '';
    const existing = [...this.payouts.values()].find(
      (each) => each.reference === reference && each.merchantId === keys.merchantId,
    );
    // A provider pays a reference once: a repeat answers the first payout.
    if (existing !== undefined) return json(200, existing);
    const payout: StandInPayout = {
      id: `po_${randomBytes(9).toString('base64url')}`,
      merchantId: keys.merchantId,
      reference,
      status: this.payoutBehaviour === 'failed' ? 'failed' : 'paid',
    };
    this.payouts.set(payout.id, payout);
    return this.payoutBehaviour === 'lost' ? json(504, { error: 'gateway_timeout' }) : json(201, payout);
  }

  private async keysOfBearer(authorization: string | null): Promise<MerchantKeys | null> {
    if (authorization === null || !authorization.startsWith('Bearer ')) return null;
    const key = authorization.slice('Bearer '.length);
    for (const keys of await this.allKeys()) if (keys.apiKey === key) return keys;
    return null;
  }

  private async keysOfMerchant(merchantId: number): Promise<MerchantKeys | null> {
    return (await this.allKeys()).find((keys) => keys.merchantId === merchantId) ?? null;
  }

  private async allKeys(): Promise<MerchantKeys[]> {
    const rows = await this.db.select().from(paymentProviders).where(eq(paymentProviders.provider, 'demo'));
    return rows.flatMap((row) => {
      const opened = this.kek.open(row.secretsSealed, providerSecretsAad(row.merchantId, row.provider));
      if (opened === null) return [];
      const secrets = JSON.parse(opened.toString('utf8')) as { apiKey: string; webhookSecret: string };
      return [{ merchantId: row.merchantId, ...secrets }];
    });
  }
}

function wirePayment(payment: StandInPayment) {
  return {
    id: payment.id,
    reference: payment.reference,
    status: payment.status,
    amount: payment.amount.toString(),
    currency: payment.currency,
  };
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
