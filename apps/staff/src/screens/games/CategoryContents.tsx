import { t } from '@/i18n/t';
import { SelectField } from '@/ui/Field';
import { Card } from '@/ui/States';
import type { GamesProps } from './GamesScreen';
import { SortableList } from './SortableList';

/**
 * One category's contents: its offered vendors' order, then its games' order with whether each is
 * hot and offered. The categories offered first; the first is chosen until the staff member picks.
 */
export function CategoryContents({
  view,
  mayWrite,
  busy,
  save,
  category,
  onCategory,
}: GamesProps & { category: string | null; onCategory: (category: string) => void }) {
  const withGames = view.categories.filter((entry) =>
    view.games.some((game) => game.category === entry.category),
  );
  const chosen = withGames.find((entry) => entry.category === category) ?? withGames[0];
  if (chosen === undefined) {
    return (
      <Card id="games-contents" title={t('games_contents')}>
        <p className="note">{t('games_none_offered')}</p>
      </Card>
    );
  }
  const vendors = view.vendors
    .filter((vendor) => vendor.enabled && vendor.category === chosen.category)
    .map((vendor) => ({ ...vendor, key: vendor.code, label: vendor.displayName }));
  const games = view.games
    .filter((game) => game.category === chosen.category)
    .map((game) => ({ ...game, key: game.id, label: game.displayName }));
  const vendorName = new Map(view.vendors.map((vendor) => [vendor.code, vendor.displayName]));
  return (
    <Card id="games-contents" title={t('games_contents')}>
      <SelectField
        label={t('games_category')}
        value={chosen.category}
        onChange={(event) => onCategory(event.target.value)}
      >
        {withGames.map((entry) => (
          <option key={entry.category} value={entry.category}>
            {entry.title}
          </option>
        ))}
      </SelectField>
      <h3>{t('games_vendor_order')}</h3>
      <SortableList
        label={t('games_vendor_order')}
        items={vendors}
        readOnly={!mayWrite}
        busy={busy}
        onReorder={(order) =>
          save({
            name: 'staffGamesVendorOrder',
            input: { category: chosen.category, order: order.map((vendor) => vendor.code) },
          })
        }
        render={(vendor) => <strong>{vendor.displayName}</strong>}
      />
      <h3>{t('games_game_order')}</h3>
      <SortableList
        label={t('games_game_order')}
        items={games}
        readOnly={!mayWrite}
        busy={busy}
        onReorder={(order) =>
          save({
            name: 'staffGamesOrder',
            input: { category: chosen.category, order: order.map((game) => game.id) },
          })
        }
        render={(game) => (
          <span className="game-row">
            <span className={game.enabled ? undefined : 'withdrawn'}>
              <strong>{game.displayName}</strong>{' '}
              <span className="note">{vendorName.get(game.vendor) ?? game.vendor}</span>
              {game.hotRank !== null && (
                <span className="badge hot">{t('games_hot_rank', { rank: game.hotRank })}</span>
              )}
            </span>
            <label className="toggle">
              <input
                type="checkbox"
                checked={game.hotRank !== null}
                disabled={!mayWrite || busy}
                onChange={(event) =>
                  save({ name: 'staffGameHot', input: { gameId: game.id, hot: event.target.checked } })
                }
              />
              {t('games_hot')} <span className="visually-hidden">{game.displayName}</span>
            </label>
            <label className="toggle">
              <input
                type="checkbox"
                checked={game.enabled}
                disabled={!mayWrite || busy}
                onChange={(event) =>
                  save({
                    name: 'staffGameAvailability',
                    input: { gameId: game.id, enabled: event.target.checked },
                  })
                }
              />
              {t('games_offered')} <span className="visually-hidden">{game.displayName}</span>
            </label>
          </span>
        )}
      />
    </Card>
  );
}
