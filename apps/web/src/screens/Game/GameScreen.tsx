import { Suspense } from 'react';
import { AppPath } from '@wps/contract/routes';
import { GameArea } from '@/features/games';
import { useAppNavigate } from '@/features/navigation';
import { useTrackView } from '@/features/tracking';
import { useT } from '@/i18n/I18nProvider';
import { useSession } from '@/state/session';
import { lazyAfter } from '@/ui/lazyWhenIdle';
import { whenIdle } from '@/platform/idle';

/** The reality check (issue 29): its code after the first paint, for a signed-in member only. */
const PlayGuard = lazyAfter(whenIdle)(() => import('@/features/responsibleGaming/PlayGuard'));

/** /m/game: every category as tabs (the chosen one in `?category=`), vendors, search and games. */
export function GameScreen() {
  const { t } = useT();
  const signedIn = useSession() !== null;
  const navigate = useAppNavigate();
  useTrackView('/m/game');
  return (
    <>
      <GameArea title={t('page_game')} />
      {signedIn && (
        <Suspense fallback={null}>
          <PlayGuard onStop={() => navigate(AppPath.memberHome)} />
        </Suspense>
      )}
    </>
  );
}
