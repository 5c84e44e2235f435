// Size budgets: fails when the JavaScript /m/home loads before it is interactive exceeds the member
// app's budget (gzip; what counts: homeFirstLoad in web-assets.mjs), or when the back office's first
// load (apps/staff: its page's scripts and stylesheets, staff-assets.mjs) exceeds its own.
import { readStaffPage, staffFirstLoad, staffGzipSize } from './staff-assets.mjs';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSize, homeFirstLoad, kb, readManifest, WEB_DIST } from './web-assets.mjs';

// Issue 12's budget. Contract tables the lazy chunks use live in modules of their own, imported by
// subpath (`@wps/contract/<module>`), so the shell carries only the modules it imports itself.
const BUDGET_BYTES = 90 * 1024;
// Issue 30's budget for the back office: a desk's page, loaded once a shift, JavaScript and CSS.
const STAFF_BUDGET_BYTES = 250 * 1024;

const first = homeFirstLoad(readManifest());
const js = first.js.reduce((sum, file) => sum + gzipSize(file), 0);
const css = first.css.reduce((sum, file) => sum + gzipSize(file), 0);
console.log(
  `/m/home first load: JavaScript ${kb(js)} gzip (${js} B; budget ${kb(BUDGET_BYTES)}, ${BUDGET_BYTES - js} B left), CSS ${kb(css)} gzip`,
);
if (js > BUDGET_BYTES) {
  console.error(`Over budget by ${kb(js - BUDGET_BYTES)}: ${first.js.join(', ')}`);
  process.exit(1);
}

const staff = staffFirstLoad(readStaffPage());
const staffBytes = [...staff.js, ...staff.css].reduce((sum, file) => sum + staffGzipSize(file), 0);
console.log(
  `/staff/ first load: ${kb(staffBytes)} gzip (${staffBytes} B, JavaScript and CSS; budget ${kb(STAFF_BUDGET_BYTES)}, ${STAFF_BUDGET_BYTES - staffBytes} B left)`,
);
if (staff.js.length === 0) {
  console.error('The staff page names no script: is apps/staff/dist a build?');
  process.exit(1);
}
if (staffBytes > STAFF_BUDGET_BYTES) {
  console.error(
    `Staff app over budget by ${kb(staffBytes - STAFF_BUDGET_BYTES)}: ${[...staff.js, ...staff.css].join(', ')}`,
  );
  process.exit(1);
}

// Issue 26: what starts after the first screen (vite.config.ts's AFTER_START_CHUNK) asks for no script
// ahead of its import; each list cost one task of <link> insertions during start-up.
const AFTER_START_CHUNK =
  /(^|\/)(afterStart|startPwa|mountExtras|trackEvent|lazy|startTracking|startPush)-[\w-]+\.js$/;
const afterStart = Object.values(readManifest())
  .map((chunk) => chunk.file)
  .filter((file) => AFTER_START_CHUNK.test(file));
const preloadedScripts = afterStart.flatMap((file) => {
  const list = /m\.f=\[([^\]]*)\]/.exec(readFileSync(join(WEB_DIST, file), 'utf8'))?.[1] ?? '';
  return [...list.matchAll(/"([^"]+\.js)"/g)].map((match) => `${file} → ${match[1]}`);
});
console.log(
  `After-start chunks: ${afterStart.length}, scripts they preload ahead of their imports: ${preloadedScripts.length}`,
);
if (afterStart.length < 5 || preloadedScripts.length > 0) {
  console.error(
    `After-start chunks must preload no script (found ${afterStart.length} chunks):`,
    preloadedScripts,
  );
  process.exit(1);
}
