import {
  DEMO_LOTTERY,
  DEMO_SLOT,
  DEMO_VN_LOTTERY,
  DemoGamePath,
  type DemoGameKind,
} from '@wps/contract/games';
import { escapeHtml } from '../../lib/html.js';
import { DEMO_PAY_TABLE, SLOT_PAY_TABLE, SLOT_TWO_CHERRIES } from '../../services/games/demo-vendor/rules.js';

/** The demo game's own files, next to its page. */
export const DEMO_ASSETS = {
  script: `${DemoGamePath.page}game.js`,
  /** Every module of the page by its source name (demo-game/<name>.ts); game.js imports the others. */
  scripts: {
    game: `${DemoGamePath.page}game.js`,
    api: `${DemoGamePath.page}api.js`,
    texts: `${DemoGamePath.page}texts.js`,
  },
  style: `${DemoGamePath.page}game.css`,
} as const;

/** Answers a reloaded page's play token with its session (the product's own, besides DemoGamePath). */
export const DEMO_SESSION_PATH = '/demo-game/api/session';

/**
 * The demo page's own policy, stricter than the app's: its script and stylesheet only, calls to this
 * origin, no inline anything, no forms, no framing by other sites.
 */
export const DEMO_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ');

function payTableText(): string {
  return DEMO_PAY_TABLE.map((multiplier, matches) => ({ multiplier, matches }))
    .filter((row) => row.multiplier > 0)
    .map((row) => `<li>${row.matches} matches pay ${row.multiplier}× the stake</li>`)
    .join('');
}

function slotPayText(): string {
  const rows = SLOT_PAY_TABLE.map(
    (multiplier, symbol) =>
      `<li>Three ${escapeHtml(DEMO_SLOT.symbols[symbol] ?? '')} pay ${multiplier}× the stake</li>`,
  );
  return `${rows.join('')}<li>Cherry, Cherry on the first two reels pays ${SLOT_TWO_CHERRIES}× the stake</li>`;
}

const MONEY_EN =
  '<p>Launched from your account, the game plays your real balance: stakes are taken from it and wins paid into it. Free play uses play credit, which is not money.</p>';

/** A game's own part of the page, shown by game.js for the session's game only. */
function section(kind: DemoGameKind, label: string, body: string, lang = ''): string {
  const language = lang === '' ? '' : ` lang="${lang}"`;
  return `<section id="game-${kind}" class="card" aria-labelledby="${kind}-heading"${language} hidden>
<h2 id="${kind}-heading">${label}</h2>
${body}
</section>`;
}

/**
 * The page (lang en: the demo vendor's own page, not the app's; the Vietnam lottery's parts in
 * Vietnamese, which game.js makes the page's language for that game). Everything dynamic is done by
 * game.js; numbers, stakes and API paths come from the contract through data attributes.
 */
export function renderDemoPage(): string {
  const numbers = Array.from({ length: DEMO_LOTTERY.numberMax }, (_, index) => index + 1)
    .map(
      (n) =>
        `<button type="button" class="ball" aria-pressed="false" data-number="${n}" disabled>${n}</button>`,
    )
    .join('');
  const stakes = DEMO_LOTTERY.stakes
    .map((stake, index) => `<option value="${stake}"${index === 0 ? ' selected' : ''}>${stake}</option>`)
    .join('');
  const data = {
    redeem: DemoGamePath.redeem,
    round: DemoGamePath.round,
    rounds: DemoGamePath.rounds,
    session: DEMO_SESSION_PATH,
    'pick-count': String(DEMO_LOTTERY.pickCount),
    symbols: DEMO_SLOT.symbols.join(','),
  };
  const attributes = Object.entries(data)
    .map(([name, value]) => `data-${name}="${escapeHtml(value)}"`)
    .join(' ');
  const { pickCount, numberMax } = DEMO_LOTTERY;
  const vnMax = String(DEMO_VN_LOTTERY.numberMax);
  const reels = Array.from({ length: DEMO_SLOT.reels }, () => '<li>–</li>').join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="referrer" content="no-referrer">
<meta name="robots" content="noindex, nofollow">
<meta name="color-scheme" content="dark">
<link rel="icon" href="data:,">
<title>Lucky Ten — demo lottery</title>
<link rel="stylesheet" href="${DEMO_ASSETS.style}">
<script type="module" src="${DEMO_ASSETS.script}"></script>
</head>
<body>
<main id="demo" class="demo" ${attributes}>
<header class="top">
<a id="back" class="back" href="/m/home">Back</a>
<p class="credit"><span id="credit-label">Credit</span> <output id="credit" aria-labelledby="credit-label" aria-live="off">–</output></p>
</header>
<h1 id="title">Lucky Ten</h1>
<p id="mode" class="mode" hidden></p>
<p id="status" class="status" role="status">Loading the game…</p>
${section(
  'pick3',
  `Pick ${pickCount} numbers`,
  `<p id="pick-hint" class="hint">Choose ${pickCount} different numbers from 1 to ${numberMax}.</p>
<div id="numbers" class="numbers" role="group" aria-labelledby="pick3-heading" aria-describedby="pick-hint">${numbers}</div>
<div class="row">
<button type="button" id="quick" class="secondary" disabled>Quick pick</button>
<button type="button" id="clear" class="secondary" disabled>Clear</button>
</div>`,
)}
${section(
  'vn2d',
  'Chọn số của bạn',
  `<p id="vn-hint" class="hint">Chọn một số có hai chữ số, từ 00 đến ${vnMax}.</p>
<div class="row">
<label for="vn-number">Số</label>
<input id="vn-number" class="number" inputmode="numeric" autocomplete="off" maxlength="2" pattern="[0-9]{2}" aria-describedby="vn-hint" disabled>
<button type="button" id="vn-quick" class="secondary" disabled>Chọn nhanh</button>
</div>`,
  'vi',
)}
${section('slot', 'Reels', `<ol id="reels" class="reels" aria-label="Reels">${reels}</ol>`)}
<div class="card row">
<label id="stake-label" for="stake">Stake</label>
<select id="stake" disabled>${stakes}</select>
<button type="button" id="play" class="primary" disabled>Play</button>
</div>
<section class="card" aria-labelledby="result-heading">
<h2 id="result-heading">Draw</h2>
<ol id="drawn" class="drawn" aria-label="Drawn numbers"></ol>
<p id="result" class="result" aria-live="polite">Pick your numbers and press Play.</p>
</section>
<section class="card" aria-labelledby="history-heading">
<h2 id="history-heading">Your rounds</h2>
<ol id="history" class="history"></ol>
</section>
<section class="card rules" aria-labelledby="rules-heading">
<h2 id="rules-heading">How it pays</h2>
<div id="rules-pick3" hidden>
<p>${pickCount} numbers are drawn from 1 to ${numberMax}.</p>
<ul>${payTableText()}</ul>
${MONEY_EN}
</div>
<div id="rules-vn2d" lang="vi" hidden>
<p>Giải đặc biệt có ${DEMO_VN_LOTTERY.prizeDigits} chữ số được quay ngẫu nhiên. Số của bạn trúng khi trùng với hai chữ số cuối của giải đặc biệt.</p>
<ul><li>Trúng: ${DEMO_VN_LOTTERY.payMultiplier} lần tiền cược</li></ul>
<p>Mở từ tài khoản của bạn, trò chơi dùng số dư thật: tiền cược được trừ vào số dư và tiền thắng được cộng vào đó. Chơi thử dùng điểm chơi thử, không phải tiền.</p>
</div>
<div id="rules-slot" hidden>
<p>Three reels spin; one line across the middle pays.</p>
<ul>${slotPayText()}</ul>
${MONEY_EN}
</div>
</section>
</main>
</body>
</html>
`;
}
