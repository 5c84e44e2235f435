import { BANNER_RATIO, type Banner } from '@wps/contract/games';
import { EXTERNAL_LINK_REL, EXTERNAL_LINK_TARGET, bannerTarget, LobbyPicture } from '@/features/lobby';
import { AppLink } from '@/features/navigation';
import { useT } from '@/i18n/I18nProvider';
import { useSession } from '@/state/session';
import { Carousel } from '@/ui/Carousel';

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

/**
 * The banners as a carousel in their 2:1 box (BannerSection's lazy part: the carousel's code, the
 * banner links' rules and the picture come with it, after the first screen).
 */
export default function BannerCarousel({ banners }: { banners: readonly Banner[] }) {
  const { t } = useT();
  const session = useSession();
  return (
    <Carousel
      items={banners}
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
