import { parseAmount, WalletErrorCode } from '@wps/contract/amounts';
import { SeamlessErrorCode } from '@wps/contract/seamless';
import { TrustErrorCode } from '@wps/contract/trust';
import { DomainError } from '../../errors.js';

/**
 * A refusal of the vendor API: one of its own codes (`SeamlessErrorCode`, each with its status in
 * `SEAMLESS_STATUS`), not the /wps error table, since a vendor's server reads it, not a person. Thrown
 * inside a money write, it rolls the write back: a refusal writes nothing.
 */
export class SeamlessRefusal extends Error {
  constructor(
    readonly code: SeamlessErrorCode,
    message: string,
    /** NOT_ENOUGH_MONEY: the balance the bet did not fit in, minor units. */
    readonly balance?: { amount: bigint; currency: string },
  ) {
    super(message);
    this.name = 'SeamlessRefusal';
  }
}

/** The ledger's refusals in the vendor API's codes; a unique-key race on a transaction id is a duplicate. */
export function translate(error: unknown): unknown {
  if (error instanceof DomainError) {
    if (error.code === TrustErrorCode.BREAK_ACTIVE) {
      return new SeamlessRefusal(SeamlessErrorCode.PLAYER_BLOCKED, 'The player is taking a break from play.');
    }
    if (error.code === TrustErrorCode.LIMIT_REACHED || error.code === TrustErrorCode.STAKE_CAP) {
      return new SeamlessRefusal(
        SeamlessErrorCode.LIMIT_EXCEEDED,
        'This bet would pass a limit on the player.',
      );
    }
    if (error.code === WalletErrorCode.IDEMPOTENCY_CONFLICT) {
      return new SeamlessRefusal(
        SeamlessErrorCode.DUPLICATE_TRANSACTION,
        'This transaction id was already used with another body.',
      );
    }
    if (error.code === WalletErrorCode.INSUFFICIENT_FUNDS) {
      const data = error.data as { currency: string; balance: string };
      return new SeamlessRefusal(SeamlessErrorCode.NOT_ENOUGH_MONEY, 'The balance does not cover this bet.', {
        amount: parseAmount(data.balance, data.currency) ?? 0n,
        currency: data.currency,
      });
    }
  }
  if (sqlState(error) === '23505') {
    return new SeamlessRefusal(
      SeamlessErrorCode.DUPLICATE_TRANSACTION,
      'This transaction id was already used.',
    );
  }
  return error;
}

function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current !== null && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
