// What the back office (apps/staff) loads first: the scripts and stylesheets its page names
// (the entry, its modulepreloads, its CSS), gzip -9 as a browser fetches them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const STAFF_DIST = new URL('../apps/staff/dist/', import.meta.url).pathname;

/** The /staff/assets/ files an index.html names, split into scripts and stylesheets. */
export function staffFirstLoad(html) {
  const files = [...html.matchAll(/(?:src|href)="\/staff\/(assets\/[^"]+)"/g)].map((match) => match[1]);
  const unique = [...new Set(files)];
  return {
    js: unique.filter((file) => file.endsWith('.js')),
    css: unique.filter((file) => file.endsWith('.css')),
  };
}

export function readStaffPage() {
  try {
    return readFileSync(join(STAFF_DIST, 'index.html'), 'utf8');
  } catch {
    console.error('No staff build found: run `npm run build` first.');
    process.exit(1);
  }
}

export function staffGzipSize(file) {
  return gzipSync(readFileSync(join(STAFF_DIST, file)), { level: 9 }).length;
}
