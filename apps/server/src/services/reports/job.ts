import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { rollUpReports } from './rollup.js';

/** How often the rollups catch up with the ledger: a report is at most this plus SETTLE_MS behind. */
export const ROLLUP_EVERY_MS = 60_000;

/**
 * Runs the rollup job now and every ROLLUP_EVERY_MS (started by main.ts, not by buildApp: a test's
 * app rolls up when the test says so). Every instance may run it: they queue on the watermarks.
 */
export function startReportRollups(db: Db, log: FastifyBaseLogger): () => void {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    rollUpReports(db)
      .then(({ rolledUp }) => {
        if (Object.values(rolledUp).some((rows) => rows > 0)) log.info({ rolledUp }, 'report rollups');
      })
      .catch((error: unknown) => log.warn({ err: error }, 'report rollups failed'))
      .finally(() => (running = false));
  };
  run();
  const timer = setInterval(run, ROLLUP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
