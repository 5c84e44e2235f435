/**
 * The Compliance page's script (compliance-page.ts): the audit table with its member filter and
 * paging (`before` the last row's id), and the limit and break forms. Everything that comes from the
 * server, member names and the audit's JSON included, is written with textContent, never as HTML.
 */
export const STAFF_COMPLIANCE_SCRIPT = String.raw`'use strict';
(() => {
  const $ = (id) => document.getElementById(id);
  const PAGE = 50;
  const state = { customerId: '', before: undefined, lastId: undefined };

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

  // The database keeps JSON keys in its own order (jsonb: shortest first); a reader wants the outcome
  // first and a reason last.
  const ORDER = ['outcome', 'kind', 'type', 'amount', 'duration', 'minutes', 'since', 'until', 'parked', 'at', 'reason'];
  const rank = (key) => (ORDER.includes(key) ? ORDER.indexOf(key) : ORDER.length);

  /** The audit's JSON as one line of text: "type: deposit_day · amount: 500". */
  function summary(value) {
    if (value === null || value === undefined) return '—';
    if (typeof value !== 'object') return String(value);
    if (Array.isArray(value)) return value.map(summary).join(', ');
    return Object.keys(value)
      .sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0))
      .map((key) => key + ': ' + (value[key] !== null && typeof value[key] === 'object' ? '(' + summary(value[key]) + ')' : summary(value[key])))
      .join(' · ');
  }

  function cell(row, text, className) {
    const td = document.createElement('td');
    td.textContent = text;
    if (className) td.className = className;
    row.append(td);
    return td;
  }

  function initiator(entry) {
    if (entry.actor === 'staff') return 'Staff #' + entry.actorId;
    return entry.actor === 'system' ? 'System' : 'Member';
  }

  function render(entries) {
    const body = $('audit');
    body.replaceChildren();
    $('auditEmpty').hidden = entries.length > 0;
    for (const entry of entries) {
      const row = document.createElement('tr');
      cell(row, new Date(entry.at).toLocaleString());
      const member = cell(row, '');
      const only = document.createElement('button');
      only.type = 'button';
      only.className = 'link';
      only.title = 'Only this member';
      only.textContent = entry.username + ' #' + entry.customerId;
      only.addEventListener('click', () => void show(String(entry.customerId)));
      member.append(only);
      cell(row, initiator(entry), 'actor-' + entry.actor);
      cell(row, entry.action);
      cell(row, summary(entry.requested));
      const refused = entry.effect !== null && typeof entry.effect === 'object' && entry.effect.outcome === 'refused';
      cell(row, summary(entry.effect), refused ? 'refused' : '');
      body.append(row);
    }
    // A full page may have more behind it; the next page starts below its last row.
    $('older').hidden = entries.length < PAGE;
    $('newest').hidden = state.before === undefined;
  }

  /** One page of the audit: one member's or everyone's, newest first, below the id "before" when given. */
  async function show(customerId, before) {
    state.customerId = customerId;
    state.before = before;
    $('filter').elements.customerId.value = customerId;
    const query = new URLSearchParams();
    if (customerId) query.set('customerId', customerId);
    if (before !== undefined) query.set('before', before);
    const text = query.toString();
    try {
      const entries = await api('GET', 'rg/audit' + (text ? '?' + text : ''));
      $('auditResult').textContent = '';
      state.lastId = entries.length > 0 ? entries[entries.length - 1].id : undefined;
      render(entries);
    } catch (error) {
      if (error.code === 'staff_forbidden') {
        $('auditSection').hidden = true;
        $('forms').hidden = true;
        $('denied').hidden = false;
        return;
      }
      $('auditResult').textContent = error.message;
    }
  }

  function durations() {
    const select = $('breakForm').elements.duration;
    const kind = $('breakForm').elements.kind.value;
    const list = (kind === 'self_exclusion' ? select.dataset.selfExclusion : select.dataset.timeOut).split(' ');
    select.replaceChildren(
      ...list.map((value) => {
        const option = document.createElement('option');
        option.value = value;
        option.textContent = value;
        return option;
      }),
    );
  }

  /** Sends a form; the answer (or the server's refusal) goes into its result line. */
  async function submit(form, result, path, body, describe) {
    const button = form.querySelector('button[type=submit]');
    button.disabled = true;
    result.className = '';
    result.textContent = 'Working…';
    try {
      const answer = await api('POST', path, body);
      result.className = 'ok';
      result.textContent = describe(answer);
      form.elements.reason.value = '';
    } catch (error) {
      result.className = 'error';
      result.textContent = 'Refused: ' + error.message;
    }
    button.disabled = false;
    // The member's trail, where what was just asked (applied or refused) is the newest row.
    await show(String(body.customerId));
  }

  function fields(form) {
    return {
      customerId: Number(form.elements.customerId.value.trim()),
      reason: form.elements.reason.value.trim(),
    };
  }

  function limitSubmitted(event) {
    event.preventDefault();
    const form = $('limitForm');
    const body = { ...fields(form), type: form.elements.type.value, amount: form.elements.amount.value.trim() };
    void submit(form, $('limitResult'), 'rg/limits', body, (status) => {
      const limit = status.limits.find((item) => item.type === body.type);
      const unit = body.type === 'session_time' ? 'minutes' : status.currency;
      return 'Member #' + body.customerId + ': ' + body.type + ' is now ' + (limit && limit.amount) + ' ' + unit + '.';
    });
  }

  function breakSubmitted(event) {
    event.preventDefault();
    const form = $('breakForm');
    const body = { ...fields(form), kind: form.elements.kind.value, duration: form.elements.duration.value };
    const what = body.kind === 'self_exclusion' ? 'self-exclusion' : 'time-out';
    if (!confirm('Start a ' + what + ' (' + body.duration + ') for member #' + body.customerId + ' and end all their sessions?')) return;
    void submit(form, $('breakResult'), 'rg/break', body, (taken) =>
      'Member #' + body.customerId + ': ' + taken.kind.replace('_', '-') + ' ' +
      (taken.until ? 'until ' + new Date(taken.until).toLocaleString() : 'with no end') + '.',
    );
  }

  async function start() {
    durations();
    $('breakForm').elements.kind.addEventListener('change', durations);
    $('limitForm').addEventListener('submit', limitSubmitted);
    $('breakForm').addEventListener('submit', breakSubmitted);
    $('filter').addEventListener('submit', (event) => {
      event.preventDefault();
      void show($('filter').elements.customerId.value.trim());
    });
    $('allMembers').addEventListener('click', () => void show(''));
    $('older').addEventListener('click', () => void show(state.customerId, state.lastId));
    $('newest').addEventListener('click', () => void show(state.customerId));
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
    $('auditSection').hidden = false;
    $('forms').hidden = false;
    await show('');
  }

  void start();
})();
`;
