import type { FastifyInstance } from 'fastify';
import { LIMIT_TYPES, SELF_EXCLUSION_OPTIONS, TIME_OUT_OPTIONS } from '@wps/contract/trust';
import { STAFF_COMPLIANCE_SCRIPT } from './compliance-script.js';

const options = (values: readonly string[]) =>
  values.map((value) => `<option value="${value}">${value.replace('_', ' ')}</option>`).join('');

/**
 * The back office's Compliance section (English only, like the rest of the staff console; issue 29
 * item 7) at /staff/compliance: the merchant's responsible-gaming audit, newest first, and the two
 * things staff may do for a member: set or lower a limit, and start a time-out or self-exclusion.
 * The server refuses anything else (a raise, a removal) and records the refusal; the page shows it.
 * It moves to the typed staff app later; until then it is the cashier page's look and pattern: the
 * options come from the contract, and its script writes data with textContent only.
 */
export const STAFF_COMPLIANCE_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Back office · Compliance</title>
<style>
*{box-sizing:border-box}[hidden]{display:none!important}body{margin:0;font:14px/1.4 system-ui,sans-serif;color:#1b1f24;background:#f3f4f6}
header{display:flex;flex-wrap:wrap;align-items:center;gap:8px 12px;padding:8px 16px;background:#1f2937;color:#fff}
header h1{font-size:16px;margin:0;flex:1}header nav{display:flex;gap:12px}header nav a{color:#fff;font-weight:600}
main{max-width:980px;margin:16px auto;display:grid;gap:16px;padding:0 12px}main>*{min-width:0}
section{background:#fff;border-radius:8px;padding:16px}h2{margin:0 0 12px;font-size:16px}
input,button,select{font:inherit;padding:6px 8px}button{cursor:pointer}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #e5e7eb;padding:6px 8px;text-align:left;vertical-align:top}
.error{color:#b91c1c}.note{color:#6b7280}.ok{color:#047857}
.table-wrap{overflow-x:auto}.table-wrap table{min-width:720px}
form.row{display:flex;gap:8px;flex-wrap:wrap;align-items:end}form.row label{display:grid;gap:2px;font-size:12px;color:#374151}
form.row input[name=reason]{min-width:min(220px,100%)}form.row label{max-width:100%}.forms{display:grid;gap:16px;grid-template-columns:repeat(auto-fit,minmax(min(300px,100%),1fr))}.forms>*{min-width:0}
.actor-staff{color:#1d4ed8;font-weight:600}.actor-system{color:#6b7280}.refused{color:#b91c1c;font-weight:600}
td button.link{border:0;background:none;padding:0;color:#1d4ed8;text-decoration:underline;text-align:left}
</style>
</head>
<body>
<header><h1>Back office</h1><nav aria-label="Sections"><a href="/staff/">Support</a><a href="/staff/push">Push</a><a href="/staff/cashier">Cashier</a><a href="/staff/compliance" aria-current="page">Compliance</a></nav><span id="who"></span><button id="signout" type="button" hidden>Sign out</button></header>
<main>
<p id="gate" class="note" hidden>Please <a href="/staff/">sign in</a> first.</p>
<p id="denied" class="error" role="alert" hidden>Your role may not see responsible-gaming records. Ask an admin or a supervisor.</p>
<div id="forms" class="forms" hidden>
<section aria-labelledby="limitTitle">
<h2 id="limitTitle">Set or lower a limit</h2>
<p class="note">Applies at once. Staff may set a limit where there is none or lower one, never raise or remove one.</p>
<form id="limitForm" class="row">
<label>Member id<input name="customerId" inputmode="numeric" pattern="[0-9]+" required></label>
<label>Limit<select name="type">${options(LIMIT_TYPES)}</select></label>
<label>Amount (minutes for session time)<input name="amount" inputmode="decimal" required></label>
<label>Reason<input name="reason" minlength="3" maxlength="500" required></label>
<button type="submit">Set limit</button>
</form>
<p id="limitResult" role="status"></p>
</section>
<section aria-labelledby="breakTitle">
<h2 id="breakTitle">Time-out or self-exclusion</h2>
<p class="note">Starts now and ends every session of the member at once. A running break is never shortened.</p>
<form id="breakForm" class="row">
<label>Member id<input name="customerId" inputmode="numeric" pattern="[0-9]+" required></label>
<label>Kind<select name="kind"><option value="time_out">time-out</option><option value="self_exclusion">self-exclusion</option></select></label>
<label>Length<select name="duration" data-time-out="${TIME_OUT_OPTIONS.join(' ')}" data-self-exclusion="${SELF_EXCLUSION_OPTIONS.join(' ')}"></select></label>
<label>Reason<input name="reason" minlength="3" maxlength="500" required></label>
<button type="submit">Start break</button>
</form>
<p id="breakResult" role="status"></p>
</section>
</div>
<section id="auditSection" hidden aria-labelledby="auditTitle">
<h2 id="auditTitle">Responsible-gaming audit</h2>
<form id="filter" class="row" role="search">
<label>Member id<input name="customerId" inputmode="numeric" pattern="[0-9]+"></label>
<button type="submit">Show</button><button type="button" id="allMembers">All members</button>
</form>
<div class="table-wrap">
<table>
<thead><tr><th scope="col">When</th><th scope="col">Member</th><th scope="col">Initiated by</th><th scope="col">Action</th><th scope="col">Asked</th><th scope="col">Took effect</th></tr></thead>
<tbody id="audit"></tbody>
</table>
</div>
<p id="auditEmpty" class="note" hidden>No records.</p>
<p><button type="button" id="newest" hidden>Newest</button> <button type="button" id="older" hidden>Older</button></p>
<p id="auditResult" role="status"></p>
</section>
</main>
<script src="/staff/compliance.js" defer></script>
</body>
</html>`;

/** Serves the page and its script (registered by the trust routes). */
export function compliancePageRoutes(app: FastifyInstance): void {
  app.get('/staff/compliance', (_request, reply) =>
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(STAFF_COMPLIANCE_PAGE),
  );
  app.get('/staff/compliance.js', (_request, reply) =>
    reply
      .header('cache-control', 'no-cache')
      .type('text/javascript; charset=utf-8')
      .send(STAFF_COMPLIANCE_SCRIPT),
  );
}
