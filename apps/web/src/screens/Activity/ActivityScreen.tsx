import { AppPath, legalPath } from '@wps/contract/routes';
import { LOCALE_MAP } from '@wps/contract/languages';
import type { Announcement } from '@wps/contract/games';
import { useSearchParams } from '@/platform/router';
import { fetchAnnouncements } from '@/api/endpoints/lobby';
import { fetchPromotionCategories } from '@/api/endpoints/content';
import { LobbyPicture } from '@/features/lobby';
import { useT } from '@/i18n/I18nProvider';
import { AppLink } from '@/features/navigation';
import { Loading } from '@/ui/Loading';
import { useQuery } from '@/queries/useQuery';
import { PromoCodeBox } from './components/PromoCodeBox';
import { RichText } from './components/RichText';
import {
  ALL_CATEGORIES,
  promotionsIn,
  selectedCategory,
  visibleCategories,
} from './hooks/promotionCategories';
import { useTrackView } from '@/features/tracking';
import './activity.css';

/** Longer ids are not promotion ids: no call is made for them. */
const MAX_ID_LENGTH = 64;
/** Cards whose pictures are in a phone's first screen: loaded at once, not lazily. */
const FIRST_SCREEN_CARDS = 2;
/** The whole list in one page: the tabs filter it on the phone. */
const PROMOTIONS_PAGE_SIZE = 50;

function activityHref(id: string): string {
  return `${AppPath.activity}?id=${encodeURIComponent(id)}`;
}

/** Where a promotion's own terms are: its terms section, or the merchant's terms when it has none. */
const PROMOTION_TERMS_ID = 'promotion-terms';
function termsHref(promotion: Announcement): string {
  return promotion.terms ? `${activityHref(promotion.id)}#${PROMOTION_TERMS_ID}` : legalPath('terms');
}

function categoryHref(code: string): string {
  return code === ALL_CATEGORIES
    ? AppPath.activity
    : `${AppPath.activity}?category=${encodeURIComponent(code)}`;
}

function useDateText(): (iso: string | null) => string | null {
  const { language } = useT();
  return (iso) => {
    if (!iso) return null;
    const date = new Date(iso);
    if (Number.isNaN(date.getTime())) return null;
    try {
      return new Intl.DateTimeFormat(LOCALE_MAP[language], { dateStyle: 'medium' }).format(date);
    } catch {
      return date.toISOString().slice(0, 10);
    }
  };
}

function Promotion({ promotion }: { promotion: Announcement }) {
  const { t } = useT();
  const dateText = useDateText();
  const until = dateText(promotion.endTime);
  return (
    <article className="activity-detail" data-testid="activity-detail">
      <h1 id="screen-title" className="screen-title" dir="auto">
        {promotion.title}
      </h1>
      {until && <p className="activity-until">{t('activity_until', { date: until })}</p>}
      {promotion.imageBase && (
        <LobbyPicture
          imageBase={promotion.imageBase}
          alt=""
          priority
          className="activity-picture"
          width={720}
          height={360}
        />
      )}
      {promotion.richContent ? (
        <RichText html={promotion.richContent} className="activity-content activity-rich" />
      ) : (
        <p className="activity-content" dir="auto">
          {promotion.content}
        </p>
      )}
      {promotion.terms && (
        <section id={PROMOTION_TERMS_ID} className="activity-terms" aria-labelledby="activity-terms-title">
          <h2 id="activity-terms-title">{t('activity_terms')}</h2>
          <p>{promotion.terms}</p>
        </section>
      )}
      <p className="activity-general-terms">
        <AppLink to={legalPath('terms')}>{t('activity_general_terms')}</AppLink>
      </p>
      <PromoCodeBox promotionId={promotion.id} />
      <p className="activity-links">
        <AppLink to={AppPath.activity}>{t('activity_back_list')}</AppLink>
        <AppLink to={AppPath.home}>{t('back_home')}</AppLink>
      </p>
    </article>
  );
}

/** Nothing to show: why, and the way on — Retry first when the load failed (a dropped network). */
function Empty({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useT();
  return (
    <div className="activity-empty" role={onRetry ? 'alert' : 'status'}>
      <p>{message}</p>
      {onRetry && (
        <button type="button" className="button button-primary" onClick={onRetry}>
          {t('retry')}
        </button>
      )}
      <AppLink to={AppPath.home} className={onRetry ? 'button button-secondary' : 'button button-primary'}>
        {t('back_home')}
      </AppLink>
    </div>
  );
}

function PromotionDetail({ id }: { id: string }) {
  const { t, language } = useT();
  const valid = id.length > 0 && id.length <= MAX_ID_LENGTH;
  const state = useQuery(
    valid
      ? { key: ['announcements', 'PR', id, language], load: () => fetchAnnouncements(['PR'], { id }) }
      : null,
  );
  if (state.status === 'loading') return <Loading />;
  const promotion =
    state.status === 'ready' && Array.isArray(state.data?.list)
      ? state.data.list.find((item) => item.id === id)
      : undefined;
  if (promotion) return <Promotion promotion={promotion} />;
  return (
    <>
      <h1 id="screen-title" className="screen-title">
        {t('page_activity')}
      </h1>
      {state.status === 'failed' ? (
        <Empty message={t('activity_error')} onRetry={state.retry} />
      ) : (
        <Empty message={t('activity_not_found')} />
      )}
    </>
  );
}

function PromotionList({ requestedCategory }: { requestedCategory: string | null }) {
  const { t, language } = useT();
  const state = useQuery({
    key: ['announcements', 'PR', language],
    load: () => fetchAnnouncements(['PR'], { pageSize: PROMOTIONS_PAGE_SIZE }),
  });
  const categories = useQuery({ key: ['promotionCategories', language], load: fetchPromotionCategories });
  const all = state.status === 'ready' && Array.isArray(state.data?.list) ? state.data.list : [];
  const tabs =
    categories.status === 'ready' && Array.isArray(categories.data)
      ? visibleCategories(categories.data, all)
      : [];
  const selected = selectedCategory(requestedCategory, tabs);
  const list = promotionsIn(all, selected);
  return (
    <>
      <h1 id="screen-title" className="screen-title">
        {t('activity_list_title')}
      </h1>
      {tabs.length > 0 && (
        <nav className="activity-tabs" aria-label={t('activity_categories')}>
          {[{ code: ALL_CATEGORIES, name: t('activity_tab_all') }, ...tabs].map((tab) => (
            <AppLink
              key={tab.code}
              to={categoryHref(tab.code)}
              className="activity-tab"
              aria-current={tab.code === selected ? 'page' : undefined}
            >
              {tab.name}
            </AppLink>
          ))}
        </nav>
      )}
      {state.status === 'loading' ? (
        <Loading />
      ) : list.length === 0 ? (
        state.status === 'failed' ? (
          <Empty message={t('activity_error')} onRetry={state.retry} />
        ) : (
          <Empty message={t('activity_empty')} />
        )
      ) : (
        <ul className="activity-list" data-testid="activity-list">
          {list.map((promotion, index) => (
            <li key={promotion.id}>
              <AppLink to={activityHref(promotion.id)} className="activity-card">
                {promotion.imageBase && (
                  <LobbyPicture
                    imageBase={promotion.imageBase}
                    alt=""
                    className="activity-card-picture"
                    width={720}
                    height={360}
                    // The first two cards fill a phone's first screen: either picture can be the
                    // page's largest paint, so neither waits for the lazy loader.
                    priority={index < FIRST_SCREEN_CARDS}
                  />
                )}
                <span className="activity-card-title" dir="auto">
                  {promotion.title}
                </span>
              </AppLink>
              {/* Each promotion links its own terms (issue 29), beside the card: a link in a link is not allowed. */}
              <AppLink to={termsHref(promotion)} className="activity-card-terms">
                {t('activity_terms_apply')}
              </AppLink>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * /m/activity?id={id}: one promotion (the banner target, spec section 2) with its rich text, terms
 * and promo-code box; without id, the current ones by category (`?category=`, "all" by default).
 */
export function ActivityScreen() {
  const [params] = useSearchParams();
  const id = params.get('id');
  useTrackView(id === null ? '/m/activity' : `/m/activity?id=${id.slice(0, MAX_ID_LENGTH)}`);
  return (
    <section aria-labelledby="screen-title" className="activity">
      {id === null ? (
        <PromotionList requestedCategory={params.get('category')} />
      ) : (
        <PromotionDetail key={id} id={id} />
      )}
    </section>
  );
}
