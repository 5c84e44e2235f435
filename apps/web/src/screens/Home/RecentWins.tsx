import { LOCALE_MAP } from '@wps/contract/languages';
import { displayCurrencyCode } from '@wps/contract/constants';
import type { RankEntry } from '@wps/contract/games';
import { useId } from 'react';
import { fetchRankList } from '@/api/endpoints/game';
import { useT } from '@/i18n/I18nProvider';
import { useSettings } from '@/state/settings';
import { useQuery } from '@/queries/useQuery';
// .visually-hidden (already in the lobby chunk through the game cards; named here so this section
// keeps it wherever it is rendered).
import '@/features/games/games.css';

/** At most this many wins are listed: the section stays compact. */
export const RECENT_WINS_LIMIT = 10;
const SKELETON_ROWS = 3;

/**
 * The amount in the locale's number format: in `currency` (the code the member sees, spec section 9)
 * when it is a three-letter code, else as a plain number.
 */
export function formatWinAmount(amount: number, currency: string, locale: string): string {
  const code = currency === '' ? '' : displayCurrencyCode(currency.toUpperCase());
  if (/^[A-Z]{3}$/.test(code)) {
    return new Intl.NumberFormat(locale, { style: 'currency', currency: code }).format(amount);
  }
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(amount);
}

/** Play credit in the locale's number format, named as play credit: never a currency. */
export function formatPlayCredit(amount: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(amount);
}

function isShowable(entry: RankEntry): boolean {
  return Number.isFinite(entry.amount) && entry.maskedName !== '' && entry.gameName !== '';
}

/**
 * The lobby's "Recent wins" (GCSGAME_getRankList): who won how much on which game, the names masked
 * by the server. Plain text, no links. Skeleton rows while loading; hidden when empty or on failure.
 */
export function RecentWins() {
  const { t, language } = useT();
  const merchantCurrency = useSettings()?.currency ?? '';
  const state = useQuery({ key: ['rankList'], load: fetchRankList });
  const headingId = useId();
  if (state.status === 'idle' || state.status === 'failed') return null;
  const wins =
    state.status === 'ready' && Array.isArray(state.data)
      ? state.data.filter(isShowable).slice(0, RECENT_WINS_LIMIT)
      : [];
  if (state.status === 'ready' && wins.length === 0) return null;
  const locale = LOCALE_MAP[language];

  return (
    <section className="home-section" aria-labelledby={headingId} data-testid="home-wins">
      <h2 id={headingId} className="home-section-title">
        {t('lobby_wins_title')}
      </h2>
      <ul className="home-wins" aria-labelledby={headingId} aria-busy={state.status === 'loading'}>
        {state.status === 'loading'
          ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
              <li key={`skeleton-${index}`} className="home-win home-win-skeleton" aria-hidden="true">
                <span className="home-skeleton home-win-skeleton-line" />
              </li>
            ))
          : wins.map((win, index) => {
              // Play credit is not money: named as such, never in the merchant's currency.
              const amount = win.playCredit
                ? t('lobby_wins_play_credit', { amount: formatPlayCredit(win.amount, locale) })
                : formatWinAmount(win.amount, win.currency || merchantCurrency, locale);
              return (
                <li key={`${win.at}-${win.gameId}-${index}`} className="home-win">
                  {/* One sentence for screen readers; the columns below are for the eye. */}
                  <span className="visually-hidden">
                    {t('lobby_wins_entry', { name: win.maskedName, amount, game: win.gameName })}
                  </span>
                  <bdi className="home-win-name" aria-hidden="true">
                    {win.maskedName}
                  </bdi>
                  <span className="home-win-game" aria-hidden="true">
                    {win.gameName}
                  </span>
                  <bdi className="home-win-amount" aria-hidden="true">
                    {amount}
                  </bdi>
                </li>
              );
            })}
      </ul>
    </section>
  );
}
