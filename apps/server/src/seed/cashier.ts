import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  cashierMethods,
  cashierSettings,
  depositBonusOffers,
  merchants,
  paymentProviders,
} from '../db/schema/index.js';
import type { KeyEncryptionKey } from '../services/keys/key-encryption-key.js';
import { PSP_STAND_IN_BASE, providerSecretsAad } from '../services/wallet/index.js';
import type { DepositMethodKind } from '@wps/contract/cashier';

interface MethodSeed {
  code: string;
  kind: DepositMethodKind;
  name: string;
  /** Major units, as the merchant would type them. */
  min: number;
  max: number;
  dailyMax: number;
  presets: number[];
}

const HUNDRED = 100n;

/** Withdrawals per merchant (major units): limits, and the amount above which two staff approve. */
const WITHDRAW: Readonly<
  Record<string, { min: number; max: number; dailyMax: number; secondApprovalAbove: number }>
> = {
  aurora: { min: 200, max: 100_000, dailyMax: 200_000, secondApprovalAbove: 20_000 },
  lotus: { min: 100_000, max: 200_000_000, dailyMax: 400_000_000, secondApprovalAbove: 10_000_000 },
  orbit: { min: 20, max: 10_000, dailyMax: 20_000, secondApprovalAbove: 1_000 },
};

/** The demo merchants' deposit methods (docs/cashier.md): each country's usual ways to pay. */
const METHODS: Readonly<Record<string, { exponent: bigint; methods: MethodSeed[] }>> = {
  aurora: {
    exponent: HUNDRED,
    methods: [
      {
        code: 'qrph',
        kind: 'qr_ph',
        name: 'QR Ph (InstaPay)',
        min: 100,
        max: 50_000,
        dailyMax: 100_000,
        presets: [100, 500, 1_000, 5_000],
      },
      {
        code: 'ewallet',
        kind: 'hosted',
        name: 'E-wallet (DemoPay)',
        min: 100,
        max: 20_000,
        dailyMax: 50_000,
        presets: [100, 500, 1_000, 5_000],
      },
      {
        code: 'bank',
        kind: 'bank_transfer',
        name: 'Bank transfer',
        min: 500,
        max: 100_000,
        dailyMax: 200_000,
        presets: [1_000, 5_000, 10_000],
      },
    ],
  },
  lotus: {
    exponent: 1n,
    methods: [
      {
        code: 'vietqr',
        kind: 'vietqr',
        name: 'VietQR',
        min: 50_000,
        max: 50_000_000,
        dailyMax: 100_000_000,
        presets: [100_000, 200_000, 500_000, 1_000_000],
      },
      {
        code: 'bank',
        kind: 'bank_transfer',
        name: 'Chuyển khoản ngân hàng',
        min: 100_000,
        max: 100_000_000,
        dailyMax: 200_000_000,
        presets: [500_000, 1_000_000, 5_000_000],
      },
      // An e-wallet paid on the provider's page: the one lotus method a browser can pay on its own
      // (a QR or a transfer needs the provider's reference), as the cashier journey's e2e does.
      {
        code: 'ewallet',
        kind: 'hosted',
        name: 'Ví điện tử (DemoPay)',
        min: 50_000,
        max: 20_000_000,
        dailyMax: 50_000_000,
        presets: [100_000, 200_000, 500_000, 1_000_000],
      },
    ],
  },
  orbit: {
    exponent: HUNDRED,
    methods: [
      {
        code: 'card',
        kind: 'hosted',
        name: 'Card (DemoPay)',
        min: 10,
        max: 5_000,
        dailyMax: 10_000,
        presets: [10, 50, 100, 500],
      },
      {
        code: 'promptpay',
        kind: 'promptpay',
        name: 'PromptPay',
        min: 10,
        max: 2_000,
        dailyMax: 5_000,
        presets: [20, 50, 100],
      },
    ],
  },
};

/**
 * The cashier's demo data where missing: each demo merchant's DemoPay account (the local stand-in,
 * with fresh random secrets sealed at rest), its deposit methods and two deposit bonuses.
 */
export async function seedCashier(db: Db, kek: KeyEncryptionKey): Promise<void> {
  for (const [code, seed] of Object.entries(METHODS)) {
    const [merchant] = await db
      .select({ id: merchants.id, currency: merchants.currency })
      .from(merchants)
      .where(eq(merchants.code, code));
    if (merchant === undefined) continue;
    const secrets = JSON.stringify({
      apiKey: `sk_demo_${randomBytes(18).toString('base64url')}`,
      webhookSecret: `whsec_${randomBytes(24).toString('base64')}`,
    });
    await db
      .insert(paymentProviders)
      .values({
        merchantId: merchant.id,
        provider: 'demo',
        apiBase: PSP_STAND_IN_BASE,
        secretsSealed: kek.seal(Buffer.from(secrets), providerSecretsAad(merchant.id, 'demo')),
      })
      .onConflictDoNothing();
    const minor = (major: number) => BigInt(major) * seed.exponent;
    await db
      .insert(cashierMethods)
      .values(
        seed.methods.map((method, sort) => ({
          merchantId: merchant.id,
          code: method.code,
          direction: 'deposit' as const,
          kind: method.kind,
          provider: 'demo',
          name: method.name,
          currency: merchant.currency,
          minAmount: minor(method.min),
          maxAmount: minor(method.max),
          dailyMax: minor(method.dailyMax),
          presets: method.presets.map(minor),
          sort,
        })),
      )
      .onConflictDoNothing();
    const withdraw = WITHDRAW[code];
    if (withdraw !== undefined) {
      await db
        .insert(cashierMethods)
        .values({
          merchantId: merchant.id,
          code: 'bank',
          direction: 'withdraw',
          kind: 'bank_transfer',
          provider: 'demo',
          name: 'Bank or e-wallet',
          currency: merchant.currency,
          minAmount: minor(withdraw.min),
          maxAmount: minor(withdraw.max),
          dailyMax: minor(withdraw.dailyMax),
          presets: [],
        })
        .onConflictDoNothing();
      await db
        .insert(cashierSettings)
        .values({ merchantId: merchant.id, secondApprovalAbove: minor(withdraw.secondApprovalAbove) })
        .onConflictDoNothing();
    }
    await db
      .insert(depositBonusOffers)
      .values([
        {
          merchantId: merchant.id,
          code: 'WELCOME100',
          percent: 100,
          maxBonus: minor(code === 'lotus' ? 2_000_000 : code === 'orbit' ? 100 : 5_000),
          turnoverMultiplier: 10,
          firstDepositOnly: true,
        },
        {
          merchantId: merchant.id,
          code: 'RELOAD10',
          percent: 10,
          maxBonus: minor(code === 'lotus' ? 500_000 : code === 'orbit' ? 20 : 1_000),
          turnoverMultiplier: 5,
        },
      ])
      .onConflictDoNothing();
  }
}
