import {
  GAME_LIST_DEFAULT_PAGE_SIZE,
  GAME_SEARCH_MAX_LENGTH,
  isGameCategory,
  type GameCategory,
  type GameCategoryCard,
} from '@wps/contract/games';
import type { GameListQuery } from '@wps/contract/schemas/games';
import { useCallback, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useSearchParams } from '@/platform/router';
import { fetchGameList } from '@/api/endpoints/game';
import { useT } from '@/i18n/I18nProvider';
import { usePagedQuery } from '@/queries/usePagedQuery';
import { useQuery } from '@/queries/useQuery';
import { useSettings } from '@/state/settings';
import { offeredCategories } from './categories';
import { GameGrid, type GameGridStatus } from './GameGrid';
import { useImageFormat } from './imageFormat';
import { gameCategoriesQuery, vendorsQuery } from './queries';
import { useDebouncedValue } from './useDebouncedValue';
import { UpcomingMatches } from './UpcomingMatches';
import { vendorChipsFor } from './vendors';
import './gameArea.css';

/** Typing settles for this long before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;
export const CATEGORY_PARAM = 'category';
export const VENDOR_PARAM = 'vendor';

const GRID_STATUS = {
  idle: 'loading',
  loading: 'loading',
  ready: 'ready',
  failed: 'error',
} as const satisfies Record<string, GameGridStatus>;

export interface GameAreaProps {
  /** The screen's heading. */
  title: string;
  /**
   * A category page (/m/live, …) shows only this category; without it the area offers every
   * category as tabs and keeps the chosen one in the URL (`?category=`).
   */
  lockedCategory?: GameCategory;
}

/**
 * The game area (spec section 2): category tabs (the game area) or one locked category (the public
 * category pages), the category's vendor chips, a debounced search, and the games page by page.
 * One implementation for /m/game and every category page. A search on the game area looks in every
 * category (a player typing a name rarely knows its category), on a category page in that category;
 * a line under the box says which.
 */
export function GameArea({ title, lockedCategory }: GameAreaProps) {
  const { t } = useT();
  const settings = useSettings();
  const format = useImageFormat();
  const [params, setParams] = useSearchParams();
  const titleId = useId();
  const panelId = useId();
  const searchId = useId();
  const scopeId = useId();
  const searchRef = useRef<HTMLInputElement>(null);

  const categoriesLoad = useQuery(gameCategoriesQuery);
  const vendorsLoad = useQuery(vendorsQuery(format));

  const gameVendor = settings?.gameVendor ?? null;
  const categories = useMemo(
    () => (categoriesLoad.status === 'ready' ? offeredCategories(categoriesLoad.data, gameVendor) : []),
    [categoriesLoad, gameVendor],
  );

  // The category: locked, else the URL's when valid (and offered, once the list is known), else the first.
  const requested = params.get(CATEGORY_PARAM);
  let category: GameCategory | null = lockedCategory ?? null;
  if (category === null) {
    const offered = categoriesLoad.status === 'ready' ? categories.map((card) => card.category) : null;
    if (isGameCategory(requested) && (offered === null || offered.includes(requested))) category = requested;
    else category = offered?.[0] ?? null;
  }
  const card = categories.find((entry) => entry.category === category);

  const chips = useMemo(
    () =>
      category === null
        ? []
        : vendorChipsFor(
            category,
            vendorsLoad.status === 'ready' ? vendorsLoad.data : null,
            card,
            gameVendor,
          ),
    [category, vendorsLoad, card, gameVendor],
  );
  const requestedVendor = params.get(VENDOR_PARAM);
  const vendor =
    requestedVendor !== null && chips.some((chip) => chip.vendor === requestedVendor)
      ? requestedVendor
      : null;

  const [searchText, setSearchText] = useState('');
  const typed = searchText.trim().slice(0, GAME_SEARCH_MAX_LENGTH);
  const settled = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  // Typing waits for the debounce; an emptied box stops searching at once.
  const search = typed === '' ? '' : settled;
  // The game area searches every category (and so every vendor); a category page its own category.
  const searchEverywhere = lockedCategory === undefined && search !== '';

  const query = useMemo((): Omit<GameListQuery, 'page' | 'pageSize'> | null => {
    if (searchEverywhere) return { search };
    if (category === null) return null;
    return { category, ...(vendor ? { vendor } : {}), ...(search ? { search } : {}) };
  }, [searchEverywhere, category, vendor, search]);
  const pages = usePagedQuery(
    query && {
      key: ['gameList', query, GAME_LIST_DEFAULT_PAGE_SIZE],
      loadPage: (page: number) => fetchGameList({ ...query, page, pageSize: GAME_LIST_DEFAULT_PAGE_SIZE }),
      itemKey: (game: { gameId: string }) => game.gameId,
    },
  );
  const list = { ...pages, games: pages.items, status: GRID_STATUS[pages.status] };

  // On the game area a search spans the categories: choosing a category or a vendor ends it.
  const endSearch = lockedCategory === undefined;
  const selectCategory = useCallback(
    (next: GameCategory) => {
      if (endSearch) setSearchText('');
      setParams((current) => {
        const updated = new URLSearchParams(current);
        updated.set(CATEGORY_PARAM, next);
        updated.delete(VENDOR_PARAM);
        return updated;
      });
    },
    [setParams, endSearch],
  );

  const selectVendor = useCallback(
    (next: string | null) => {
      if (endSearch) setSearchText('');
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next === null) updated.delete(VENDOR_PARAM);
          else updated.set(VENDOR_PARAM, next);
          return updated;
        },
        { replace: true },
      );
    },
    [setParams, endSearch],
  );

  // A search of every category is not narrowed by a vendor: the chips show "All" meanwhile.
  const pressedVendor = searchEverywhere ? null : vendor;

  const clearSearch = () => {
    setSearchText('');
    searchRef.current?.focus();
  };

  const categoriesFailed = lockedCategory === undefined && categoriesLoad.status === 'failed';
  // The tabs and the chips hold their rows while they load, so the grid below does not jump.
  const categoriesPending = categoriesLoad.status === 'loading' || categoriesLoad.status === 'idle';
  const vendorsPending = vendorsLoad.status === 'loading' || vendorsLoad.status === 'idle';
  // The vendors' names come with their list (asked for in the browser's image format, so never by the
  // server): grey pills until then, not vendor codes renamed a moment later.
  const chipsPending = vendorsPending || (chips.length === 0 && categoriesPending);
  const retryAll = categoriesLoad.retry;
  const scope =
    typed === ''
      ? ''
      : lockedCategory === undefined
        ? t('game_search_scope_all')
        : t('game_search_scope_category', { category: title });

  return (
    <section className="game-area" aria-labelledby={titleId}>
      <h1 id={titleId} className="screen-title">
        {title}
      </h1>
      {lockedCategory === undefined && categoriesPending && <PendingPills className="game-area-tabs" />}
      {lockedCategory === undefined && (
        <CategoryTabs
          categories={categories}
          selected={category}
          panelId={panelId}
          onSelect={selectCategory}
          label={t('game_categories')}
        />
      )}
      {lockedCategory === 'SPORTS' && <UpcomingMatches />}
      <div
        id={panelId}
        role={lockedCategory === undefined ? 'tabpanel' : undefined}
        className="game-area-panel"
      >
        <div className="game-area-search" role="search">
          <label htmlFor={searchId} className="visually-hidden">
            {t('game_search_label')}
          </label>
          <input
            ref={searchRef}
            id={searchId}
            className="game-area-search-input"
            type="search"
            inputMode="search"
            enterKeyHint="search"
            autoComplete="off"
            maxLength={GAME_SEARCH_MAX_LENGTH}
            placeholder={t('game_search_label')}
            aria-describedby={scope ? scopeId : undefined}
            value={searchText}
            onChange={(event) => setSearchText(event.target.value.slice(0, GAME_SEARCH_MAX_LENGTH))}
          />
          {searchText !== '' && (
            <button
              type="button"
              className="game-area-search-clear"
              aria-label={t('game_search_clear')}
              onClick={clearSearch}
            >
              <span aria-hidden="true">×</span>
            </button>
          )}
        </div>
        {scope && (
          <p id={scopeId} className="game-area-scope" data-testid="search-scope">
            {scope}
          </p>
        )}
        {chipsPending && <PendingPills className="game-area-vendors" />}
        {!chipsPending && chips.length > 0 && (
          <div className="game-area-vendors" role="group" aria-label={t('game_vendors')}>
            <button
              type="button"
              className="game-chip"
              aria-pressed={pressedVendor === null}
              onClick={() => selectVendor(null)}
            >
              {t('game_vendor_all')}
            </button>
            {chips.map((chip) => (
              <button
                key={chip.vendor}
                type="button"
                className="game-chip"
                aria-pressed={pressedVendor === chip.vendor}
                onClick={() => selectVendor(chip.vendor)}
              >
                {chip.name}
              </button>
            ))}
          </div>
        )}
        <p className="game-area-count" aria-live="polite">
          {list.status === 'ready' || list.games.length > 0 ? t('game_count', { count: list.total }) : ''}
        </p>
        {searchEverywhere ? (
          <GameGrid games={list.games} status={list.status} onRetry={list.retry} label={title} />
        ) : categoriesFailed ? (
          <GameGrid games={[]} status="error" onRetry={retryAll} />
        ) : categoriesLoad.status === 'ready' && category === null ? (
          <GameGrid games={[]} status="ready" />
        ) : (
          <GameGrid games={list.games} status={list.status} onRetry={list.retry} label={title} />
        )}
        {list.hasMore && (
          <div className="game-area-more">
            <button type="button" className="button button-secondary" onClick={list.loadMore}>
              {t('game_load_more')}
            </button>
          </div>
        )}
      </div>
    </section>
  );
}

/** A row of grey pills in place of tabs or chips that are still loading. */
function PendingPills({ className }: { className: string }) {
  return (
    <div className={`${className} game-pills-pending`} aria-hidden="true" data-testid="pills-pending">
      <span className="game-pill-pending skeleton-line" />
      <span className="game-pill-pending skeleton-line" />
      <span className="game-pill-pending skeleton-line" />
    </div>
  );
}

interface CategoryTabsProps {
  categories: readonly GameCategoryCard[];
  selected: GameCategory | null;
  panelId: string;
  label: string;
  onSelect: (category: GameCategory) => void;
}

/** The category tabs: one tab stop, arrow keys (and Home/End) move between them. */
function CategoryTabs({ categories, selected, panelId, label, onSelect }: CategoryTabsProps) {
  const listRef = useRef<HTMLDivElement>(null);
  if (categories.length === 0) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = categories.findIndex((card) => card.category === selected);
    const last = categories.length - 1;
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
    let next: number;
    if (event.key === forward) next = index >= last ? 0 : index + 1;
    else if (event.key === backward) next = index <= 0 ? last : index - 1;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = last;
    else return;
    event.preventDefault();
    const target = categories[next];
    if (!target) return;
    onSelect(target.category);
    listRef.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
  };

  return (
    <div ref={listRef} className="game-area-tabs" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {categories.map((card) => {
        const active = card.category === selected;
        return (
          <button
            key={card.category}
            type="button"
            role="tab"
            className="game-tab"
            aria-selected={active}
            aria-controls={panelId}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(card.category)}
          >
            {card.title || card.category}
          </button>
        );
      })}
    </div>
  );
}
