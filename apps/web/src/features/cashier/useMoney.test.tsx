import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LanguageCode } from '@wps/contract/languages';
import ar from '@/i18n/catalogs/ar.json';
import en from '@/i18n/catalogs/en.json';
import { I18nProvider } from '@/i18n/I18nProvider';
import { settingsStore } from '@/state/settings';
import { testSettings } from '@/test/settingsFixture';
import { useMoney } from './useMoney';

function Amount({ amount, currency }: { amount: string; currency: string }) {
  const money = useMoney();
  return <p data-testid="amount">{money(amount, currency, { signed: true })}</p>;
}

afterEach(() => settingsStore.set({ status: 'loading' }));

describe('useMoney', () => {
  it.each<[LanguageCode, Record<string, string>, string]>([
    ['EN', en, '+$1,234.50'],
    // Isolated left to right inside right-to-left text: the sign and symbol stay where they belong.
    ['AR', ar, '\u2066+$1,234.50\u2069'],
  ])('%s: the merchant symbol and position, in the member locale', (language, catalog, shown) => {
    settingsStore.set({
      status: 'ready',
      settings: { ...testSettings(), currency: 'USD', currencySymbol: '$', currencyPosition: 'before' },
    });
    render(
      <I18nProvider language={language} catalog={catalog}>
        <Amount amount="1234.50" currency="USD" />
      </I18nProvider>,
    );
    expect(screen.getByTestId('amount').textContent).toBe(shown);
  });
});
