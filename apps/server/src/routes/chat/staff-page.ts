import type { FastifyInstance } from 'fastify';
import { STAFF_CONSOLE_SCRIPT } from './staff-console-script.js';

/**
 * The staff console (English only): a page of its own at /staff/, outside the member app (none of its
 * code is in the app's bundle). Sign-in, then the back office's layout with Support as its first
 * section: the queue, a conversation, replies, canned replies, pick up, transfer, close.
 */
export const STAFF_CONSOLE_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Back office · Support</title>
<style>
*{box-sizing:border-box}[hidden]{display:none!important}body{margin:0;font:14px/1.4 system-ui,sans-serif;color:#1b1f24;background:#f3f4f6}
header{display:flex;flex-wrap:wrap;align-items:center;gap:8px 12px;padding:8px 16px;background:#1f2937;color:#fff}
header h1{font-size:16px;margin:0;flex:1}header nav a{color:#fff;font-weight:600}
main{display:grid;grid-template-columns:320px 1fr;height:calc(100vh - 44px)}
#signin{max-width:320px;margin:64px auto;background:#fff;padding:24px;border-radius:8px;display:grid;gap:10px}
label{display:grid;gap:4px}input,select,textarea,button{font:inherit;padding:6px 8px}
button{cursor:pointer}#queue{overflow:auto;border-right:1px solid #d1d5db;background:#fff;margin:0;padding:0;list-style:none}
#queue li button{display:block;width:100%;text-align:left;border:0;border-bottom:1px solid #e5e7eb;background:none;padding:10px}
#queue li button[aria-current=true]{background:#e0e7ff}.meta{color:#6b7280;font-size:12px}
.badge{background:#dc2626;color:#fff;border-radius:9px;padding:0 6px;font-size:12px;margin-left:4px}
#pane{display:flex;flex-direction:column;min-height:0;overflow:hidden}#pane .bar{display:flex;gap:8px;padding:8px;border-bottom:1px solid #d1d5db;background:#fff;align-items:center;flex-wrap:wrap}
#log{flex:1;overflow:auto;padding:12px;display:flex;flex-direction:column;gap:6px}
.msg{max-width:70%;padding:6px 10px;border-radius:10px;background:#fff;white-space:pre-wrap;word-break:break-word}
.msg.agent{align-self:flex-end;background:#dbeafe}.msg .meta{display:block}
#compose{display:flex;gap:8px;padding:8px;border-top:1px solid #d1d5db;background:#fff}#compose textarea{flex:1;resize:none}
.attach{display:flex;align-items:center;border:1px solid #d1d5db;border-radius:4px;padding:0 8px;cursor:pointer}.attach input{position:absolute;width:1px;height:1px;opacity:0}.attach:focus-within{outline:2px solid #2563eb}
#error{color:#b91c1c}#typing{color:#6b7280;padding:0 12px;height:18px}
</style>
</head>
<body>
<header><h1>Back office</h1><nav aria-label="Sections"><a href="/staff/" aria-current="page">Support</a> <a href="/staff/push">Push</a> <a href="/staff/cashier">Cashier</a> <a href="/staff/compliance">Compliance</a></nav><span id="who"></span><button id="signout" hidden>Sign out</button></header>
<form id="signin" hidden>
<h2>Staff sign-in</h2>
<label>User name<input name="username" autocomplete="username" required></label>
<label>Password<input name="password" type="password" autocomplete="current-password" required></label>
<label>Authenticator code<input name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" required></label>
<button type="submit">Sign in</button>
<p id="error" role="alert"></p>
</form>
<main id="console" hidden>
<ul id="queue" aria-label="Conversations"></ul>
<section id="pane" aria-label="Conversation">
<div class="bar"><strong id="title">Pick a conversation</strong><span class="meta" id="details"></span>
<button id="pickup" disabled>Pick up</button>
<select id="transferTo" aria-label="Transfer to"></select><button id="transfer" disabled>Transfer</button>
<button id="close" disabled>Close</button>
<select id="canned" aria-label="Canned replies"><option value="">Canned replies…</option></select></div>
<div id="log" aria-live="polite"></div>
<div id="typing"></div>
<form id="compose"><textarea id="text" rows="2" maxlength="1000" aria-label="Reply" disabled></textarea><label class="attach">Image<input id="image" type="file" accept="image/png,image/jpeg,image/webp" disabled></label><button id="sendBtn" type="submit" disabled>Send</button></form>
</section>
</main>
<script src="/staff/console.js" defer></script>
</body>
</html>`;

export function staffPageRoutes(app: FastifyInstance): void {
  app.get('/staff', (_request, reply) => reply.redirect('/staff/', 301));
  app.get('/staff/', (_request, reply) =>
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(STAFF_CONSOLE_PAGE),
  );
  app.get('/staff/console.js', (_request, reply) =>
    reply
      .header('cache-control', 'no-cache')
      .type('text/javascript; charset=utf-8')
      .send(STAFF_CONSOLE_SCRIPT),
  );
}
