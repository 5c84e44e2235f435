// Size budget: fails when the JavaScript /m/home loads before its first render exceeds the budget (gzip).
import { gzipSize, homeFirstLoad, kb, readManifest } from './web-assets.mjs';

const BUDGET_BYTES = 110 * 1024;

const first = homeFirstLoad(readManifest());
const js = first.js.reduce((sum, file) => sum + gzipSize(file), 0);
const css = first.css.reduce((sum, file) => sum + gzipSize(file), 0);
console.log(
  `/m/home first load: JavaScript ${kb(js)} gzip (budget ${kb(BUDGET_BYTES)}), CSS ${kb(css)} gzip`,
);
if (js > BUDGET_BYTES) {
  console.error(`Over budget by ${kb(js - BUDGET_BYTES)}: ${first.js.join(', ')}`);
  process.exit(1);
}
