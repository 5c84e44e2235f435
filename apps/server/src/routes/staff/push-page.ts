/**
 * The back office's Push section (English only, like the rest of the staff console): a page of its
 * own at /staff/push beside Support (/staff/), signed in through the console's sign-in. Send a push
 * to a member, a topic, a segment or everyone; read the attribution report; configure Firebase
 * Cloud Messaging (the key file is sent once and never shown again); Sign out, as on Support. Its
 * script writes text with textContent only, never markup.
 */
export const STAFF_PUSH_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Back office · Push</title>
<style>
*{box-sizing:border-box}[hidden]{display:none!important}body{margin:0;font:14px/1.4 system-ui,sans-serif;color:#1b1f24;background:#f3f4f6}
header{display:flex;flex-wrap:wrap;align-items:center;gap:8px 12px;padding:8px 16px;background:#1f2937;color:#fff}
header h1{font-size:16px;margin:0;flex:1}header nav{display:flex;gap:12px}header nav a{color:#fff;font-weight:600}
main{max-width:880px;margin:16px auto;display:grid;gap:16px;padding:0 12px}
section{background:#fff;border-radius:8px;padding:16px}h2{margin:0 0 12px;font-size:16px}
form{display:grid;gap:10px}label{display:grid;gap:4px}fieldset{border:1px solid #d1d5db;border-radius:6px;display:grid;gap:8px}
input,select,textarea,button{font:inherit;padding:6px 8px}button{cursor:pointer;justify-self:start}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #e5e7eb;padding:4px 8px;text-align:left}
td.n,th.n{text-align:right}.error{color:#b91c1c}.note{color:#6b7280}
</style>
</head>
<body>
<header><h1>Back office</h1><nav aria-label="Sections"><a href="/staff/">Support</a><a href="/staff/push" aria-current="page">Push</a><a href="/staff/cashier">Cashier</a><a href="/staff/compliance">Compliance</a></nav><span id="who"></span><button id="signout" type="button" hidden>Sign out</button></header>
<main>
<p id="gate" class="note" hidden>Please <a href="/staff/">sign in</a> first.</p>
<p id="denied" class="error" role="alert" hidden>Your role may not send pushes. Ask a supervisor.</p>
<section id="sendSection" hidden aria-labelledby="sendTitle">
<h2 id="sendTitle">Send a push</h2>
<form id="send">
<label>Send to<select name="target" id="target">
<option value="everyone">Everyone</option>
<option value="customerId">One member (member id)</option>
<option value="topic">A topic</option>
<option value="segment">A segment</option>
</select></label>
<label id="customerIdField" hidden>Member id<input name="customerId" inputmode="numeric" pattern="[0-9]{1,10}"></label>
<label id="topicField" hidden>Topic<input name="topic" maxlength="64" pattern="[A-Za-z0-9_.~%\\-]{1,64}"></label>
<fieldset id="segmentField" hidden><legend>Segment: members matching every field given</legend>
<label>VIP label<input name="vipLabel" maxlength="64"></label>
<label>Language code<input name="language" maxlength="10" placeholder="en, vi, th…"></label>
<label>Registered from (UTC day)<input name="registeredFrom" type="date"></label>
<label>Registered to (UTC day, inclusive)<input name="registeredTo" type="date"></label>
</fieldset>
<label>Title<input name="title" maxlength="120" required></label>
<label>Text<textarea name="body" maxlength="400" rows="3"></textarea></label>
<label>Opens (a /m/ path)<input name="path" maxlength="512" placeholder="/m/home" pattern="/m/[A-Za-z0-9_\\-./?=&amp;%]*"></label>
<button type="submit">Send</button>
<p id="sendResult" role="status"></p>
</form>
</section>
<section id="reportSection" hidden aria-labelledby="reportTitle">
<h2 id="reportTitle">Attribution report</h2>
<form id="report">
<label>From (UTC day)<input name="from" type="date" required></label>
<label>To (UTC day, inclusive)<input name="to" type="date" required></label>
<button type="submit">Show</button>
<p id="reportError" class="error" role="alert"></p>
</form>
<div id="reportTables"></div>
</section>
<section id="fcmSection" hidden aria-labelledby="fcmTitle">
<h2 id="fcmTitle">Firebase Cloud Messaging</h2>
<p class="note">Optional: with a Firebase project, FCM registration tokens are accepted and sent through FCM. Web Push works without it.</p>
<p id="fcmCurrent" role="status"></p>
<form id="fcm">
<label>Project id<input name="projectId" maxlength="200" required></label>
<label>API key<input name="apiKey" maxlength="200" required></label>
<label>App id<input name="appId" maxlength="200" required></label>
<label>Messaging sender id<input name="messagingSenderId" maxlength="200" required></label>
<label>Service account key file (JSON)<textarea name="serviceAccount" rows="4" maxlength="8192" required autocomplete="off" spellcheck="false"></textarea></label>
<button type="submit">Save</button>
<p id="fcmResult" role="status"></p>
</form>
</section>
</main>
<script src="/staff/push.js" defer></script>
</body>
</html>`;

export const STAFF_PUSH_SCRIPT = String.raw`'use strict';
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

  function showTarget() {
    const target = $('target').value;
    for (const name of ['customerId', 'topic', 'segment']) $(name + 'Field').hidden = target !== name;
  }

  function denied() {
    $('sendSection').hidden = true;
    $('reportSection').hidden = true;
    $('fcmSection').hidden = true;
    $('denied').hidden = false;
  }

  async function send(event) {
    event.preventDefault();
    const form = new FormData($('send'));
    const text = (name) => String(form.get(name) || '').trim();
    const input = { title: text('title') };
    if (text('body')) input.body = text('body');
    if (text('path')) input.path = text('path');
    const target = text('target');
    if (target === 'customerId') input.customerId = Number(text('customerId'));
    else if (target === 'topic') input.topic = text('topic');
    else if (target === 'segment') {
      const segment = {};
      for (const name of ['vipLabel', 'language', 'registeredFrom', 'registeredTo']) if (text(name)) segment[name] = text(name);
      input.segment = segment;
    } else input.everyone = true;
    $('sendResult').textContent = 'Sending…';
    try {
      const outcome = await api('POST', 'push/send', input);
      $('sendResult').textContent = 'Delivered: ' + outcome.sent + ' · removed as expired: ' + outcome.removed + ' · failed: ' + outcome.failed;
    } catch (error) {
      if (error.code === 'staff_forbidden') denied();
      $('sendResult').textContent = error.message;
    }
  }

  function table(caption, rows) {
    const element = document.createElement('table');
    const head = element.createCaption();
    head.textContent = caption;
    const header = element.createTHead().insertRow();
    for (const [label, numeric] of [['Key', false], ['Registrations', true], ['First deposits', true], ['Conversion', true], ['Events', true]]) {
      const th = document.createElement('th');
      th.textContent = label;
      if (numeric) th.className = 'n';
      header.append(th);
    }
    const body = element.createTBody();
    for (const row of rows) {
      const tr = body.insertRow();
      const cells = [row.key || '(none)', row.registrations, row.firstDeposits, (row.conversion * 100).toFixed(1) + ' %', row.events];
      cells.forEach((value, index) => {
        const td = tr.insertCell();
        td.textContent = String(value);
        if (index > 0) td.className = 'n';
      });
    }
    return element;
  }

  async function report(event) {
    event.preventDefault();
    const form = new FormData($('report'));
    const query = new URLSearchParams({ from: String(form.get('from')), to: String(form.get('to')) });
    $('reportError').textContent = '';
    const place = $('reportTables');
    try {
      const value = await api('GET', 'push/report?' + query.toString());
      place.textContent = '';
      const totals = document.createElement('p');
      totals.textContent = 'Registrations: ' + value.totals.registrations + ' · first deposits: ' + value.totals.firstDeposits + ' · events: ' + value.totals.events + ' · first deposits claimed for another member (not counted): ' + value.flaggedFirstDeposits;
      place.append(totals, table('By affiliate', value.byAffiliate), table('By campaign', value.byCampaign), table('By referral code', value.byReferralCode));
    } catch (error) {
      if (error.code === 'staff_forbidden') denied();
      $('reportError').textContent = error.message;
    }
  }

  function showFcm(config) {
    $('fcmCurrent').textContent = config.configured
      ? 'Configured: project ' + config.projectId + ', sender ' + config.messagingSenderId + ', service account ' + config.clientEmail + ' (saved ' + config.updatedAt + ').'
      : 'Not configured.';
    const form = $('fcm');
    for (const name of ['projectId', 'apiKey', 'appId', 'messagingSenderId']) if (config[name]) form.elements.namedItem(name).value = config[name];
  }

  async function saveFcm(event) {
    event.preventDefault();
    const form = new FormData($('fcm'));
    const input = {};
    for (const name of ['projectId', 'apiKey', 'appId', 'messagingSenderId', 'serviceAccount']) input[name] = String(form.get(name) || '').trim();
    $('fcmResult').textContent = 'Saving…';
    try {
      showFcm(await api('POST', 'push/fcm', input));
      $('fcm').elements.namedItem('serviceAccount').value = '';
      $('fcmResult').textContent = 'Saved.';
    } catch (error) {
      if (error.code === 'staff_forbidden') denied();
      $('fcmResult').textContent = error.message;
    }
  }

  async function start() {
    $('target').addEventListener('change', showTarget);
    $('send').addEventListener('submit', send);
    $('report').addEventListener('submit', report);
    $('fcm').addEventListener('submit', saveFcm);
    // The console's sign-out call, then its sign-in page (every staff page has a Sign out).
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
    if (me.role !== 'supervisor') {
      denied();
      return;
    }
    const today = new Date().toISOString().slice(0, 10);
    $('report').elements.namedItem('to').value = today;
    $('report').elements.namedItem('from').value = today.slice(0, 8) + '01';
    $('sendSection').hidden = false;
    $('reportSection').hidden = false;
    $('fcmSection').hidden = false;
    showFcm(await api('GET', 'push/fcm').catch(() => ({ configured: false })));
  }

  void start();
})();
`;
