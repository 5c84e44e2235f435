// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STAFF_CASHIER_PAGE, STAFF_CASHIER_SCRIPT } from './cashier-page.js';

// The Cashier page's own script, run in a DOM against a stand-in of the /wps/staff calls: the queue
// as the server sends it, Approve and Reject as the staff member clicks them, a role without the
// permission, and the reconciliation's figures.

interface Element {
  hidden: boolean;
  textContent: string | null;
  click(): void;
  querySelectorAll(selector: string): Iterable<Element> & { length: number };
}
const document = (
  globalThis as unknown as {
    document: { documentElement: { innerHTML: string }; getElementById(id: string): Element | null };
  }
).document;
const $ = (id: string): Element => {
  const element = document.getElementById(id);
  if (element === null) throw new Error(`no #${id}`);
  return element;
};

type Answer = { ok: true; value: unknown } | { ok: false; status: number; errorCode: string };
const ok = (value: unknown): Answer => ({ ok: true, value });
const calls: string[] = [];
const ME = { id: 3, merchantId: 2, role: 'admin', displayName: 'Kim' };
const ITEM = {
  id: 'wd_0000000001',
  username: 'demo_user',
  amount: '15000000',
  currency: 'VND',
  state: 'review',
  approvals: 1,
  approvalsNeeded: 2,
  createdAt: '2026-11-29T01:00:00.000Z',
  account: { id: 1, kind: 'bank', bankCode: 'VCB', accountName: 'Nguyen Van A', accountNumberLast4: '6789' },
};

function load(handler: (method: string, path: string, body: unknown) => Answer): void {
  document.documentElement.innerHTML = STAFF_CASHIER_PAGE.replace(
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
            : { success: false, errorCode: answer.errorCode, message: answer.errorCode },
        ),
        { status: answer.ok ? 200 : answer.status, headers: { 'content-type': 'application/json' } },
      );
    }),
  );
  new Function(STAFF_CASHIER_SCRIPT)();
}

afterEach(() => vi.unstubAllGlobals());

describe('the Cashier page', () => {
  it('lists the queue and approves a withdrawal with its id', async () => {
    let queue = [ITEM];
    load((_method, path) => {
      if (path === 'me') return ok(ME);
      if (path === 'withdrawals') return ok(queue);
      if (path === 'withdrawals/approve') {
        queue = [];
        return ok({ ...ITEM, state: 'paid', approvals: 2 });
      }
      return ok(null);
    });
    await vi.waitFor(() => expect($('queue').querySelectorAll('tr').length).toBe(1));
    const text = $('queue').textContent ?? '';
    expect(text).toContain('demo_user');
    expect(text).toContain('15000000 VND');
    expect(text).toContain('VCB ···6789');
    expect(text).toContain('1 of 2');
    const approve = [...$('queue').querySelectorAll('button')].find(
      (button) => button.textContent === 'Approve',
    );
    approve?.click();
    await vi.waitFor(() => expect($('queueResult').textContent).toBe('demo_user · 15000000 VND: paid'));
    expect(calls).toContain('POST withdrawals/approve {"id":"wd_0000000001"}');
    await vi.waitFor(() => expect($('empty').hidden).toBe(false));
  });

  // [case, what prompt answers, whether a rejection is sent]
  it.each([
    ['a reason', 'Documents needed', true],
    ['an empty reason', '   ', false],
    ['cancel', null, false],
  ])('rejects only with a reason: %s', async (_case, reason, sent) => {
    vi.stubGlobal(
      'prompt',
      vi.fn(() => reason),
    );
    load((_method, path) =>
      path === 'me' ? ok(ME) : path === 'withdrawals' ? ok([ITEM]) : ok({ ...ITEM, state: 'rejected' }),
    );
    vi.stubGlobal(
      'prompt',
      vi.fn(() => reason),
    );
    await vi.waitFor(() => expect($('queue').querySelectorAll('tr').length).toBe(1));
    [...$('queue').querySelectorAll('button')].find((button) => button.textContent === 'Reject…')?.click();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.some((call) => call.startsWith('POST withdrawals/reject'))).toBe(sent);
    if (sent)
      expect(calls).toContain('POST withdrawals/reject {"id":"wd_0000000001","reason":"Documents needed"}');
  });

  it('tells a role without the permission, and shows nothing of the queue', async () => {
    load((_method, path) =>
      path === 'me' ? ok({ ...ME, role: 'agent' }) : { ok: false, status: 403, errorCode: 'staff_forbidden' },
    );
    await vi.waitFor(() => expect($('denied').hidden).toBe(false));
    expect($('queueSection').hidden).toBe(true);
  });

  it('shows the reconciliation’s figures', async () => {
    load((_method, path) =>
      path === 'me'
        ? ok(ME)
        : path === 'withdrawals'
          ? ok([])
          : ok({ unknownPayouts: 1, balanceDifferences: 0, unbalancedTransfers: 0 }),
    );
    await vi.waitFor(() => expect($('empty').hidden).toBe(false));
    $('reconcile').click();
    await vi.waitFor(() =>
      expect($('reconcileResult').textContent).toBe(
        'Unknown payouts still held: 1 · balance differences: 0 · unbalanced transfers: 0',
      ),
    );
  });
});
