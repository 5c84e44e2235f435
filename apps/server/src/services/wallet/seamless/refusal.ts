import type { SeamlessErrorCode } from '@wps/contract/seamless';

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
