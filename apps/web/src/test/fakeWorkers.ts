import { vi } from 'vitest';

/** A stand-in Worker whose answer the test gives (`dispatchEvent(new Event('message'))`) or not. */
export interface FakeWorker extends EventTarget {
  readonly url: URL | string;
  readonly asked: unknown[];
  terminated: boolean;
}

/**
 * Replaces the global Worker (jsdom has none) with workers that record what they were asked and
 * answer only when the test says so; the list fills as the code under test makes them. Undo with
 * `vi.unstubAllGlobals()`.
 */
export function fakeWorkers(): FakeWorker[] {
  const made: FakeWorker[] = [];
  class StandInWorker extends EventTarget implements FakeWorker {
    readonly asked: unknown[] = [];
    terminated = false;
    constructor(readonly url: URL | string) {
      super();
      made.push(this);
    }
    postMessage(data: unknown) {
      this.asked.push(data);
    }
    terminate() {
      this.terminated = true;
    }
  }
  vi.stubGlobal('Worker', StandInWorker);
  return made;
}
