import { escapeHtml } from '../lib/html.js';

/**
 * The local identity stand-ins' pages (Firebase, LINE, Telegram, Maya): one plain page shell for
 * them all. Development only: none of it is served with NODE_ENV=production.
 */

/** JSON inside a <script type="application/json">: no `<` (so no `</script>`), no line separators. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function standInPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
body { font: 16px/1.4 system-ui, sans-serif; margin: 0; padding: 24px; background: #f4f5f7; color: #1f2328; }
h1 { font-size: 20px; margin: 0 0 4px; }
p { margin: 0 0 16px; color: #57606a; }
ul { list-style: none; margin: 0; padding: 0; }
li { margin: 0 0 8px; }
a.user { display: block; padding: 12px 16px; border-radius: 8px; background: #fff; color: inherit; text-decoration: none; border: 1px solid #d0d7de; }
a.user:hover, a.user:focus { border-color: #0969da; }
a.cancel { display: inline-block; margin-top: 16px; color: #0969da; }
a.other { display: inline-block; margin: 16px 16px 0 0; color: #0969da; }
small { display: block; color: #57606a; }
</style>
</head>
<body>
${body}
</body>
</html>
`;
}
