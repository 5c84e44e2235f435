import { AppPath } from '@wps/contract/routes';
import { LOCALE_MAP } from '@wps/contract/languages';
import type { Announcement } from '@wps/contract/games';
import { useSearchParams } from '@/platform/router';
import { fetchAnnouncements } from '@/api/endpoints/lobby';
import { AppLink } from '@/features/navigation';
import { useT } from '@/i18n/I18nProvider';
import { usePagedQuery } from '@/queries/usePagedQuery';
import { useQuery } from '@/queries/useQuery';
import { Loading } from '@/ui/Loading';
import { NEWS_MAX_ID_LENGTH, NEWS_PAGE_SIZE, NEWS_TYPES, newsHref } from './news';
import './news.css';

function useDateText(): (iso: string) => string {
  const { language } = useT();
  return (iso) => {
    const date = new Date(iso);
    if (Number.isNaN(date.getTime())) return '';
    try {
      return new Intl.DateTimeFormat(LOCALE_MAP[language], { dateStyle: 'medium' }).format(date);
    } catch {
      return date.toISOString().slice(0, 10);
    }
  };
}

function Failed({ onRetry }: { onRetry: () => void }) {
  const { t } = useT();
  return (
    <div className="news-state" role="alert">
      <p>{t('news_error')}</p>
      <button type="button" className="button button-primary" onClick={onRetry}>
        {t('retry')}
      </button>
    </div>
  );
}

function NewsList() {
  const { t, language } = useT();
  const dateText = useDateText();
  const news = usePagedQuery<Announcement>({
    // The server answers in the request's language (issue 15): another language is another list.
    key: ['announcements', 'news', NEWS_PAGE_SIZE, language],
    loadPage: (page) => fetchAnnouncements(NEWS_TYPES, { page, pageSize: NEWS_PAGE_SIZE }),
    itemKey: (item) => item.id,
  });
  const empty = news.items.length === 0;
  return (
    <>
      <h1 id="screen-title" className="screen-title">
        {t('page_news')}
      </h1>
      {empty && news.status === 'loading' && <Loading />}
      {empty && news.status === 'failed' && <Failed onRetry={news.retry} />}
      {empty && news.status === 'ready' && (
        <p className="news-state" role="status">
          {t('news_empty')}
        </p>
      )}
      {!empty && (
        <ul className="news-list" data-testid="news-list">
          {news.items.map((item) => (
            <li key={item.id}>
              <AppLink to={newsHref(item.id)} className="news-card">
                <span className="news-card-title" dir="auto">
                  {item.title}
                </span>
                <time className="news-date" dateTime={item.startTime}>
                  {dateText(item.startTime)}
                </time>
              </AppLink>
            </li>
          ))}
        </ul>
      )}
      {!empty && news.status === 'loading' && <Loading />}
      {!empty && news.status === 'failed' && <Failed onRetry={news.retry} />}
      {news.hasMore && (
        <button type="button" className="button button-ghost news-more" onClick={news.loadMore}>
          {t('game_load_more')}
        </button>
      )}
    </>
  );
}

function NewsDetail({ id }: { id: string }) {
  const { t, language } = useT();
  const dateText = useDateText();
  const valid = id.length > 0 && id.length <= NEWS_MAX_ID_LENGTH;
  const state = useQuery(
    valid
      ? {
          key: ['announcements', 'news', 'item', id, language],
          load: () => fetchAnnouncements(NEWS_TYPES, { id }),
        }
      : null,
  );
  if (state.status === 'loading') return <Loading />;
  const item =
    state.status === 'ready' && Array.isArray(state.data?.list)
      ? state.data.list.find((entry) => entry.id === id)
      : undefined;
  const back = (
    <p className="news-links">
      <AppLink to={AppPath.news}>{t('news_back_list')}</AppLink>
    </p>
  );
  if (!item) {
    return (
      <>
        <h1 id="screen-title" className="screen-title">
          {t('page_news')}
        </h1>
        {state.status === 'failed' ? (
          <Failed onRetry={state.retry} />
        ) : (
          <p className="news-state" role="status">
            {t('news_not_found')}
          </p>
        )}
        {back}
      </>
    );
  }
  return (
    <article className="news-detail" data-testid="news-detail">
      <h1 id="screen-title" className="screen-title" dir="auto">
        {item.title}
      </h1>
      <time className="news-date" dateTime={item.startTime}>
        {dateText(item.startTime)}
      </time>
      <p className="news-content" dir="auto">
        {item.content}
      </p>
      {back}
    </article>
  );
}

/** /m/news: the merchant's announcements page by page; /m/news?id={id}: one of them. */
export function NewsScreen() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return (
    <section aria-labelledby="screen-title" className="news">
      {id === null ? <NewsList /> : <NewsDetail key={id} id={id} />}
    </section>
  );
}
