import { webClipProfileUrl } from '@wps/contract/system';
import { storeRatingOf, type DownloadSetting } from '@wps/contract/content';
import type { Merchant } from '../merchants/repository.js';
import { withWebClipProfile } from '../merchants/webclip.js';
import { isHttpLink } from './links.js';

/**
 * WPSCORE_getDownloadSetting (issue 15 item 8): the texts of the merchant's mobile template and its
 * download links. A link that is not an absolute http(s) address (or the server's own
 * web-clip profile) is left out, here as in the client. The store rating is the merchant's own
 * statement, answered only when it is one (`storeRatingOf`); a merchant without one gets null.
 */
export function downloadSetting(merchant: Merchant): DownloadSetting {
  const { template } = merchant;
  return {
    app_desc: template.app_desc,
    app_desc_font_color: template.app_desc_font_color,
    login_prompt_text: template.login_prompt_text,
    resources: withWebClipProfile(merchant.settings.resources, merchant.code).filter(
      (resource) => isHttpLink(resource.url) || resource.url === webClipProfileUrl(merchant.code),
    ),
    store_rating: storeRatingOf(merchant.settings.storeRating),
  };
}
