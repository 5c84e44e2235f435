#!/usr/bin/env node
// Adds (or replaces) interface texts in every catalog at once, keeping keys sorted.
//
//   node scripts/i18n-add.mjs texts.json
//
// texts.json: { "some_key": { "en": "…", "cn": "…", … one entry per catalog file name } }.
// Refuses (and writes nothing) when a key lacks a text for any catalog.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const DIR = fileURLToPath(new URL('../apps/web/src/i18n/catalogs/', import.meta.url));
const [file] = process.argv.slice(2);
if (file === undefined) {
  console.error('usage: node scripts/i18n-add.mjs texts.json');
  process.exit(2);
}
const texts = JSON.parse(readFileSync(file, 'utf8'));
const catalogs = readdirSync(DIR)
  .filter((name) => name.endsWith('.json'))
  .map((name) => name.slice(0, -'.json'.length));

const missing = [];
for (const [key, perLanguage] of Object.entries(texts)) {
  for (const catalog of catalogs) {
    if (typeof perLanguage[catalog] !== 'string' || perLanguage[catalog] === '')
      missing.push(`${key}: ${catalog}`);
  }
}
if (missing.length > 0) {
  console.error(`missing texts, nothing written:\n  ${missing.join('\n  ')}`);
  process.exit(1);
}

for (const catalog of catalogs) {
  const path = join(DIR, `${catalog}.json`);
  const current = JSON.parse(readFileSync(path, 'utf8'));
  for (const [key, perLanguage] of Object.entries(texts)) current[key] = perLanguage[catalog];
  const sorted = Object.fromEntries(
    Object.keys(current)
      .sort()
      .map((key) => [key, current[key]]),
  );
  writeFileSync(path, `${JSON.stringify(sorted, null, 2)}\n`);
}
console.log(`${Object.keys(texts).length} keys written to ${catalogs.length} catalogs`);
