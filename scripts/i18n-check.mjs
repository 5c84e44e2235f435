#!/usr/bin/env node
// Compares every interface catalog with the English one.
//
//   node scripts/i18n-check.mjs              print missing/extra/unsorted keys per catalog
//   node scripts/i18n-check.mjs --fix-order  also rewrite unsorted catalogs with sorted keys
//
// Exits with 1 when a catalog misses keys, has extra keys, has broken placeholders
// or (without --fix-order) has unsorted keys. The full check is apps/web/src/i18n/catalogs.test.ts.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const DIR = fileURLToPath(new URL('../apps/web/src/i18n/catalogs/', import.meta.url));
const REFERENCE = 'en.json';
const PLACEHOLDER = /\{([A-Za-z0-9_]+)\}/g;

const args = process.argv.slice(2);
const fixOrder = args.includes('--fix-order');
const unknownArgs = args.filter((arg) => arg !== '--fix-order');
if (unknownArgs.length > 0 || args.includes('--help')) {
  console.error('usage: node scripts/i18n-check.mjs [--fix-order]');
  process.exit(unknownArgs.length > 0 ? 2 : 0);
}

function read(file) {
  return JSON.parse(readFileSync(join(DIR, file), 'utf8'));
}

function placeholders(value) {
  return typeof value === 'string' ? [...new Set([...value.matchAll(PLACEHOLDER)].map((m) => m[1]))] : [];
}

function isSorted(keys) {
  return keys.every((key, i) => i === 0 || keys[i - 1] < key);
}

function sorted(catalog) {
  return Object.fromEntries(
    Object.keys(catalog)
      .sort()
      .map((key) => [key, catalog[key]]),
  );
}

const files = readdirSync(DIR)
  .filter((file) => file.endsWith('.json'))
  .sort();
const en = read(REFERENCE);
const enKeys = Object.keys(en);
let failed = false;

for (const file of files) {
  const catalog = read(file);
  const keys = Object.keys(catalog);
  const missing = enKeys.filter((key) => !Object.hasOwn(catalog, key));
  const extra = keys.filter((key) => !Object.hasOwn(en, key));
  const placeholderProblems = keys
    .filter((key) => Object.hasOwn(en, key))
    .filter((key) => {
      const want = placeholders(en[key]).sort().join();
      return placeholders(catalog[key]).sort().join() !== want;
    });
  const problems = [];
  if (missing.length) problems.push(`  missing (${missing.length}): ${missing.join(', ')}`);
  if (extra.length) problems.push(`  extra (${extra.length}): ${extra.join(', ')}`);
  if (placeholderProblems.length) problems.push(`  placeholders differ: ${placeholderProblems.join(', ')}`);

  if (!isSorted(keys)) {
    if (fixOrder) {
      writeFileSync(join(DIR, file), `${JSON.stringify(sorted(catalog), null, 2)}\n`);
      console.log(`${file}: keys sorted`);
    } else {
      problems.push('  keys not sorted (run with --fix-order)');
    }
  }

  if (problems.length) {
    failed = true;
    console.log(`${file}:\n${problems.join('\n')}`);
  }
}

if (failed) {
  process.exitCode = 1;
} else {
  console.log(`${files.length} catalogs, ${enKeys.length} keys each: OK`);
}
