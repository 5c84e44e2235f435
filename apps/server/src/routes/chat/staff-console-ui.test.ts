// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STAFF_CONSOLE_SCRIPT } from './staff-console-script.js';
import { STAFF_CONSOLE_PAGE } from './staff-page.js';

// The staff pages' own scripts, run in a DOM against a stand-in of the /wps/staff calls and socket:
// canned replies once however often the agent signs in, Pick up as the conversation's state says,
// and Sign out on every page.

/** The part of the DOM these tests touch (the server's types have no DOM library). */
interface Element {
  hidden: boolean;
  disabled: boolean;
  textContent: string | null;
  value: string;
  options: Iterable<Element>;
  click(): void;
  dispatchEvent(event: Event): boolean;
  querySelector(selector: string): Element | null;
}
interface Page {
  documentElement: { innerHTML: string };
  getElementById(id: string): Element | null;
  querySelectorAll(selector: string): Iterable<Element> & { length: number };
}
const document = (globalThis as unknown as { document: Page }).document;

type Answer = { ok: true; value: unknown } | { ok: false; status: number; errorCode: string };
type Handler = (method: string, path: string, body: unknown) => Answer | Promise<Answer>;

const SUPPORT = ['console:open', 'chat:read', 'chat:reply', 'chat:assign'];
const ME = { id: 7, merchantId: 1, role: 'support', displayName: 'Alex', permissions: SUPPORT };
/** An admin's grants: the support console and taking over another's conversation. */
const ADMIN = [...SUPPORT, 'chat:takeover'];
const CANNED = [
  { id: 1, title: 'Greeting', body: 'Hello!' },
  { id: 2, title: 'Checking', body: 'One moment.' },
  { id: 3, title: 'Closing', body: 'Bye!' },
];

interface Conversation {
  id: number;
  status: string;
  assignedStaffId: number | null;
  assignedName: string | null;
  [field: string]: unknown;
}

function conversation(over: Partial<Conversation> = {}): Conversation {
  return {
    id: 41,
    status: 'open',
    assignedStaffId: null,
    assignedName: null,
    account: 'demo',
    vipLabel: null,
    language: 'EN',
    lastMessage: 'Hi',
    lastMessageAt: '2026-01-01T00:00:00.000Z',
    unread: 0,
    ...over,
  };
}

class FakeSocket extends EventTarget {
  static last: FakeSocket | null = null;
  readyState = 1;
  constructor() {
    super();
    FakeSocket.last = this;
  }
  send(): void {}
  close(): void {}
  frame(data: unknown): void {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(data) }));
  }
  lost(code: number): void {
    this.dispatchEvent(Object.assign(new Event('close'), { code }));
  }
}

const calls: string[] = [];

function load(page: string, script: string, handler: Handler): void {
  document.documentElement.innerHTML = page
    .replace(/^<!doctype html>\s*<html[^>]*>/i, '')
    .replace(/<\/html>$/, '');
  calls.length = 0;
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('alert', vi.fn());
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: { method: string; body?: string }) => {
      const path = url.replace('/wps/staff/', '');
      calls.push(`${init.method} ${path}`);
      const answer = await handler(
        init.method,
        path,
        init.body === undefined ? undefined : JSON.parse(init.body),
      );
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
  new Function(script)();
}

const ok = (value: unknown): Answer => ({ ok: true, value });
const NOT_SIGNED_IN: Answer = { ok: false, status: 401, errorCode: 'staff_not_signed_in' };
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const $ = (id: string): Element => {
  const element = document.getElementById(id);
  if (element === null) throw new Error(`no #${id}`);
  return element;
};

/** A console whose session is `signedIn` at first; sign-in always succeeds. */
function consoleWith(me: typeof ME, queue: Conversation[], signedIn: { now: boolean }) {
  const items = new Map(queue.map((item) => [item.id, item]));
  const pending: { release: (() => void) | null } = { release: null };
  const handler: Handler = async (method, path) => {
    if (path === 'me') return signedIn.now ? ok(me) : NOT_SIGNED_IN;
    if (path === 'login') {
      signedIn.now = true;
      return ok(me);
    }
    if (path === 'logout') {
      signedIn.now = false;
      return ok(null);
    }
    if (path === 'agents') return ok([me, { id: 8, displayName: 'Kim', role: 'support' }]);
    if (path === 'canned') return ok(CANNED);
    if (path === 'conversations') return ok([...items.values()]);
    if (/^conversations\/\d+\/messages/.test(path)) return ok([]);
    const pickup = /^conversations\/(\d+)\/pickup$/.exec(path);
    if (pickup && method === 'POST') {
      await new Promise<void>((resolve) => (pending.release = resolve));
      const item = {
        ...conversation({ id: Number(pickup[1]) }),
        status: 'assigned',
        assignedStaffId: me.id,
        assignedName: me.displayName,
      };
      items.set(item.id, item);
      return ok(item);
    }
    return ok(null);
  };
  load(STAFF_CONSOLE_PAGE, STAFF_CONSOLE_SCRIPT, handler);
  return pending;
}

function field(name: string): Element {
  const element = $('signin').querySelector(`[name=${name}]`);
  if (element === null) throw new Error(`no field ${name}`);
  return element;
}

async function signIn(): Promise<void> {
  field('username').value = 'aurora-agent';
  field('password').value = 'x';
  field('code').value = '123456';
  $('signin').dispatchEvent(new Event('submit', { cancelable: true }));
  await vi.waitFor(() => expect($('console').hidden).toBe(false));
  await settle();
}

async function openConversation(id = 41): Promise<void> {
  FakeSocket.last?.frame({ type: 'ready' });
  await vi.waitFor(() => expect(document.querySelectorAll('#queue button').length).toBeGreaterThan(0));
  const entry = [...document.querySelectorAll('#queue button')].find((button) =>
    button.textContent?.includes(id === 41 ? 'demo' : String(id)),
  );
  entry?.click();
  await vi.waitFor(() => expect($('title').textContent).not.toBe('Pick a conversation'));
}

const cannedTitles = () => [...$('canned').options].map((option) => option.textContent);

afterEach(() => {
  vi.unstubAllGlobals();
  FakeSocket.last = null;
});

describe('the staff console: canned replies', () => {
  it.each([
    ['one sign-in', 1],
    ['signed out and in again', 2],
    ['three sign-ins', 3],
  ])('are listed once after %s', async (_name, times) => {
    consoleWith(ME, [], { now: false });
    await vi.waitFor(() => expect($('signin').hidden).toBe(false));
    for (let turn = 0; turn < times; turn += 1) {
      if (turn > 0) {
        $('signout').click();
        await vi.waitFor(() => expect($('signin').hidden).toBe(false));
      }
      await signIn();
    }
    expect(cannedTitles()).toEqual(['Canned replies…', 'Greeting', 'Checking', 'Closing']);
  });

  it('are listed once after the session was lost (socket closed 4401) and the agent signed in again', async () => {
    consoleWith(ME, [], { now: true });
    await vi.waitFor(() => expect(cannedTitles()).toHaveLength(4));
    FakeSocket.last?.lost(4401);
    await vi.waitFor(() => expect($('signin').hidden).toBe(false));
    await signIn();
    expect(cannedTitles()).toEqual(['Canned replies…', 'Greeting', 'Checking', 'Closing']);
  });
});

describe('the staff console: Pick up follows the conversation', () => {
  it.each([
    ['open, support', conversation(), SUPPORT, true],
    [
      'already mine',
      conversation({ status: 'assigned', assignedStaffId: 7, assignedName: 'Alex' }),
      SUPPORT,
      false,
    ],
    [
      'another agent’s, support',
      conversation({ status: 'assigned', assignedStaffId: 8, assignedName: 'Kim' }),
      SUPPORT,
      false,
    ],
    [
      'another agent’s, an admin (chat:takeover)',
      conversation({ status: 'assigned', assignedStaffId: 8, assignedName: 'Kim' }),
      ADMIN,
      true,
    ],
    ['closed', conversation({ status: 'closed' }), ADMIN, false],
  ])('%s', async (_name, item, permissions, enabled) => {
    consoleWith({ ...ME, permissions }, [item], { now: true });
    await vi.waitFor(() => expect($('console').hidden).toBe(false));
    if (item.status === 'closed') {
      // A closed conversation is not listed; nothing is picked.
      FakeSocket.last?.frame({ type: 'ready' });
      await settle();
      expect($('pickup').disabled).toBe(true);
      return;
    }
    await openConversation();
    expect($('pickup').disabled).toBe(!enabled);
  });

  it('is disabled while its call runs and once picked up; released or transferred away, as the state says', async () => {
    const pending = consoleWith(ME, [conversation()], { now: true });
    await vi.waitFor(() => expect($('console').hidden).toBe(false));
    await openConversation();
    expect($('pickup').disabled).toBe(false);
    $('pickup').click();
    // A second tap while the first is on its way sends nothing.
    expect($('pickup').disabled).toBe(true);
    $('pickup').click();
    await vi.waitFor(() => expect(pending.release).not.toBeNull());
    pending.release?.();
    await vi.waitFor(() => expect($('details').textContent).toContain('assigned (Alex)'));
    expect($('pickup').disabled).toBe(true);
    expect(calls.filter((call) => call.endsWith('/pickup'))).toHaveLength(1);

    // Released back to the queue (another instance's change, by the socket): Pick up again.
    FakeSocket.last?.frame({ type: 'conversation', conversation: conversation() });
    expect($('pickup').disabled).toBe(false);
    // Transferred to a colleague: not this agent's to pick up.
    FakeSocket.last?.frame({
      type: 'conversation',
      conversation: conversation({ status: 'assigned', assignedStaffId: 8, assignedName: 'Kim' }),
    });
    expect($('pickup').disabled).toBe(true);
    // Transferred to this agent: already theirs.
    FakeSocket.last?.frame({
      type: 'conversation',
      conversation: conversation({ status: 'assigned', assignedStaffId: 7, assignedName: 'Alex' }),
    });
    expect($('pickup').disabled).toBe(true);
  });
});
