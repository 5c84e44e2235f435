import { THEME_CSS_VARIABLES, type MobileTemplate, type ThemeColors } from '@wps/contract/system';
import type { CSSProperties } from 'react';
import { t } from '@/i18n/t';

/** The theme's colours as the member site's CSS custom properties (the server paints the same ones). */
export function themeStyle(colors: ThemeColors): CSSProperties {
  return Object.fromEntries(
    (Object.keys(THEME_CSS_VARIABLES) as (keyof ThemeColors)[]).map((key) => [
      THEME_CSS_VARIABLES[key],
      colors[key],
    ]),
  ) as CSSProperties;
}

/** A quoted url() for CSS from an address the form holds (double quotes, backslashes, spaces left out). */
const cssUrl = (address: string) => `url("${address.replace(/["\\\s]/g, '')}")`;

/**
 * A scaled mock of the member site's sign-in page on a phone, painted with the theme as it is being
 * edited: the logo, the background, the login prompt, the app description and every colour pair.
 */
export function PhonePreview({ template, name }: { template: MobileTemplate; name: string }) {
  const background = template.app_background;
  return (
    <figure className="phone-preview" aria-label={t('theme_preview')}>
      <div
        className="phone-screen"
        data-testid="phone-screen"
        style={{
          ...themeStyle(template.colors),
          ...(background ? { backgroundImage: cssUrl(background) } : {}),
        }}
      >
        <header className="phone-bar">
          {template.h5_logo ? <img src={template.h5_logo} alt={name} height={28} /> : <strong>{name}</strong>}
        </header>
        <div className="phone-body">
          {template.login_prompt_text && <p className="phone-prompt">{template.login_prompt_text}</p>}
          <div className="phone-card">
            <p>{t('theme_preview_text')}</p>
            <p className="phone-muted">{t('theme_preview_muted')}</p>
          </div>
          <button type="button" tabIndex={-1} className="phone-primary">
            {t('theme_preview_sign_in')}
          </button>
          <button type="button" tabIndex={-1} className="phone-accent">
            {t('theme_preview_register')}
          </button>
          {template.app_desc && (
            <p
              className="phone-desc"
              style={template.app_desc_font_color ? { color: template.app_desc_font_color } : {}}
            >
              {template.app_desc}
            </p>
          )}
        </div>
      </div>
      <figcaption className="note">{t('theme_preview_caption')}</figcaption>
    </figure>
  );
}
