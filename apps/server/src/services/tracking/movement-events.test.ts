import { describe, expect, it } from 'vitest';
import type { ServerRecordedEvent } from '@wps/contract/tracking';
import { movementPayload } from './movement-events.js';

const facts = (amountMinor: bigint, currency: string) => ({
  merchantId: 1,
  customerId: 42,
  movementId: 'AbCdEfGhIjKlMnOp',
  amountMinor,
  currency,
  at: new Date(0),
});

describe('the payload of a movement’s marketing event (spec sections 3 and 9)', () => {
  it.each<[string, ServerRecordedEvent, bigint, string, number, string, number | undefined]>([
    ['dong have no minor unit', 'deposit', 150_000n, 'VND', 150_000, 'VND', 99],
    ['pesos in centavos', 'firstDepositArrival', 12_345n, 'PHP', 123.45, 'PHP', 99],
    ['TLB is reported as PHP', 'redeposit', 1_000n, 'TLB', 10, 'PHP', 99],
    ['the smallest amount', 'deposit', 1n, 'PHP', 0.01, 'PHP', 99],
    ['a withdrawal carries no content id', 'withdraw', 50_000n, 'THB', 500, 'THB', undefined],
  ])('%s', (_case, name, minor, currency, amount, shown, contentId) => {
    const payload = movementPayload(name, facts(minor, currency));
    expect(payload).toMatchObject({
      customerId: '42',
      amount,
      value: amount,
      revenue: amount,
      af_revenue: amount,
      currency: shown,
      af_currency: shown,
    });
    expect(payload.contentId).toBe(contentId);
  });
});
