/** A clock tests move by hand, so rotation and rate-limit windows need no sleeping. */
export class TestClock {
  /** A minute boundary, so rate-limit windows start at the clock's start. */
  static readonly START = Date.UTC(2030, 0, 1, 12, 0, 0);
  private ms = TestClock.START;

  readonly now = (): number => this.ms;

  advance(ms: number): void {
    this.ms += ms;
  }

  set(ms: number): void {
    this.ms = ms;
  }
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
