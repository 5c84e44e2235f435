import { DEMO_LOTTERY, DemoGamePath } from '@wps/contract/games';
import { escapeHtml } from '../../lib/html.js';
import { DEMO_PAY_TABLE } from '../../services/games/demo.js';

/** The demo game's own files, next to its page. */
export const DEMO_ASSETS = {
  script: `${DemoGamePath.page}game.js`,
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

/**
 * The page (lang en: the demo vendor's own page, not the app's). Everything dynamic is done by
 * game.js; the numbers, stakes and API paths come from the contract through data attributes.
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
    session: DEMO_SESSION_PATH,
    'pick-count': String(DEMO_LOTTERY.pickCount),
  };
  const attributes = Object.entries(data)
    .map(([name, value]) => `data-${name}="${escapeHtml(value)}"`)
    .join(' ');
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
<p id="mode" class="mode" hidden>Free play</p>
<p id="status" class="status" role="status">Loading the game…</p>
<section class="card" aria-labelledby="pick-heading">
<h2 id="pick-heading">Pick ${DEMO_LOTTERY.pickCount} numbers</h2>
<p id="pick-hint" class="hint">Choose ${DEMO_LOTTERY.pickCount} different numbers from 1 to ${DEMO_LOTTERY.numberMax}.</p>
<div id="numbers" class="numbers" role="group" aria-labelledby="pick-heading" aria-describedby="pick-hint">${numbers}</div>
<div class="row">
<button type="button" id="quick" class="secondary" disabled>Quick pick</button>
<button type="button" id="clear" class="secondary" disabled>Clear</button>
</div>
<div class="row">
<label for="stake">Stake</label>
<select id="stake" disabled>${stakes}</select>
<button type="button" id="play" class="primary" disabled>Play</button>
</div>
</section>
<section class="card" aria-labelledby="result-heading">
<h2 id="result-heading">Draw</h2>
<ol id="drawn" class="drawn" aria-label="Drawn numbers"></ol>
<p id="result" class="result" aria-live="polite">Pick your numbers and press Play.</p>
</section>
<section class="card rules" aria-labelledby="rules-heading">
<h2 id="rules-heading">How it pays</h2>
<p>${DEMO_LOTTERY.pickCount} numbers are drawn from 1 to ${DEMO_LOTTERY.numberMax}.</p>
<ul>${payTableText()}</ul>
<p>Launched from your account, the game plays your real balance: stakes are taken from it and wins paid into it. Free play uses play credit, which is not money.</p>
</section>
</main>
</body>
</html>
`;
}
