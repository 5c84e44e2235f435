import { BANNER_RATIO, type Banner } from '@wps/contract';
import type { CSSProperties } from 'react';
import { fetchBanners } from '@/api/endpoints/game';
import { EXTERNAL_LINK_REL, EXTERNAL_LINK_TARGET, bannerTarget } from '@/features/lobby/bannerLink';
import { LobbyPicture } from '@/features/lobby/LobbyPicture';
import { useT } from '@/i18n/I18nProvider';
import { AppLink } from '@/features/navigation/AppLink';
import { useSession } from '@/state/session';
import { Carousel } from '@/ui/Carousel';
import { useQuery } from '@/queries/useQuery';

const BOX: CSSProperties = { aspectRatio: `${BANNER_RATIO} / 1` };
/** Intrinsic size of banner art (2:1), so the image box is known before it loads. */
const BANNER_WIDTH = 720;
const BANNER_HEIGHT = BANNER_WIDTH / BANNER_RATIO;

function BannerSlide({
  banner,
  priority,
  loggedIn,
}: {
  banner: Banner;
  priority: boolean;
  loggedIn: boolean;
}) {
  const target = bannerTarget(banner, loggedIn);
  const picture = (
    <LobbyPicture
      imageBase={banner.imageBase}
      alt={banner.title}
      priority={priority}
      className="home-banner-picture"
      width={BANNER_WIDTH}
      height={BANNER_HEIGHT}
    />
  );
  switch (target.kind) {
    case 'internal':
      return (
        <AppLink to={target.path} className="home-banner-link" data-banner-id={banner.id}>
          {picture}
        </AppLink>
      );
    case 'external':
      return (
        <a
          href={target.href}
          target={EXTERNAL_LINK_TARGET}
          rel={EXTERNAL_LINK_REL}
          className="home-banner-link"
          data-banner-id={banner.id}
        >
          {picture}
        </a>
      );
    default:
      return (
        <div className="home-banner-link" data-banner-id={banner.id}>
          {picture}
        </div>
      );
  }
}

/** The banner carousel (2:1 box reserved while loading); hidden when there are none or the call fails. */
export function BannerSection() {
  const { t } = useT();
  const session = useSession();
  const state = useQuery({ key: ['banners'], load: fetchBanners });
  if (state.status === 'loading' || state.status === 'idle') {
    return (
      <div
        className="home-banner-skeleton home-skeleton"
        style={BOX}
        aria-hidden="true"
        data-testid="banner-skeleton"
      />
    );
  }
  if (state.status === 'failed' || !Array.isArray(state.data) || state.data.length === 0) return null;
  return (
    <Carousel
      items={state.data}
      itemKey={(banner) => banner.id}
      label={t('lobby_banners')}
      ratio={BANNER_RATIO}
      className="home-banners"
      renderSlide={(banner, index) => (
        <BannerSlide banner={banner} priority={index === 0} loggedIn={Boolean(session?.token)} />
      )}
    />
  );
}
