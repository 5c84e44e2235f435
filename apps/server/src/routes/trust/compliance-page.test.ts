// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TrustAuditEntry } from '@wps/contract/trust';
import { STAFF_COMPLIANCE_PAGE } from './compliance-page.js';
import { STAFF_COMPLIANCE_SCRIPT } from './compliance-script.js';

// The Compliance page's own script, run in a DOM against a stand-in of the /wps/staff calls: the
// audit as the server sends it (hostile names included), paging and the member filter, the two
// forms with the server's answers and refusals, and a role without the permission.

interface Element {
  hidden: boolean;
  textContent: string | null;
  className: string;
  value: string;
  click(): void;
  dispatchEvent(event: Event): boolean;
  querySelectorAll(selector: string): Iterable<Element> & { length: number };
  elements: Record<string, Element> & { namedItem(name: string): Element };
}
const document = (
  globalThis as unknown as {
    document: {
      documentElement: { innerHTML: string };
      getElementById(id: string): Element | null;
      querySelectorAll(selector: string): { length: number };
    };
  }
).document;
const $ = (id: string): Element => {
  const element = document.getElementById(id);
  if (element === null) throw new Error(`no #${id}`);
  return element;
};

type Answer =
  { ok: true; value: unknown } | { ok: false; status: number; errorCode: string; message: string };
const ok = (value: unknown): Answer => ({ ok: true, value });
const calls: string[] = [];
const ME = { id: 3, merchantId: 2, role: 'admin', displayName: 'Kim' };
const HOSTILE = '<img src=x onerror="document.title=1">';

const entry = (id: number, change: Partial<TrustAuditEntry> = {}): TrustAuditEntry => ({
  id: String(id),
  customerId: 7,
  username: 'demo_user',
  actor: 'member',
  actorId: null,
  action: 'limit.set',
  requested: { type: 'deposit_day', amount: '500000' },
  effect: { outcome: 'applied', amount: '500000', parked: null },
  at: '2026-11-29T01:00:00.000Z',
  ...change,
});

function load(handler: (method: string, path: string, body: unknown) => Answer): void {
  document.documentElement.innerHTML = STAFF_COMPLIANCE_PAGE.replace(
    /^<!doctype html>\s*<html[^>]*>/i,
    '',
  ).replace(/<\/html>$/, '');
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: { method: string; body?: string }) => {
      const path = url.replace('/wps/staff/', '');
      const body: unknown = init.body === undefined ? undefined : JSON.parse(init.body);
      calls.push(`${init.method} ${path}${body === undefined ? '' : ` ${JSON.stringify(body)}`}`);
      const answer = handler(init.method, path, body);
      return new Response(
        JSON.stringify(
          answer.ok
            ? { success: true, value: answer.value }
            : { success: false, errorCode: answer.errorCode, message: answer.message },
        ),
        { status: answer.ok ? 200 : answer.status, headers: { 'content-type': 'application/json' } },
      );
    }),
  );
  new Function(STAFF_COMPLIANCE_SCRIPT)();
}

const rows = () => [...$('audit').querySelectorAll('tr')];
const firstRow = (): Element => {
  const [row] = rows();
  if (row === undefined) throw new Error('no row');
  return row;
};
const cells = (row: Element) => [...row.querySelectorAll('td')].map((td) => td.textContent);
const submit = (id: string) => $(id).dispatchEvent(new Event('submit', { cancelable: true }));
const fill = (form: string, values: Record<string, string>) => {
  for (const [name, value] of Object.entries(values)) $(form).elements.namedItem(name).value = value;
};

afterEach(() => vi.unstubAllGlobals());

describe('the Compliance page', () => {
  it('shows who initiated what, what was asked and what took effect, names as text only', async () => {
    load((_method, path) =>
      path === 'me'
        ? ok(ME)
        : ok([
            entry(3, {
              actor: 'staff',
              actorId: 9,
              username: HOSTILE,
              // In the order jsonb keeps its keys (shortest first).
              effect: { amount: '300000', parked: null, reason: 'raise_by_staff', outcome: 'refused' },
            }),
            entry(2, { actor: 'system', action: 'session.ended', requested: null, effect: { minutes: 60 } }),
            entry(1),
          ]),
    );
    await vi.waitFor(() => expect(rows()).toHaveLength(3));
    const [staff, system, member] = rows().map(cells);
    expect(staff?.slice(1)).toEqual([
      `${HOSTILE} #7`,
      'Staff #9',
      'limit.set',
      'type: deposit_day · amount: 500000',
      'outcome: refused · amount: 300000 · parked: — · reason: raise_by_staff',
    ]);
    expect(system?.slice(2)).toEqual(['System', 'session.ended', '—', 'minutes: 60']);
    expect(member?.slice(2, 3)).toEqual(['Member']);
    expect(member?.[5]).toBe('outcome: applied · amount: 500000 · parked: —');
    // The hostile name is text: no element was made of it.
    expect(document.querySelectorAll('#audit img')).toHaveLength(0);
    expect([...firstRow().querySelectorAll('td')][5]?.className).toBe('refused');
    expect($('older').hidden).toBe(true);
    expect(calls).toContain('GET rg/audit');
  });

  it('pages older with the last row’s id, and back to the newest', async () => {
    const full = Array.from({ length: 50 }, (_, index) => entry(200 - index));
    load((_method, path) => {
      if (path === 'me') return ok(ME);
      return ok(path === 'rg/audit?before=151' ? [entry(150), entry(149)] : full);
    });
    await vi.waitFor(() => expect(rows()).toHaveLength(50));
    expect($('older').hidden).toBe(false);
    expect($('newest').hidden).toBe(true);
    $('older').click();
    await vi.waitFor(() => expect(rows()).toHaveLength(2));
    expect(calls).toContain('GET rg/audit?before=151');
    expect($('older').hidden).toBe(true);
    expect($('newest').hidden).toBe(false);
    $('newest').click();
    await vi.waitFor(() => expect(rows()).toHaveLength(50));
    expect(calls.filter((call) => call === 'GET rg/audit')).toHaveLength(2);
  });

  it('filters by member id, from the filter and from a member’s name', async () => {
    load((_method, path) => (path === 'me' ? ok(ME) : ok([entry(5, { customerId: 12 })])));
    await vi.waitFor(() => expect(rows()).toHaveLength(1));
    fill('filter', { customerId: ' 42 ' });
    submit('filter');
    await vi.waitFor(() => expect(calls).toContain('GET rg/audit?customerId=42'));
    [...firstRow().querySelectorAll('button')][0]?.click();
    await vi.waitFor(() => expect(calls).toContain('GET rg/audit?customerId=12'));
    $('allMembers').click();
    await vi.waitFor(() => expect(calls.filter((call) => call === 'GET rg/audit')).toHaveLength(2));
  });

  // [case, the server's answer, the result line, its class]
  it.each<[string, Answer, string, string]>([
    [
      'applied',
      ok({ currency: 'VND', limits: [{ type: 'deposit_day', amount: '300000' }] }),
      'Member #7: deposit_day is now 300000 VND.',
      'ok',
    ],
    [
      'a raise refused',
      {
        ok: false,
        status: 400,
        errorCode: 'invalid_request',
        message: 'Staff may set or lower a limit, never raise or remove one.',
      },
      'Refused: Staff may set or lower a limit, never raise or remove one.',
      'error',
    ],
    [
      'another merchant’s member',
      { ok: false, status: 404, errorCode: 'not_found', message: 'No such member.' },
      'Refused: No such member.',
      'error',
    ],
  ])('sets a limit: %s, and shows the member’s trail', async (_case, answer, text, className) => {
    load((method, path) => (path === 'me' ? ok(ME) : method === 'POST' ? answer : ok([])));
    await vi.waitFor(() => expect($('auditEmpty').hidden).toBe(false));
    fill('limitForm', {
      customerId: '7',
      type: 'deposit_day',
      amount: ' 300000 ',
      reason: ' Affordability ',
    });
    submit('limitForm');
    await vi.waitFor(() => expect($('limitResult').textContent).toBe(text));
    expect($('limitResult').className).toBe(className);
    expect(calls).toContain(
      'POST rg/limits {"customerId":7,"reason":"Affordability","type":"deposit_day","amount":"300000"}',
    );
    await vi.waitFor(() => expect(calls).toContain('GET rg/audit?customerId=7'));
  });

  it('offers the lengths of the kind chosen, and starts a break only when confirmed', async () => {
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    load((method, path) =>
      path === 'me'
        ? ok(ME)
        : method === 'POST'
          ? ok({ kind: 'self_exclusion', since: '2026-11-29T01:00:00.000Z', until: null })
          : ok([]),
    );
    vi.stubGlobal('confirm', confirm);
    await vi.waitFor(() => expect($('auditEmpty').hidden).toBe(false));
    const lengths = () =>
      [...$('breakForm').elements.namedItem('duration').querySelectorAll('option')].map((o) => o.value);
    expect(lengths()).toEqual(['24h', '7d', '1m', '6w']);
    fill('breakForm', { kind: 'self_exclusion' });
    $('breakForm').elements.namedItem('kind').dispatchEvent(new Event('change'));
    expect(lengths()).toEqual(['6m', '1y', '3y', '5y', 'permanent']);
    fill('breakForm', { customerId: '7', duration: 'permanent', reason: 'Asked by phone' });
    submit('breakForm');
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(calls.some((call) => call.startsWith('POST'))).toBe(false);
    confirm.mockReturnValue(true);
    submit('breakForm');
    await vi.waitFor(() =>
      expect($('breakResult').textContent).toBe('Member #7: self-exclusion with no end.'),
    );
    expect(calls).toContain(
      'POST rg/break {"customerId":7,"reason":"Asked by phone","kind":"self_exclusion","duration":"permanent"}',
    );
  });

  // [case, what the staff calls answer, the element shown]
  it.each<[string, (path: string) => Answer, string]>([
    [
      'a role without the permission',
      (path) =>
        path === 'me'
          ? ok({ ...ME, role: 'agent' })
          : {
              ok: false,
              status: 403,
              errorCode: 'staff_forbidden',
              message: 'Your role does not allow this.',
            },
      'denied',
    ],
    [
      'nobody signed in',
      () => ({ ok: false, status: 401, errorCode: 'staff_not_signed_in', message: 'Please sign in.' }),
      'gate',
    ],
  ])('shows nothing of the audit or the forms to %s', async (_case, handler, shown) => {
    load((_method, path) => handler(path));
    await vi.waitFor(() => expect($(shown).hidden).toBe(false));
    expect($('auditSection').hidden).toBe(true);
    expect($('forms').hidden).toBe(true);
  });
});
