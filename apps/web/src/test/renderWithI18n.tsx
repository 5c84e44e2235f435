import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import en from '@/i18n/catalogs/en.json';
import { I18nProvider } from '@/i18n/I18nProvider';

/** Renders with the English catalog, as a member would see the app in EN. */
export function renderWithI18n(ui: ReactElement) {
  return render(
    <I18nProvider language="EN" catalog={en}>
      {ui}
    </I18nProvider>,
  );
}
