import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { endpoints } from '@wps/contract/endpoints';
import { ModuleId } from '@wps/contract/flags';
import type { LoginResult, RegistrationResult } from '@wps/contract/accounts';
import type { RegistrationPayload } from '@wps/contract/schemas/accounts';
import type { DepositView, PayoutAccountView, WithdrawalView } from '@wps/contract/cashier';
import { TransportHeader } from '@wps/contract/transport';
import type { Db } from '../db/client.js';
import { paymentProviders, payments } from '../db/schema/index.js';
import { KeyEncryptionKey } from '../services/keys/key-encryption-key.js';
import { providerSecretsAad } from '../services/wallet/index.js';
import { DEMO_PASSWORD } from '../seed/members.js';
import {
  get,
  loginPayload,
  LOTUS,
  plainPost,
  registration,
  sealedPost,
  value,
  type CallOptions,
} from './accounts.js';
import { TEST_SECRET_KEY } from './test-app.js';

let serial = 0;

/** A new lotus member (VND), signed in: the call options that act as them. */
export function newLotusMember(
  app: FastifyInstance,
  prefix = 'Cash',
): Promise<CallOptions & { customerId: number; username: string }> {
  return newMemberOn(app, LOTUS, prefix);
}

/**
 * A new member of the merchant at `host` (registered by user name), signed in; `extra` adds to the
 * registration (a captcha pass where the merchant asks for one).
 */
export async function newMemberOn(
  app: FastifyInstance,
  host: string,
  prefix = 'Member',
  extra: Partial<RegistrationPayload> = {},
): Promise<CallOptions & { customerId: number; username: string }> {
  serial += 1;
  const username = `${prefix}${serial}${process.pid % 1000}`;
  const registered = value<RegistrationResult>(
    await sealedPost(
      app,
      endpoints.register.path,
      registration({ username, password: DEMO_PASSWORD, domain: host, ...extra }),
      {
        host,
        headers: { [TransportHeader.moduleId]: ModuleId.REGISTER },
      },
    ),
  );
  return {
    host,
    token: registered.token ?? '',
    customerId: Number(registered.customerId),
    username,
  };
}

/** A new session of a lotus member (the demo password), as signing in again gives one. */
export async function signInAgain<Member extends CallOptions & { username: string }>(
  app: FastifyInstance,
  member: Member,
): Promise<Member> {
  const result = value<LoginResult>(
    await sealedPost(app, endpoints.login.path, loginPayload(member.username, DEMO_PASSWORD), {
      host: LOTUS,
    }),
  );
  return { ...member, token: result.token };
}

/** The merchant's DemoPay webhook secret, opened as the server opens it. */
export async function webhookSecret(db: Db, merchantId: number): Promise<string> {
  const [row] = await db
    .select()
    .from(paymentProviders)
    .where(and(eq(paymentProviders.merchantId, merchantId), eq(paymentProviders.provider, 'demo')));
  const opened =
    row &&
    new KeyEncryptionKey(TEST_SECRET_KEY).open(row.secretsSealed, providerSecretsAad(merchantId, 'demo'));
  if (!opened) throw new Error('no DemoPay account');
  return (JSON.parse(opened.toString('utf8')) as { webhookSecret: string }).webhookSecret;
}

export interface CallbackOptions {
  secret: string;
  eventId?: string;
  /** Seconds since 1970; default now. */
  timestamp?: number;
  type?: 'payment.succeeded' | 'payment.failed';
  amount?: string;
  currency?: string;
  reference: string;
  providerRef: string;
  /** Sign this body but send another (a tampered body). */
  tamper?: (body: string) => string;
  signature?: string;
}

/** A DemoPay callback as the provider sends it: Standard Webhooks headers over the exact body. */
export function signedCallback(options: CallbackOptions): { headers: Record<string, string>; body: string } {
  const eventId = options.eventId ?? `evt_${Math.random().toString(36).slice(2)}`;
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const body = JSON.stringify({
    type: options.type ?? 'payment.succeeded',
    data: {
      id: options.providerRef,
      reference: options.reference,
      status: options.type === 'payment.failed' ? 'failed' : 'succeeded',
      amount: options.amount ?? '0',
      currency: options.currency ?? 'VND',
    },
  });
  const signature =
    options.signature ?? new Webhook(options.secret).sign(eventId, new Date(timestamp * 1000), body);
  return {
    headers: {
      'content-type': 'application/json',
      'webhook-id': eventId,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signature,
    },
    body: options.tamper ? options.tamper(body) : body,
  };
}

export function postCallback(
  app: FastifyInstance,
  callback: { headers: Record<string, string>; body: string },
  host = LOTUS,
) {
  return app.inject({
    method: 'POST',
    url: '/wps/payment/callback/demo',
    headers: { ...callback.headers, host },
    payload: callback.body,
  });
}

export async function providerRefOf(db: Db, paymentId: string): Promise<string> {
  const [row] = await db
    .select({ ref: payments.providerRef })
    .from(payments)
    .where(eq(payments.id, paymentId));
  if (!row?.ref) throw new Error(`payment ${paymentId} has no provider reference`);
  return row.ref;
}

/** Polls the deposit until it leaves `pending` (the stand-in delivers its callback asynchronously). */
export async function settledDeposit(
  app: FastifyInstance,
  options: CallOptions,
  id: string,
): Promise<DepositView> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const view = value<DepositView>(await get(app, `/wps/wallet/deposit/${id}`, options));
    if (view.state !== 'pending') return view;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`deposit ${id} stayed pending`);
}

/** A lotus member with `amount` VND deposited through DemoPay's page (and the bonus, if named). */
export async function fundedLotusMember(
  app: FastifyInstance,
  db: Db,
  amount: string,
  bonus?: string,
): Promise<CallOptions & { customerId: number }> {
  const member = await newLotusMember(app, 'Rich');
  const created = value<DepositView>(
    await plainPost(
      app,
      '/wps/wallet/deposit',
      { requestKey: `fund-${member.customerId}-0000`, method: 'vietqr', amount, ...(bonus ? { bonus } : {}) },
      member,
    ),
  );
  await app.inject({
    method: 'POST',
    url: `/stand-ins/demopay/pay/${await providerRefOf(db, created.id)}`,
    headers: { host: LOTUS, 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'outcome=succeeded',
  });
  const settled = await settledDeposit(app, member, created.id);
  if (settled.state !== 'success') throw new Error('the funding deposit did not succeed');
  return member;
}

/**
 * A lotus member with `funds` VND, a bank payout account and a withdrawal of `amount` waiting for
 * review (lotus asks a second approver above 10,000,000 ₫).
 */
export async function withdrawalInReview(
  app: FastifyInstance,
  db: Db,
  options: { funds: string; amount: string; requestKey: string },
): Promise<{ member: CallOptions & { customerId: number }; withdrawal: WithdrawalView }> {
  const member = await fundedLotusMember(app, db, options.funds);
  const account = value<PayoutAccountView>(
    await sealedPost(
      app,
      '/wps/wallet/payout-accounts',
      {
        kind: 'bank',
        bankCode: 'VCB',
        accountName: 'Nguyen Van A',
        accountNumber: '0123456789',
        password: DEMO_PASSWORD,
      },
      member,
    ),
  );
  const withdrawal = value<WithdrawalView>(
    await plainPost(
      app,
      '/wps/wallet/withdraw',
      { requestKey: options.requestKey, accountId: account.id, amount: options.amount },
      member,
    ),
  );
  return { member, withdrawal };
}
