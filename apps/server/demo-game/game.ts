/**
 * The demo lottery's page script (browser). Built by `npm run build -w apps/server` into
 * dist/demo-game/game.js (tsconfig.json here); served from source in development and tests.
 *
 * Flow: read `ticket` from the address, strip it from the address bar, redeem it once for a play
 * token (kept in sessionStorage so a reload continues the session), then play rounds.
 */

// Types only (erased when built or transpiled): the page and the server share the contract's shapes.
import type { WpsResponse } from '@wps/contract/envelope';
import type { DemoRedeemResult, DemoRoundResult, DemoSessionView } from '@wps/contract/games';
import type { DemoRedeemPayload, DemoRoundPayload } from '@wps/contract/schemas/games';

class GameError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const STORAGE_KEY = 'wps-demo-game-play-token';

function byId<T extends HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (element === null) throw new Error(`#${id} is missing`);
  return element as T;
}

const root = byId<HTMLElement>('demo');
const config = {
  redeem: root.dataset['redeem'] ?? '',
  round: root.dataset['round'] ?? '',
  session: root.dataset['session'] ?? '',
  pickCount: Number(root.dataset['pickCount'] ?? '3'),
};

const view = {
  back: byId<HTMLAnchorElement>('back'),
  title: byId<HTMLHeadingElement>('title'),
  mode: byId<HTMLParagraphElement>('mode'),
  credit: byId<HTMLOutputElement>('credit'),
  creditLabel: byId<HTMLSpanElement>('credit-label'),
  status: byId<HTMLParagraphElement>('status'),
  numbers: Array.from(byId<HTMLDivElement>('numbers').querySelectorAll<HTMLButtonElement>('button')),
  quick: byId<HTMLButtonElement>('quick'),
  clear: byId<HTMLButtonElement>('clear'),
  stake: byId<HTMLSelectElement>('stake'),
  play: byId<HTMLButtonElement>('play'),
  drawn: byId<HTMLOListElement>('drawn'),
  result: byId<HTMLParagraphElement>('result'),
};

const state = {
  playToken: null as string | null,
  credit: 0,
  /** Null: play credit (free play), never money. */
  currency: null as string | null,
  exponent: 0,
  busy: false,
  picks: new Set<number>(),
};

/** Credit as a number; money in its currency (minor units on the wire, never a float before here). */
function amountText(units: number): string {
  if (state.currency === null) return String(units);
  const major = units / 10 ** state.exponent;
  try {
    return new Intl.NumberFormat('en', {
      style: 'currency',
      currency: state.currency,
      minimumFractionDigits: state.exponent,
      maximumFractionDigits: state.exponent,
    }).format(major);
  } catch {
    return `${major.toFixed(state.exponent)} ${state.currency}`;
  }
}

function storedToken(): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function storeToken(token: string | null): void {
  try {
    if (token === null) sessionStorage.removeItem(STORAGE_KEY);
    else sessionStorage.setItem(STORAGE_KEY, token);
  } catch {
    // Storage refused (private mode): the session lasts as long as the page.
  }
}

async function call<T>(path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (state.playToken !== null) headers['authorization'] = state.playToken;
  let response: Response;
  try {
    response = await fetch(path, {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch {
    throw new GameError(
      0,
      'network',
      'The game server cannot be reached. Check your connection and try again.',
    );
  }
  let envelope: WpsResponse<T>;
  try {
    envelope = (await response.json()) as WpsResponse<T>;
  } catch {
    throw new GameError(response.status, 'unknown', 'The game server did not answer. Please try again.');
  }
  if (!envelope.success) {
    throw new GameError(
      response.status,
      envelope.errorCode || 'unknown',
      envelope.message || 'Something went wrong. Please try again.',
    );
  }
  if (!response.ok || envelope.value === undefined) {
    throw new GameError(response.status, 'unknown', 'Something went wrong. Please try again.');
  }
  return envelope.value;
}

/** Only a path of the app on this site (the server already checked it). */
function safeBack(url: string): string {
  return url.startsWith('/m/') && !url.includes('//') && !url.includes('\\') ? url : '/m/home';
}

function stake(): number {
  return Number(view.stake.value);
}

function playing(): boolean {
  return state.playToken !== null;
}

function render(): void {
  const full = state.picks.size >= config.pickCount;
  for (const button of view.numbers) {
    const number = Number(button.dataset['number']);
    const picked = state.picks.has(number);
    button.setAttribute('aria-pressed', String(picked));
    button.disabled = !playing() || state.busy || (full && !picked);
  }
  view.credit.value = playing() ? amountText(state.credit) : '–';
  view.quick.disabled = !playing() || state.busy;
  view.clear.disabled = !playing() || state.busy || state.picks.size === 0;
  view.stake.disabled = !playing() || state.busy;
  view.play.disabled =
    !playing() || state.busy || state.picks.size !== config.pickCount || stake() > state.credit;
}

function setStatus(text: string): void {
  view.status.textContent = text;
}

function hintForPicks(): void {
  if (!playing()) return;
  const missing = config.pickCount - state.picks.size;
  if (stake() > state.credit) {
    setStatus(
      state.currency === null
        ? 'Not enough credit for this stake. Choose a smaller stake.'
        : 'Not enough balance for this stake. Choose a smaller stake or add funds.',
    );
  } else if (missing > 0) setStatus(`Pick ${missing} more number${missing === 1 ? '' : 's'}.`);
  else setStatus('Ready. Press Play.');
}

/** The session's stakes, in its units; the one selected before stays selected when offered. */
function showStakes(stakes: readonly number[]): void {
  const selected = stake();
  view.stake.replaceChildren(
    ...stakes.map((units) => {
      const option = document.createElement('option');
      option.value = String(units);
      option.textContent = amountText(units);
      return option;
    }),
  );
  view.stake.value = stakes.includes(selected) ? String(selected) : String(stakes[0] ?? '');
}

function showSession(session: DemoSessionView): void {
  state.credit = session.credit;
  state.currency = session.currency;
  state.exponent = session.exponent;
  view.title.textContent = session.game.displayName || 'Lucky Ten';
  document.title = `${view.title.textContent} — demo lottery`;
  // Play credit is labelled as such: it is never money.
  view.creditLabel.textContent = session.currency === null ? 'Play credit' : 'Balance';
  view.mode.textContent =
    session.currency === null
      ? 'Free play: play credit, not money. Nothing is paid out.'
      : `Real money: stakes and wins go to your ${session.currency} balance.`;
  view.mode.hidden = false;
  showStakes(session.stakes);
  view.back.href = safeBack(session.backUrl);
  hintForPicks();
  render();
}

function endSession(message: string): void {
  state.playToken = null;
  storeToken(null);
  setStatus(message);
  render();
}

function showDraw(result: DemoRoundResult, picks: readonly number[]): void {
  view.drawn.replaceChildren(
    ...result.drawn.map((number) => {
      const item = document.createElement('li');
      item.textContent = String(number);
      if (picks.includes(number)) {
        item.className = 'hit';
        item.setAttribute('aria-label', `${number}, a match`);
      }
      return item;
    }),
  );
  const matched = `${result.matches} match${result.matches === 1 ? '' : 'es'}`;
  const outcome = result.payout > 0 ? `You win ${amountText(result.payout)}!` : 'No win this time.';
  const left = state.currency === null ? 'Credit' : 'Balance';
  view.result.textContent = `Drawn ${result.drawn.join(', ')}. ${matched}. ${outcome} ${left} ${amountText(result.credit)}.`;
  view.result.classList.toggle('win', result.payout > 0);
}

async function playRound(): Promise<void> {
  if (view.play.disabled) return;
  const picks = Array.from(state.picks).sort((a, b) => a - b);
  state.busy = true;
  render();
  setStatus('Drawing…');
  try {
    const result = await call<DemoRoundResult>(config.round, {
      picks,
      stake: stake(),
    } satisfies DemoRoundPayload);
    state.credit = result.credit;
    showDraw(result, picks);
    state.busy = false;
    hintForPicks();
  } catch (error) {
    state.busy = false;
    const failure = error instanceof GameError ? error : new GameError(0, 'unknown', 'Something went wrong.');
    // The play session is over (expired, or its ticket was never valid): nothing more to play.
    if (failure.code === 'launch_ticket_invalid') endSession(failure.message);
    else setStatus(failure.message);
  }
  render();
}

function quickPick(): void {
  const pool = view.numbers.map((button) => Number(button.dataset['number']));
  const random = new Uint32Array(pool.length);
  crypto.getRandomValues(random);
  for (let index = pool.length - 1; index > 0; index -= 1) {
    const other = (random[index] ?? 0) % (index + 1);
    [pool[index], pool[other]] = [pool[other] ?? 0, pool[index] ?? 0];
  }
  state.picks = new Set(pool.slice(0, config.pickCount));
  hintForPicks();
  render();
}

function wire(): void {
  for (const button of view.numbers) {
    button.addEventListener('click', () => {
      const number = Number(button.dataset['number']);
      if (state.picks.has(number)) state.picks.delete(number);
      else if (state.picks.size < config.pickCount) state.picks.add(number);
      hintForPicks();
      render();
    });
  }
  view.quick.addEventListener('click', quickPick);
  view.clear.addEventListener('click', () => {
    state.picks.clear();
    hintForPicks();
    render();
  });
  view.stake.addEventListener('change', () => {
    hintForPicks();
    render();
  });
  view.play.addEventListener('click', () => void playRound());
}

async function start(): Promise<void> {
  wire();
  const params = new URLSearchParams(location.search);
  const ticket = params.get('ticket');
  if (ticket !== null) {
    // The ticket is single use: off the address bar (and out of history) at once.
    params.delete('ticket');
    const rest = params.toString();
    history.replaceState(history.state, '', `${location.pathname}${rest === '' ? '' : `?${rest}`}`);
  }
  try {
    if (ticket !== null && ticket !== '') {
      state.playToken = null;
      const redeemed = await call<DemoRedeemResult>(config.redeem, { ticket } satisfies DemoRedeemPayload);
      state.playToken = redeemed.playToken;
      storeToken(redeemed.playToken);
      showSession(redeemed);
      return;
    }
    const stored = storedToken();
    if (stored !== null) {
      state.playToken = stored;
      showSession(await call<DemoSessionView>(config.session));
      return;
    }
    endSession('Open this game from the lobby to play.');
  } catch (error) {
    endSession(
      error instanceof GameError ? error.message : 'The game could not start. Please go back and try again.',
    );
  }
}

void start();
