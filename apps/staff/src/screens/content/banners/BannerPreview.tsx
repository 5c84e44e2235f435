import { normalBannerUrl, type BannerArt, type BannerLinkChoices } from '@wps/contract/contentAdmin';
import type { BannerLinkageType } from '@wps/contract/games';
import { t } from '@/i18n/t';

export interface BannerLink {
  linkageType: BannerLinkageType;
  linkage: string;
  vendor: string | null;
}

/** Where the banner leads, as the member site will follow it (spec section 2), in words. */
export function linkSummary(
  link: BannerLink,
  choices: BannerLinkChoices | undefined,
): { text: string; ok: boolean } {
  switch (link.linkageType) {
    case 'P': {
      const promotion = choices?.promotions.find((item) => item.id === link.linkage);
      return promotion === undefined
        ? { text: t('banner_link_pick_promotion'), ok: false }
        : { text: t('banner_link_opens_promotion', { title: promotion.title }), ok: true };
    }
    case 'URL': {
      const url = normalBannerUrl(link.linkage.trim());
      if (url === null) return { text: t('banner_link_not_followed'), ok: false };
      return {
        text: t(url.startsWith('/m') ? 'banner_link_opens_page' : 'banner_link_opens_site', { url }),
        ok: true,
      };
    }
    case 'G': {
      const game = choices?.games.find(
        (item) => item.gameCode === link.linkage && item.vendor === link.vendor,
      );
      return game === undefined
        ? { text: t('banner_link_pick_game'), ok: false }
        : { text: t('banner_link_launches', { game: game.displayName, vendor: game.vendor }), ok: true };
    }
  }
}

/**
 * The banner as the member's home carousel draws it: its art (a 2:1 gradient of the two colours with
 * the glyph, as the server renders the picture), the title, and where a tap leads.
 */
export function BannerPreview({
  art,
  title,
  link,
  choices,
}: {
  art: BannerArt;
  title: string;
  link: BannerLink;
  choices: BannerLinkChoices | undefined;
}) {
  const summary = linkSummary(link, choices);
  return (
    <figure className="banner-preview" aria-label={t('banner_preview')}>
      <div
        className="banner-art"
        data-testid="banner-art"
        style={{ backgroundImage: `linear-gradient(135deg, ${art.colors[0]}, ${art.colors[1]})` }}
      >
        <span className="banner-glyph" aria-hidden="true">
          {art.glyph}
        </span>
        <span className="banner-title">{title}</span>
      </div>
      <figcaption className={summary.ok ? 'note' : 'note error'}>{summary.text}</figcaption>
    </figure>
  );
}
