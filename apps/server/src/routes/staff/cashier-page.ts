/**
 * The back office's Cashier section (English only, like the rest of the staff console; issue 28):
 * the withdrawal review queue at /staff/cashier. Approve (above the merchant's threshold a second,
 * different approver is needed), reject with a reason, and run the reconciliation, which asks the
 * provider about payouts whose outcome is unknown. Its script writes text with textContent only.
 */
export const STAFF_CASHIER_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Back office · Cashier</title>
<style>
*{box-sizing:border-box}[hidden]{display:none!important}body{margin:0;font:14px/1.4 system-ui,sans-serif;color:#1b1f24;background:#f3f4f6}
header{display:flex;flex-wrap:wrap;align-items:center;gap:8px 12px;padding:8px 16px;background:#1f2937;color:#fff}
header h1{font-size:16px;margin:0;flex:1}header nav{display:flex;gap:12px}header nav a{color:#fff;font-weight:600}
main{max-width:980px;margin:16px auto;display:grid;gap:16px;padding:0 12px}
section{background:#fff;border-radius:8px;padding:16px}h2{margin:0 0 12px;font-size:16px}
input,button{font:inherit;padding:6px 8px}button{cursor:pointer}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #e5e7eb;padding:6px 8px;text-align:left;vertical-align:top}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}.error{color:#b91c1c}.note{color:#6b7280}
.table-wrap{overflow-x:auto}.table-wrap table{min-width:640px}
.actions{display:flex;gap:6px;flex-wrap:wrap}.state-unknown{color:#b45309;font-weight:600}
</style>
</head>
<body>
<header><h1>Back office</h1><nav aria-label="Sections"><a href="/staff/">Support</a><a href="/staff/push">Push</a><a href="/staff/cashier" aria-current="page">Cashier</a><a href="/staff/compliance">Compliance</a></nav><span id="who"></span><button id="signout" type="button" hidden>Sign out</button></header>
<main>
<p id="gate" class="note" hidden>Please <a href="/staff/">sign in</a> first.</p>
<p id="denied" class="error" role="alert" hidden>Your role may not review withdrawals. Ask an admin or a supervisor.</p>
<section id="queueSection" hidden aria-labelledby="queueTitle">
<h2 id="queueTitle">Withdrawals to review</h2>
<p class="note">Money is held from the request. An approved payout whose outcome the provider did not tell stays held (shown as unknown) until reconciliation finds it: it is never returned on doubt.</p>
<div class="table-wrap"><!-- a phone scrolls the queue sideways rather than cells over the buttons -->
<table>
<thead><tr><th scope="col">Member</th><th scope="col" class="n">Amount</th><th scope="col">To account</th><th scope="col">Requested</th><th scope="col">State</th><th scope="col">Approvals</th><th scope="col">Action</th></tr></thead>
<tbody id="queue"></tbody>
</table>
</div>
<p id="empty" class="note" hidden>Nothing to review.</p>
<p id="queueResult" role="status"></p>
</section>
<section id="reconcileSection" hidden aria-labelledby="reconcileTitle">
<h2 id="reconcileTitle">Reconciliation</h2>
<p class="note">Asks the provider about every unknown payout by its reference, then recomputes every balance from the ledger.</p>
<button id="reconcile" type="button">Run reconciliation</button>
<p id="reconcileResult" role="status"></p>
</section>
</main>
<script src="/staff/cashier.js" defer></script>
</body>
</html>`;

export const STAFF_CASHIER_SCRIPT = String.raw`'use strict';
(() => {
  const $ = (id) => document.getElementById(id);

  async function api(method, path, body) {
    const response = await fetch('/wps/staff/' + path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = await response.json().catch(() => null);
    if (answer && answer.success === false) {
      const error = new Error(answer.message || 'Failed');
      error.code = answer.errorCode;
      throw error;
    }
    if (!response.ok || !answer) throw new Error('Failed');
    return answer.value;
  }

  function cell(row, text, className) {
    const td = document.createElement('td');
    td.textContent = text;
    if (className) td.className = className;
    row.append(td);
    return td;
  }

  function button(label, onClick) {
    const element = document.createElement('button');
    element.type = 'button';
    element.textContent = label;
    element.addEventListener('click', onClick);
    return element;
  }

  async function decide(path, body) {
    $('queueResult').textContent = 'Working…';
    try {
      const after = await api('POST', path, body);
      $('queueResult').textContent = after.username + ' · ' + after.amount + ' ' + after.currency + ': ' + after.state;
    } catch (error) {
      $('queueResult').textContent = error.message;
    }
    await load();
  }

  function render(items) {
    const body = $('queue');
    body.replaceChildren();
    $('empty').hidden = items.length > 0;
    for (const item of items) {
      const row = document.createElement('tr');
      cell(row, item.username);
      cell(row, item.amount + ' ' + item.currency, 'n');
      cell(row, item.account.bankCode + ' ···' + item.account.accountNumberLast4 + ' · ' + item.account.accountName);
      cell(row, new Date(item.createdAt).toLocaleString());
      cell(row, item.state, 'state-' + item.state);
      cell(row, item.approvals + ' of ' + item.approvalsNeeded);
      const actions = cell(row, '');
      actions.className = 'actions';
      if (item.state === 'review') {
        actions.append(
          button('Approve', () => decide('withdrawals/approve', { id: item.id })),
          button('Reject…', () => {
            const reason = prompt('Reason for the member');
            if (reason && reason.trim()) void decide('withdrawals/reject', { id: item.id, reason: reason.trim() });
          }),
        );
      }
      body.append(row);
    }
  }

  async function load() {
    try {
      render(await api('GET', 'withdrawals'));
    } catch (error) {
      if (error.code === 'staff_forbidden') {
        $('queueSection').hidden = true;
        $('reconcileSection').hidden = true;
        $('denied').hidden = false;
        return;
      }
      $('queueResult').textContent = error.message;
    }
  }

  async function reconcile() {
    $('reconcile').disabled = true;
    $('reconcileResult').textContent = 'Reconciling…';
    try {
      const report = await api('POST', 'reconcile', {});
      $('reconcileResult').textContent =
        'Unknown payouts still held: ' + report.unknownPayouts + ' · balance differences: ' + report.balanceDifferences +
        ' · unbalanced transfers: ' + report.unbalancedTransfers;
    } catch (error) {
      $('reconcileResult').textContent = error.message;
    }
    $('reconcile').disabled = false;
    await load();
  }

  async function start() {
    $('reconcile').addEventListener('click', reconcile);
    $('signout').addEventListener('click', async () => {
      $('signout').disabled = true;
      await api('POST', 'logout', {}).catch(() => undefined);
      location.assign('/staff/');
    });
    let me;
    try {
      me = await api('GET', 'me');
    } catch {
      $('gate').hidden = false;
      return;
    }
    $('who').textContent = me.displayName + ' · ' + me.role;
    $('signout').hidden = false;
    $('queueSection').hidden = false;
    $('reconcileSection').hidden = false;
    await load();
  }

  void start();
})();
`;
