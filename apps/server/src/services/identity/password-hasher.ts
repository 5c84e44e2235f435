import { hash, verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';

/** `Algorithm.Argon2id` of @node-rs/argon2 (an ambient const enum, which isolated modules cannot read). */
const ARGON2ID = 2;

/** argon2id password hashes (PHC strings); the cost comes from the configuration. */
export class PasswordHasher {
  /**
   * A hash of a random password nobody knows, with the configured cost: what a login of an unknown
   * account is checked against, so it takes as long as a wrong password for a real one. Made once,
   * at start, so no request pays for it.
   */
  private readonly dummy: Promise<string>;

  constructor(private readonly cost: { memoryKib: number; timeCost: number }) {
    this.dummy = this.hash(randomBytes(24).toString('base64url'));
    // Awaited where it is used; a failure must not surface as an unhandled rejection before that.
    this.dummy.catch(() => undefined);
  }

  hash(password: string): Promise<string> {
    return hash(password, {
      algorithm: ARGON2ID,
      memoryCost: this.cost.memoryKib,
      timeCost: this.cost.timeCost,
      parallelism: 1,
    });
  }

  async verify(stored: string, password: string): Promise<boolean> {
    try {
      return await verify(stored, password);
    } catch {
      return false;
    }
  }

  /** The work of `verify` for an account that does not exist, and its answer: false. */
  async verifyNobody(password: string): Promise<false> {
    await this.verify(await this.dummy, password);
    return false;
  }
}
