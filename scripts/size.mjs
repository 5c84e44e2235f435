// Size budget: fails when the JavaScript /m/home loads before it is interactive exceeds the budget (gzip;
// what counts: homeFirstLoad in web-assets.mjs).
import { gzipSize, homeFirstLoad, kb, readManifest } from './web-assets.mjs';

// Issue 12's budget. Contract tables the lazy chunks use live in modules of their own, imported by
// subpath (`@wps/contract/<module>`), so the shell carries only the modules it imports itself.
const BUDGET_BYTES = 90 * 1024;

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
