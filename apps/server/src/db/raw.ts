import type { SQL } from 'drizzle-orm';

/** What a transaction's raw queries run on: drizzle's database or transaction handle. */
export interface SqlRunner {
  execute(query: SQL): PromiseLike<unknown>;
}

/**
 * The rows of a raw query on either backend (node-postgres and PGlite both answer `{ rows }`).
 * Money columns are selected as text (`::text`) and parsed with BigInt, so neither driver's int8
 * parsing can round them.
 */
export async function rowsOf<Row>(runner: SqlRunner, query: SQL): Promise<Row[]> {
  const result = (await runner.execute(query)) as { rows: Row[] };
  return result.rows;
}
