import { GameArea } from '@/features/games';
import { useTrackView } from '@/features/tracking';
import { useT } from '@/i18n/I18nProvider';

/** /m/game: every category as tabs (the chosen one in `?category=`), vendors, search and games. */
export function GameScreen() {
  const { t } = useT();
  useTrackView('/m/game');
  return <GameArea title={t('page_game')} />;
}
