// Runs before `vite build` (apps/web's build script): moves the current build's hashed assets into
// dist/previous/assets, keeps those a deploy retired less than RETAIN_MS ago, and empties the rest of
// dist for the new build. The server answers /m/assets/<file> from dist/previous/assets when the new
// build has no such file, so a page still running the previous build can load its lazy chunks for at
// least 24 hours after a deploy.
//
//   tsx scripts/retain-assets.ts <dist folder>
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const RETAIN_MS = 24 * 60 * 60 * 1000;
export const PREVIOUS_DIR = 'previous';
const RECORD = 'retained.json';

/** File (relative to assets/) → when a deploy retired it (ms since the epoch). */
export type Retained = Record<string, number>;

/**
 * What stays in previous/: the assets being replaced now (retired now), and files retired earlier
 * for less than `retainMs`. `drop` lists the older ones to delete.
 */
export function retentionPlan(
  recorded: Retained,
  current: readonly string[],
  now: number,
  retainMs = RETAIN_MS,
): { keep: Retained; drop: string[] } {
  const keep: Retained = {};
  const drop: string[] = [];
  for (const [file, at] of Object.entries(recorded)) {
    if (now - at < retainMs) keep[file] = at;
    else drop.push(file);
  }
  for (const file of current) {
    keep[file] = now;
    const index = drop.indexOf(file);
    if (index !== -1) drop.splice(index, 1);
  }
  return { keep, drop: drop.sort() };
}

function listFiles(dir: string, base = dir): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path, base) : [relative(base, path)];
  });
}

function readRecord(file: string): Retained {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
    );
  } catch {
    return {};
  }
}

/** Moves dist/assets into dist/previous/assets, prunes it, and removes everything else in dist. */
export function retainAssets(dist: string, now = Date.now()): { kept: number; dropped: number } {
  const previous = join(dist, PREVIOUS_DIR);
  const previousAssets = join(previous, 'assets');
  const recordFile = join(previous, RECORD);
  const current = listFiles(join(dist, 'assets'));
  const plan = retentionPlan(readRecord(recordFile), current, now);
  for (const file of plan.drop) rmSync(join(previousAssets, file), { force: true });
  for (const file of current) {
    const target = join(previousAssets, file);
    mkdirSync(dirname(target), { recursive: true });
    renameSync(join(dist, 'assets', file), target);
  }
  // Files on disk the record does not know (an interrupted run) go too.
  for (const file of listFiles(previousAssets)) {
    if (!(file in plan.keep)) rmSync(join(previousAssets, file), { force: true });
  }
  if (existsSync(dist)) {
    for (const name of readdirSync(dist)) {
      if (name !== PREVIOUS_DIR) rmSync(join(dist, name), { recursive: true, force: true });
    }
  }
  mkdirSync(previous, { recursive: true });
  writeFileSync(recordFile, `${JSON.stringify(plan.keep, null, 1)}\n`);
  return { kept: Object.keys(plan.keep).length, dropped: plan.drop.length };
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dist = process.argv[2];
  if (!dist) {
    console.error('usage: tsx scripts/retain-assets.ts <dist folder>');
    process.exit(1);
  }
  const { kept, dropped } = retainAssets(dist);
  console.info(`retained ${kept} files of earlier builds in ${join(dist, PREVIOUS_DIR)}, dropped ${dropped}`);
}
