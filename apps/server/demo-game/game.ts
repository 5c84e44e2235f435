/**
 * The demo vendor's page script (browser): the pick-3 lottery, the Vietnam lottery (in Vietnamese)
 * and the slot, whichever the session plays. Built by `npm run build -w apps/server` into
 * dist/demo-game/game.js (tsconfig.json here); served from source in development and tests.
 *
 * Flow: read `ticket` from the address, strip it from the address bar, redeem it once for a play
 * token (kept in sessionStorage so a reload continues the session), then play rounds.
 */

// Types only (erased when built or transpiled): the page and the server share the contract's shapes.
import type {
  DemoGameKind,
  DemoRedeemResult,
  DemoRoundResult,
  DemoRoundView,
  DemoSessionView,
} from '@wps/contract/games';
import type { DemoRedeemPayload, DemoRoundPayload } from '@wps/contract/schemas/games';
import { call, GameError, storedToken, storeToken } from './api.js';
import { TEXTS } from './texts.js';

function byId<T extends HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (element === null) throw new Error(`#${id} is missing`);
  return element as T;
}

const root = byId<HTMLElement>('demo');
const config = {
  redeem: root.dataset['redeem'] ?? '',
  round: root.dataset['round'] ?? '',
  rounds: root.dataset['rounds'] ?? '',
  session: root.dataset['session'] ?? '',
  pickCount: Number(root.dataset['pickCount'] ?? '3'),
  symbols: (root.dataset['symbols'] ?? '').split(','),
};
const KINDS: readonly DemoGameKind[] = ['pick3', 'vn2d', 'slot'];

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
  vnNumber: byId<HTMLInputElement>('vn-number'),
  vnQuick: byId<HTMLButtonElement>('vn-quick'),
  reels: byId<HTMLOListElement>('reels'),
  stakeLabel: byId<HTMLLabelElement>('stake-label'),
  stake: byId<HTMLSelectElement>('stake'),
  play: byId<HTMLButtonElement>('play'),
  drawn: byId<HTMLOListElement>('drawn'),
  resultHeading: byId<HTMLHeadingElement>('result-heading'),
  result: byId<HTMLParagraphElement>('result'),
  historyHeading: byId<HTMLHeadingElement>('history-heading'),
  history: byId<HTMLOListElement>('history'),
  rulesHeading: byId<HTMLHeadingElement>('rules-heading'),
};

const state = {
  playToken: null as string | null,
  kind: 'pick3' as DemoGameKind,
  language: 'en' as 'en' | 'vi',
  credit: 0,
  /** Null: play credit (free play), never money. */
  currency: null as string | null,
  exponent: 0,
  busy: false,
  picks: new Set<number>(),
};

const text = () => TEXTS[state.language];

/** Only a path of the app on this site (the server already checked it). */
function safeBack(url: string): string {
  return url.startsWith('/m/') && !url.includes('//') && !url.includes('\\') ? url : '/m/home';
}

/** Credit as a number; money in its currency (minor units on the wire, never a float before here). */
function amountText(units: number): string {
  if (state.currency === null) return String(units);
  const major = units / 10 ** state.exponent;
  try {
    return new Intl.NumberFormat(state.language, {
      style: 'currency',
      currency: state.currency,
      minimumFractionDigits: state.exponent,
      maximumFractionDigits: state.exponent,
    }).format(major);
  } catch {
    return `${major.toFixed(state.exponent)} ${state.currency}`;
  }
}

const stake = () => Number(view.stake.value);
const playing = () => state.playToken !== null;
const vnNumber = () => (/^\d{2}$/.test(view.vnNumber.value) ? Number(view.vnNumber.value) : null);

/** Whether the player has chosen what the game needs (the slot needs nothing). */
function chosen(): boolean {
  if (state.kind === 'pick3') return state.picks.size === config.pickCount;
  if (state.kind === 'vn2d') return vnNumber() !== null;
  return true;
}

function render(): void {
  const idle = playing() && !state.busy;
  const full = state.picks.size >= config.pickCount;
  for (const button of view.numbers) {
    const picked = state.picks.has(Number(button.dataset['number']));
    button.setAttribute('aria-pressed', String(picked));
    button.disabled = !idle || (full && !picked);
  }
  view.credit.value = playing() ? amountText(state.credit) : '–';
  view.quick.disabled = !idle;
  view.clear.disabled = !idle || state.picks.size === 0;
  view.vnNumber.disabled = !idle;
  view.vnQuick.disabled = !idle;
  view.stake.disabled = !idle;
  view.play.disabled = !idle || !chosen() || stake() > state.credit;
}

function setStatus(message: string): void {
  view.status.textContent = message;
}

function hint(): void {
  if (!playing()) return;
  const missing = config.pickCount - state.picks.size;
  if (stake() > state.credit) setStatus(state.currency === null ? text().noCredit : text().noBalance);
  else if (state.kind === 'pick3' && missing > 0)
    setStatus(`Pick ${missing} more number${missing === 1 ? '' : 's'}.`);
  else if (state.kind === 'vn2d' && vnNumber() === null) setStatus('Nhập một số từ 00 đến 99.');
  else setStatus(state.kind === 'slot' ? text().spinReady : text().ready);
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
  Object.assign(state, {
    kind: session.kind,
    language: session.language,
    credit: session.credit,
    currency: session.currency,
    exponent: session.exponent,
  });
  document.documentElement.lang = session.language;
  for (const kind of KINDS) {
    byId(`game-${kind}`).hidden = kind !== session.kind;
    byId(`rules-${kind}`).hidden = kind !== session.kind;
  }
  view.title.textContent = session.game.displayName || 'Lucky Ten';
  document.title = `${view.title.textContent} — demo`;
  view.back.textContent = text().back;
  view.stakeLabel.textContent = text().stake;
  view.resultHeading.textContent = session.kind === 'slot' ? 'Result' : text().draw;
  // The slot's reels show what it drew; the others' draw is shown as balls.
  view.drawn.hidden = session.kind === 'slot';
  view.historyHeading.textContent = text().history;
  view.rulesHeading.textContent = text().rules;
  view.play.textContent = session.kind === 'slot' ? 'Spin' : session.kind === 'vn2d' ? 'Chơi' : 'Play';
  view.drawn.setAttribute('aria-label', session.kind === 'vn2d' ? 'Giải đặc biệt' : 'Drawn numbers');
  view.result.textContent = '';
  // Play credit is labelled as such: it is never money.
  view.creditLabel.textContent = session.currency === null ? text().playCredit : text().balance;
  view.mode.textContent = session.currency === null ? text().free : text().money(session.currency);
  view.mode.hidden = false;
  view.back.href = safeBack(session.backUrl);
  showStakes(session.stakes);
  hint();
  render();
}

function endSession(message: string): void {
  state.playToken = null;
  storeToken(null);
  setStatus(message);
  render();
}

/** What a round drew, as words (also the history's). */
function drawnText(drawn: readonly number[]): string {
  if (state.kind === 'vn2d') return String(drawn[0] ?? 0).padStart(5, '0');
  if (state.kind === 'slot') return drawn.map((symbol) => config.symbols[symbol] ?? '?').join(' | ');
  return drawn.join(', ');
}

function showResult(result: DemoRoundResult, picks: readonly number[]): void {
  const drawn = state.kind === 'vn2d' ? [drawnText(result.drawn)] : result.drawn.map(String);
  const symbols = state.kind === 'slot' ? drawnText(result.drawn).split(' | ') : drawn;
  view.drawn.replaceChildren(
    ...symbols.map((label, index) => {
      const item = document.createElement('li');
      item.textContent = label;
      if (state.kind !== 'pick3') item.className = 'wide';
      else if (picks.includes(result.drawn[index] ?? 0)) {
        item.className = 'hit';
        item.setAttribute('aria-label', `${label}, a match`);
      }
      return item;
    }),
  );
  if (state.kind === 'slot') {
    view.reels.replaceChildren(
      ...symbols.map((symbol) => Object.assign(document.createElement('li'), { textContent: symbol })),
    );
  }
  const outcome = result.payout > 0 ? text().win(amountText(result.payout)) : text().noWin;
  const left = `${state.currency === null ? text().playCredit : text().balance} ${amountText(result.credit)}.`;
  const what =
    state.kind === 'pick3'
      ? `Drawn ${drawnText(result.drawn)}. ${result.matches} match${result.matches === 1 ? '' : 'es'}.`
      : state.kind === 'vn2d'
        ? `Giải đặc biệt ${drawnText(result.drawn)}. Số của bạn ${String(picks[0] ?? 0).padStart(2, '0')}.`
        : `${drawnText(result.drawn)}.`;
  view.result.textContent = `${what} ${outcome} ${left}`;
  view.result.classList.toggle('win', result.payout > 0);
}

async function showHistory(): Promise<void> {
  const rounds = await call<DemoRoundView[]>(config.rounds, state.playToken).catch(() => null);
  if (rounds === null) return;
  view.history.replaceChildren(
    ...rounds.map((round) => {
      const item = document.createElement('li');
      const time = new Date(round.at).toLocaleTimeString(state.language);
      const chose =
        state.kind === 'pick3'
          ? `${round.picks.join(', ')} → `
          : state.kind === 'vn2d'
            ? `${String(round.picks[0] ?? 0).padStart(2, '0')} → `
            : '';
      const note = round.state === 'settled' ? '' : ` (${text()[round.state]})`;
      item.textContent = `${time} · ${chose}${drawnText(round.drawn)} · ${amountText(round.stake)} → ${amountText(round.payout)}${note}`;
      return item;
    }),
  );
}

async function playRound(): Promise<void> {
  if (view.play.disabled) return;
  const picks =
    state.kind === 'pick3'
      ? Array.from(state.picks).sort((a, b) => a - b)
      : state.kind === 'vn2d'
        ? [vnNumber() ?? 0]
        : [];
  const payload: DemoRoundPayload =
    state.kind === 'pick3'
      ? { picks, stake: stake() }
      : state.kind === 'vn2d'
        ? { number: picks[0] ?? 0, stake: stake() }
        : { stake: stake() };
  state.busy = true;
  render();
  setStatus(text().drawing);
  try {
    const result = await call<DemoRoundResult>(config.round, state.playToken, payload);
    state.credit = result.credit;
    showResult(result, picks);
    state.busy = false;
    hint();
    void showHistory();
  } catch (error) {
    state.busy = false;
    const failure = error instanceof GameError ? error : new GameError(0, 'unknown', 'Something went wrong.');
    // The play session is over (expired, or its ticket was never valid): nothing more to play.
    if (failure.code === 'launch_ticket_invalid') endSession(failure.message);
    else setStatus(failure.message);
  }
  render();
}

/** `count` distinct random values of 0..size-1 (crypto randomness, partial Fisher–Yates). */
function randomPick(size: number, count: number): number[] {
  const pool = Array.from({ length: size }, (_, index) => index);
  const random = new Uint32Array(count);
  crypto.getRandomValues(random);
  for (let index = 0; index < count; index += 1) {
    const other = index + ((random[index] ?? 0) % (size - index));
    [pool[index], pool[other]] = [pool[other] ?? 0, pool[index] ?? 0];
  }
  return pool.slice(0, count);
}

function changed(): void {
  hint();
  render();
}

function wire(): void {
  for (const button of view.numbers) {
    button.addEventListener('click', () => {
      const number = Number(button.dataset['number']);
      if (state.picks.has(number)) state.picks.delete(number);
      else if (state.picks.size < config.pickCount) state.picks.add(number);
      changed();
    });
  }
  view.quick.addEventListener('click', () => {
    state.picks = new Set(randomPick(view.numbers.length, config.pickCount).map((index) => index + 1));
    changed();
  });
  view.clear.addEventListener('click', () => {
    state.picks.clear();
    changed();
  });
  view.vnNumber.addEventListener('input', changed);
  view.vnQuick.addEventListener('click', () => {
    view.vnNumber.value = String(randomPick(100, 1)[0] ?? 0).padStart(2, '0');
    changed();
  });
  view.stake.addEventListener('change', changed);
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
      const redeemed = await call<DemoRedeemResult>(config.redeem, null, {
        ticket,
      } satisfies DemoRedeemPayload);
      state.playToken = redeemed.playToken;
      storeToken(redeemed.playToken);
      showSession(redeemed);
      void showHistory();
      return;
    }
    const stored = storedToken();
    if (stored !== null) {
      state.playToken = stored;
      showSession(await call<DemoSessionView>(config.session, state.playToken));
      void showHistory();
      return;
    }
    endSession(text().fromLobby);
  } catch (error) {
    endSession(
      error instanceof GameError ? error.message : 'The game could not start. Please go back and try again.',
    );
  }
}

void start();
