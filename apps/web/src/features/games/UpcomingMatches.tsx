import { LOCALE_MAP } from '@wps/contract/languages';
import type { GameMatch } from '@wps/contract/games';
import { useId } from 'react';
import { fetchGameMatches } from '@/api/endpoints/game';
import type { MessageKey } from '@/i18n';
import { useT } from '@/i18n/I18nProvider';
import { useQuery } from '@/queries/useQuery';
// .skeleton-line: the game cards' skeleton lines.
import './games.css';
import './upcomingMatches.css';

const SKELETON_CARDS = 2;

/** The start time in the member's own time zone, in the app's locale; null when not a date. */
export function formatMatchTime(iso: string, locale: string): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(date);
}

/** Decimal odds with two decimals in the app's locale. */
export function formatOdds(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
}

const OUTCOMES: readonly { key: keyof GameMatch['odds']; label: MessageKey }[] = [
  { key: 'home', label: 'game_matches_home' },
  { key: 'draw', label: 'game_matches_draw' },
  { key: 'away', label: 'game_matches_away' },
];

function MatchCard({ match, locale }: { match: GameMatch; locale: string }) {
  const { t } = useT();
  const time = formatMatchTime(match.startTime, locale);
  const odds = match.odds as Partial<GameMatch['odds']> | null | undefined;
  return (
    <li className="game-match">
      <p className="game-match-league">{match.league}</p>
      <p className="game-match-teams">{t('game_matches_versus', { home: match.home, away: match.away })}</p>
      {time !== null && (
        <time className="game-match-time" dateTime={match.startTime}>
          {time}
        </time>
      )}
      <dl className="game-match-odds">
        {OUTCOMES.map(({ key, label }) => {
          const value = odds?.[key];
          if (typeof value !== 'number' || !Number.isFinite(value)) return null;
          return (
            <div key={key} className="game-match-odd">
              <dt>{t(label)}</dt>
              <dd>
                <bdi>{formatOdds(value, locale)}</bdi>
              </dd>
            </div>
          );
        })}
      </dl>
    </li>
  );
}

/**
 * The sports page's "Upcoming matches" (GCSGAME_getGameMatchV2): league, home vs away, the local start
 * time and the home/draw/away odds. Information only: the cards open nothing. Skeleton cards while
 * loading; hidden when there are none or the call fails.
 */
export function UpcomingMatches() {
  const { t, language } = useT();
  const state = useQuery({ key: ['gameMatches'], load: fetchGameMatches });
  const headingId = useId();
  if (state.status === 'idle' || state.status === 'failed') return null;
  const matches = state.status === 'ready' && Array.isArray(state.data) ? state.data : [];
  if (state.status === 'ready' && matches.length === 0) return null;
  const locale = LOCALE_MAP[language];

  return (
    <section className="game-matches" aria-labelledby={headingId} data-testid="game-matches">
      <h2 id={headingId} className="game-matches-title">
        {t('game_matches_title')}
      </h2>
      <ul className="game-matches-list" aria-labelledby={headingId} aria-busy={state.status === 'loading'}>
        {state.status === 'loading'
          ? Array.from({ length: SKELETON_CARDS }, (_, index) => (
              <li key={`skeleton-${index}`} className="game-match game-match-skeleton" aria-hidden="true">
                <span className="skeleton-line skeleton-line-short" />
                <span className="skeleton-line" />
                <span className="skeleton-line skeleton-line-short" />
              </li>
            ))
          : matches.map((match) => <MatchCard key={match.matchId} match={match} locale={locale} />)}
      </ul>
    </section>
  );
}
