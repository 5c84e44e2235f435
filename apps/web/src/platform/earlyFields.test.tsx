import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstScreenHydrated, refillEarlyFields } from './earlyFields';
import { pageTaps } from './earlyTaps';

/** A form whose state shows under it, as a screen's form keeps its fields. */
function Form() {
  const [name, setName] = useState('');
  const [note, setNote] = useState('');
  const [remember, setRemember] = useState(true);
  const [plan, setPlan] = useState('a');
  const [agreed, setAgreed] = useState(false);
  return (
    <form>
      <input aria-label="name" value={name} onChange={(event) => setName(event.target.value)} />
      <textarea aria-label="note" value={note} onChange={(event) => setNote(event.target.value)} />
      <input
        aria-label="remember"
        type="checkbox"
        checked={remember}
        onChange={(event) => setRemember(event.target.checked)}
      />
      <select aria-label="plan" value={plan} onChange={(event) => setPlan(event.target.value)}>
        <option value="a">A</option>
        <option value="b">B</option>
      </select>
      <input
        aria-label="agreed"
        type="checkbox"
        disabled
        checked={agreed}
        onChange={(event) => setAgreed(event.target.checked)}
      />
      <output>{JSON.stringify({ name, note, remember, plan, agreed })}</output>
    </form>
  );
}

function field<T extends Element>(label: string): T {
  const element = document.querySelector<T>(`[aria-label="${label}"]`);
  if (element === null) throw new Error(label);
  return element;
}

const state = () =>
  JSON.parse(document.querySelector('output')?.textContent ?? '{}') as Record<string, unknown>;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('refillEarlyFields: what was filled before the form hydrated reaches its state', () => {
  it.each([
    ['nothing filled', () => undefined, { name: '', note: '', remember: true, plan: 'a' }],
    ['a typed name', () => (field<HTMLInputElement>('name').value = 'demo'), { name: 'demo' }],
    ['a typed note', () => (field<HTMLTextAreaElement>('note').value = 'line'), { note: 'line' }],
    ['an unticked box', () => (field<HTMLInputElement>('remember').checked = false), { remember: false }],
    ['another option', () => (field<HTMLSelectElement>('plan').value = 'b'), { plan: 'b' }],
    [
      'a name typed and cleared again',
      () => {
        field<HTMLInputElement>('name').value = 'x';
        field<HTMLInputElement>('name').value = '';
      },
      { name: '' },
    ],
    [
      'a disabled field is left alone',
      () => (field<HTMLInputElement>('agreed').checked = true),
      { agreed: false },
    ],
  ])('%s', async (_case, fill, expected) => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Form />);
    document.body.append(container);
    fill();
    await act(async () => {
      hydrateRoot(container, <Form />);
    });
    await act(async () => refillEarlyFields(container));
    expect(state()).toMatchObject(expected);
  });

  it('without it, the typed name never reaches the state (the form would submit it empty)', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Form />);
    document.body.append(container);
    field<HTMLInputElement>('name').value = 'demo';
    await act(async () => {
      hydrateRoot(container, <Form />);
    });
    expect(state()).toMatchObject({ name: '' });
  });
});

describe('a login typed and submitted before the app: sent with what was typed, once', () => {
  function Login({ onSend }: { onSend: (sent: { user: string; password: string }) => void }) {
    const [user, setUser] = useState('');
    const [password, setPassword] = useState('');
    return (
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSend({ user, password });
        }}
      >
        <input aria-label="user" value={user} onChange={(event) => setUser(event.target.value)} />
        <input
          aria-label="password"
          type="password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <button>Log in</button>
      </form>
    );
  }

  it('the native submit is held, and the replayed one carries the refilled values', async () => {
    const sends: { user: string; password: string }[] = [];
    const container = document.createElement('div');
    container.id = 'main';
    container.innerHTML = renderToString(<Login onSend={() => undefined} />);
    document.body.append(container);
    const taps = pageTaps(window, true);
    const natives: boolean[] = [];
    window.addEventListener('submit', (event) => natives.push(event.defaultPrevented));
    field<HTMLInputElement>('user').value = 'demo';
    field<HTMLInputElement>('password').value = 'Demo1234';
    container.querySelector('button')?.click();
    expect(natives).toEqual([true]);
    taps.appStarted();
    await act(async () => {
      hydrateRoot(container, <Login onSend={(sent) => sends.push(sent)} />);
    });
    await act(async () => {
      firstScreenHydrated(window);
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(sends).toEqual([{ user: 'demo', password: 'Demo1234' }]);
    vi.restoreAllMocks();
  });
});
