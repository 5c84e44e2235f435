import type { StaffPermission } from '@wps/contract/staff';
import type { OrderedCategory, StaffGamesView } from '@wps/contract/gamesAdmin';
import { useState } from 'react';
import { errorText } from '@/api/errorText';
import { t } from '@/i18n/t';
import { Card, LoadError, Loading, Outcome } from '@/ui/States';
import { CategoryContents } from './CategoryContents';
import { SortableList } from './SortableList';
import { useGames, type GamesWrite } from './useGames';
import { VendorTable } from './VendorTable';
import './games.css';

export interface GamesProps {
  view: StaffGamesView;
  mayWrite: boolean;
  busy: boolean;
  save: (write: GamesWrite) => void;
}

/** The categories in the lobby's order; the lottery variants ride with the lottery (spec section 9). */
function CategoryOrder({ view, mayWrite, busy, save }: GamesProps) {
  const ordered = view.categories
    .filter((category) => category.follows === null)
    .map((category) => ({ ...category, key: category.category, label: category.title }));
  const followers = (category: string) => view.categories.filter((other) => other.follows === category);
  return (
    <Card id="games-categories" title={t('games_categories')}>
      <p className="note">{t('games_categories_intro')}</p>
      <SortableList
        label={t('games_categories')}
        items={ordered}
        readOnly={!mayWrite}
        busy={busy}
        onReorder={(order) =>
          save({
            name: 'staffGamesCategoryOrder',
            input: { order: order.map((item) => item.category as OrderedCategory) },
          })
        }
        render={(category) => (
          <>
            <strong>{category.title}</strong>{' '}
            <span className="note">
              {t('games_ordinal', { ordinal: category.ordinal })} ·{' '}
              {t('games_count', { count: category.gameCount })}
              {!category.displayed && ` · ${t('games_hidden')}`}
            </span>
            {followers(category.category).map((variant) => (
              <span key={variant.category} className="note follows">
                {t('games_follows', { title: variant.title, ordinal: variant.ordinal })}
              </span>
            ))}
          </>
        )}
      />
    </Card>
  );
}

/**
 * The back office's Games section (issue 30 item 6): the category order, the vendors (offered or
 * not, maintenance tags), and per category the vendor and game order, hot games and the games
 * offered. Every change is saved at once and the lobby shows it on its next call.
 */
export function GamesScreen({ permissions }: { permissions: readonly StaffPermission[] }) {
  const mayRead = permissions.includes('games:read');
  const mayWrite = permissions.includes('games:write');
  const { view, save } = useGames(mayRead);
  const [category, setCategory] = useState<string | null>(null);
  if (!mayRead) {
    return (
      <p className="card error" role="alert">
        {t('games_denied')}
      </p>
    );
  }
  if (view.isPending) return <Loading />;
  if (view.isError) return <LoadError error={view.error} retry={() => void view.refetch()} />;
  const props: GamesProps = {
    view: view.data,
    mayWrite,
    busy: save.isPending,
    save: (write) => save.mutate(write),
  };
  return (
    <div className="games-screen">
      {save.isError && <Outcome failed text={errorText(save.error)} />}
      {save.isSuccess && !save.isPending && <Outcome text={t('games_saved')} />}
      {view.data.games.length === 0 && view.data.vendors.every((vendor) => !vendor.enabled) ? (
        <p className="card note">{t('games_empty')}</p>
      ) : null}
      <CategoryOrder {...props} />
      <CategoryContents {...props} category={category} onCategory={setCategory} />
      <VendorTable {...props} />
    </div>
  );
}
