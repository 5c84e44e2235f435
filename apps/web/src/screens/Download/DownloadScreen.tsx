import { STORE_RATING_MAX, storeRatingOf, type StoreRating } from '@wps/contract/content';
import { LOCALE_MAP } from '@wps/contract/languages';
import { systemIconUrl } from '@wps/contract/system';
import type { Announcement } from '@wps/contract/games';
import { lazy, Suspense, useState } from 'react';
import { fetchDownloadSetting } from '@/api/endpoints/content';
import { fetchAnnouncements } from '@/api/endpoints/lobby';
import { useRouteHandle } from '@/features/navigation';
import { clearDeferredInstallPrompt, deferredInstallPrompt, runInstallPrompt } from '@/features/pwa';
import type { MessageKey } from '@/i18n';
import { useT } from '@/i18n/I18nProvider';
import { currentEnvironment } from '@/platform/environment';
import { useQuery } from '@/queries/useQuery';
import { useHydrated } from '@/state/hydration';
import { useMerchantCode } from '@/state/merchant';
import { useSettings } from '@/state/settings';
import { Loading } from '@/ui/Loading';
import { showToast } from '@/ui/notices';
import {
  downloadLinks,
  otherActions,
  platformOf,
  primaryAction,
  safeColor,
  type DownloadAction,
  type DownloadPlatform,
} from './hooks/downloadPage';
import './download.css';

/** The add-to-home-screen guide of features/pwa, loaded when it is asked for. */
const A2hsGuide = lazy(() =>
  import('@/features/pwa/extras/A2hsGuide').then((module) => ({ default: module.A2hsGuide })),
);

const LABEL: Record<DownloadAction['kind'], MessageKey> = {
  ios: 'download_ios',
  profile: 'download_ios_profile',
  android: 'download_android',
  addToHome: 'a2hs_title',
};

/** Stars for a value out of five, rounded to the nearest whole star (decorative: the label says it). */
export function starText(value: number): string {
  const full = Math.min(STORE_RATING_MAX, Math.max(0, Math.round(value)));
  return '★'.repeat(full) + '☆'.repeat(STORE_RATING_MAX - full);
}

/**
 * The app's store rating, only as the merchant states it (docs/decisions/store-rating.md): the value
 * in the member's locale, how many ratings and which store when given; nothing without one.
 */
function Rating({ rating }: { rating: StoreRating }) {
  const { t, language } = useT();
  const locale = LOCALE_MAP[language];
  const value = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    rating.value,
  );
  const count = rating.count === null ? null : new Intl.NumberFormat(locale).format(rating.count);
  return (
    <p className="download-rating" data-testid="download-rating">
      <span role="img" className="download-stars" aria-label={t('download_rating', { value })}>
        {starText(rating.value)}
      </span>
      <span aria-hidden="true">{value}</span>
      {count !== null && <span>{t('download_rating_count', { count })}</span>}
      {rating.store !== null && <span dir="auto">{rating.store}</span>}
    </p>
  );
}

function ActionButton({
  action,
  primary,
  onAddToHome,
}: {
  action: DownloadAction;
  primary: boolean;
  onAddToHome: () => void;
}) {
  const { t } = useT();
  const className = primary ? 'button button-primary download-primary' : 'button button-ghost';
  const testId = primary ? 'download-primary' : undefined;
  if (action.kind === 'addToHome') {
    return (
      <button
        type="button"
        className={className}
        data-testid={testId}
        data-kind={action.kind}
        onClick={onAddToHome}
      >
        {t(LABEL[action.kind])}
      </button>
    );
  }
  return (
    <a
      href={action.href}
      className={className}
      data-testid={testId}
      data-kind={action.kind}
      rel="noopener noreferrer"
      {...(action.href.startsWith('/') ? {} : { target: '_blank' })}
    >
      {t(LABEL[action.kind])}
    </a>
  );
}

function AppNews() {
  const { t, language } = useT();
  const news = useQuery({
    key: ['announcements', 'PR', 'app_download', language],
    load: () => fetchAnnouncements(['PR'], { category: 'app_download' }),
  });
  const list: Announcement[] =
    news.status === 'ready' && Array.isArray(news.data?.list) ? news.data.list : [];
  if (list.length === 0) return null;
  return (
    <section className="download-news" aria-labelledby="download-news-title">
      <h2 id="download-news-title">{t('download_news')}</h2>
      <ul>
        {list.map((item) => (
          <li key={item.id} className="download-news-item">
            <strong dir="auto">{item.title}</strong>
            <p dir="auto">{item.content}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * /m/download and /m/app (issue 15 item 8): the merchant's app with its icon, description, its store
 * rating when the merchant states one, the download button for the visitor's platform (iOS, Android, or a desktop's add to
 * home screen), the other platforms' links, and the app-download announcements. Links from data are
 * http(s) only. The platform is the browser's: the server's markup has no primary button until the
 * page is hydrated.
 */
export function DownloadScreen() {
  const { t } = useT();
  const handle = useRouteHandle();
  const settings = useSettings();
  const merchantCode = useMerchantCode();
  const hydrated = useHydrated();
  const [guide, setGuide] = useState(false);
  const domain = typeof window === 'undefined' ? '' : window.location.hostname;
  const setting = useQuery({ key: ['downloadSetting'], load: () => fetchDownloadSetting(domain) });

  const addToHome = () => {
    const event = deferredInstallPrompt();
    if (event) {
      clearDeferredInstallPrompt();
      void runInstallPrompt(event, () => showToast('a2hs-installing', { key: 'a2hs_installing' }));
    } else {
      setGuide(true);
    }
  };

  const data = setting.status === 'ready' ? setting.data : undefined;
  const links = downloadLinks(data?.resources ?? []);
  // Read with the contract's rule: an upstream (proxy mode) that sends none, or a bad one, shows none.
  const rating = storeRatingOf(data?.store_rating);
  const platform: DownloadPlatform | null = hydrated ? platformOf(currentEnvironment()) : null;
  const primary = platform === null ? null : primaryAction(platform, links);
  const others = primary === null ? [] : otherActions(links, primary);
  const icon = links.icon ?? (merchantCode === null ? null : systemIconUrl(192, merchantCode));

  return (
    <section aria-labelledby="screen-title" className="download" data-platform={platform ?? undefined}>
      <h1 id="screen-title" className="visually-hidden">
        {t(handle?.titleKey ?? 'page_download')}
      </h1>
      <div className="download-app">
        {icon && <img src={icon} alt="" width={96} height={96} className="download-icon" />}
        <div>
          <p className="download-name">{settings?.merchantName}</p>
          {rating !== null && <Rating rating={rating} />}
        </div>
      </div>
      {setting.status === 'loading' && <Loading />}
      {data?.app_desc && (
        <p className="download-desc" dir="auto" style={{ color: safeColor(data.app_desc_font_color) }}>
          {data.app_desc}
        </p>
      )}
      {primary && (
        <div className="download-actions">
          <ActionButton action={primary} primary onAddToHome={addToHome} />
          {platform === 'desktop' && <p className="download-hint">{t('download_desktop_hint')}</p>}
          {others.length > 0 && (
            <>
              <h2 className="download-others-title">{t('download_other_platforms')}</h2>
              <div className="download-others">
                {others.map((action) => (
                  <ActionButton key={action.kind} action={action} primary={false} onAddToHome={addToHome} />
                ))}
              </div>
            </>
          )}
        </div>
      )}
      {data?.login_prompt_text && (
        <p className="download-login-prompt" dir="auto">
          {data.login_prompt_text}
        </p>
      )}
      <AppNews />
      {guide && (
        <Suspense fallback={null}>
          <A2hsGuide ios={platform === 'ios'} onClose={() => setGuide(false)} />
        </Suspense>
      )}
    </section>
  );
}
