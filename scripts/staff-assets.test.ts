import { describe, expect, it } from 'vitest';
import { staffFirstLoad } from './staff-assets.mjs';

describe('staffFirstLoad', () => {
  it.each([
    ['no assets', '<html></html>', { js: [], css: [] }],
    [
      'the entry, a preload and the stylesheet',
      '<script type="module" crossorigin src="/staff/assets/index-a1.js"></script><link rel="modulepreload" crossorigin href="/staff/assets/query-b2.js"><link rel="stylesheet" crossorigin href="/staff/assets/index-c3.css">',
      { js: ['assets/index-a1.js', 'assets/query-b2.js'], css: ['assets/index-c3.css'] },
    ],
    [
      'a file named twice, once',
      '<link href="/staff/assets/a.js"><script src="/staff/assets/a.js">',
      { js: ['assets/a.js'], css: [] },
    ],
    [
      'the member app’s files, not counted',
      '<script src="/m/assets/index-a1.js"></script>',
      { js: [], css: [] },
    ],
  ])('%s', (_case, html, files) => {
    expect(staffFirstLoad(html)).toEqual(files);
  });
});
