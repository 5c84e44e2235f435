import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RETAIN_MS, type Retained, retainAssets, retentionPlan } from './retain-assets';

const HOUR = 60 * 60 * 1000;
const NOW = Date.UTC(2026, 0, 2);

describe('retentionPlan', () => {
  it.each<{ name: string; recorded: Retained; current: string[]; keep: Retained; drop: string[] }>([
    {
      name: 'first deploy: the current assets are retired now',
      recorded: {},
      current: ['a.js'],
      keep: { 'a.js': NOW },
      drop: [],
    },
    {
      name: 'retired 23 h ago: kept',
      recorded: { 'old.js': NOW - 23 * HOUR },
      current: [],
      keep: { 'old.js': NOW - 23 * HOUR },
      drop: [],
    },
    {
      name: 'retired exactly 24 h ago: dropped',
      recorded: { 'old.js': NOW - RETAIN_MS },
      current: [],
      keep: {},
      drop: ['old.js'],
    },
    {
      name: 'retired 30 h ago: dropped',
      recorded: { 'old.js': NOW - 30 * HOUR },
      current: ['b.js'],
      keep: { 'b.js': NOW },
      drop: ['old.js'],
    },
    {
      name: 'a file of an old build back in the current one: retired again now',
      recorded: { 'a.js': NOW - 30 * HOUR },
      current: ['a.js'],
      keep: { 'a.js': NOW },
      drop: [],
    },
  ])('$name', ({ recorded, current, keep, drop }) => {
    expect(retentionPlan(recorded, current, NOW)).toEqual({ keep, drop });
  });
});

describe('retainAssets', () => {
  let dist = '';
  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  function write(path: string, text = path): void {
    mkdirSync(dirname(join(dist, path)), { recursive: true });
    writeFileSync(join(dist, path), text);
  }

  it('moves the build into previous/, keeps the last day of deploys and empties the rest', () => {
    dist = mkdtempSync(join(tmpdir(), 'retain-assets-'));
    write('index.html');
    write('sw.js');
    write('assets/app-1.js');
    write('assets/i18n/en-1.js');
    write('previous/assets/old-0.js');
    write('previous/assets/stale-0.js');
    write(
      'previous/retained.json',
      JSON.stringify({ 'old-0.js': NOW - 2 * HOUR, 'stale-0.js': NOW - 25 * HOUR }),
    );

    expect(retainAssets(dist, NOW)).toEqual({ kept: 3, dropped: 1 });
    expect(existsSync(join(dist, 'index.html'))).toBe(false);
    expect(existsSync(join(dist, 'sw.js'))).toBe(false);
    expect(existsSync(join(dist, 'assets'))).toBe(false);
    expect(readFileSync(join(dist, 'previous/assets/app-1.js'), 'utf8')).toBe('assets/app-1.js');
    expect(existsSync(join(dist, 'previous/assets/i18n/en-1.js'))).toBe(true);
    expect(existsSync(join(dist, 'previous/assets/old-0.js'))).toBe(true);
    expect(existsSync(join(dist, 'previous/assets/stale-0.js'))).toBe(false);
    expect(JSON.parse(readFileSync(join(dist, 'previous/retained.json'), 'utf8'))).toEqual({
      'app-1.js': NOW,
      'i18n/en-1.js': NOW,
      'old-0.js': NOW - 2 * HOUR,
    });
  });

  it('a first build on no dist folder creates an empty record', () => {
    dist = join(mkdtempSync(join(tmpdir(), 'retain-assets-')), 'dist');
    expect(retainAssets(dist, NOW)).toEqual({ kept: 0, dropped: 0 });
    expect(readFileSync(join(dist, 'previous/retained.json'), 'utf8')).toBe('{}\n');
  });
});
