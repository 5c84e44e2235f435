import { VENDOR_LOGO_RATIO } from '@wps/contract/games';
import { useId } from 'react';
import { useImageFormat, vendorsQuery } from '@/features/games';
import { useT } from '@/i18n/I18nProvider';
import { AppLink } from '@/features/navigation';
import { vendorHref } from './categories';
import { useQuery } from '@/queries/useQuery';

const LOGO_WIDTH = 120;
const LOGO_HEIGHT = LOGO_WIDTH / VENDOR_LOGO_RATIO;
const SKELETON_LOGOS = 5;

/** The game providers with their logos (in the browser's image format); hidden when none or on failure. */
export function VendorStrip() {
  const { t } = useT();
  const format = useImageFormat();
  const headingId = useId();
  const state = useQuery(vendorsQuery(format));
  const vendors = state.status === 'ready' && Array.isArray(state.data) ? state.data : [];
  if (state.status === 'failed' || (state.status === 'ready' && vendors.length === 0)) return null;
  const loading = state.status !== 'ready';

  return (
    <section className="home-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="home-section-title">
        {t('lobby_vendors')}
      </h2>
      <ul className="home-vendors" aria-labelledby={headingId} aria-busy={loading}>
        {loading
          ? Array.from({ length: SKELETON_LOGOS }, (_, index) => (
              <li key={index} aria-hidden="true">
                <span className="home-vendor home-vendor-skeleton home-skeleton" />
              </li>
            ))
          : vendors.map((vendor) => (
              <li key={vendor.vendor}>
                <AppLink to={vendorHref(vendor)} className="home-vendor" data-vendor={vendor.vendor}>
                  <img
                    className="home-vendor-logo"
                    src={vendor.logoUrl}
                    alt=""
                    width={LOGO_WIDTH}
                    height={LOGO_HEIGHT}
                    loading="lazy"
                    decoding="async"
                  />
                  <span className="home-vendor-name">{vendor.displayName}</span>
                  {vendor.maintenance && (
                    <span className="home-vendor-maintenance">{t('lobby_vendor_maintenance')}</span>
                  )}
                </AppLink>
              </li>
            ))}
      </ul>
    </section>
  );
}
