// Writes .br and .gz beside every text asset of a build folder, so the server sends them compressed
// (best compression, paid once at build time) instead of compressing on every request.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(?:js|mjs|css|json|svg|txt|webmanifest|xml)$/;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

const root = process.argv[2];
if (!root) {
  console.error('usage: node scripts/precompress.mjs <build folder>');
  process.exit(1);
}
let count = 0;
for (const path of files(root)) {
  if (!COMPRESSIBLE.test(path)) continue;
  // Files an earlier build already compressed (the retained assets of dist/previous).
  if (existsSync(`${path}.br`) && existsSync(`${path}.gz`)) continue;
  const content = readFileSync(path);
  if (content.length < MIN_BYTES) continue;
  writeFileSync(
    `${path}.br`,
    brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    }),
  );
  writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
  count++;
}
console.info(`precompressed ${count} files in ${root}`);
