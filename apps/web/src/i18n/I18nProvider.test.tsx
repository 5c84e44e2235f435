import { render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { I18nProvider, useT } from './I18nProvider';
import type { Catalog } from './translate';

const TH: Catalog = { access_denied: 'ปฏิเสธการเข้าถึง', access_denied_message: 'IP {ip}' };

function Texts() {
  const { t, language } = useT();
  return (
    <p>
      {language}: {t('access_denied')} / {t('access_denied_message', { ip: '1.2.3.4' })} / {t('cancel')}
    </p>
  );
}

describe('I18nProvider and useT', () => {
  it('translates in the provided language, with missing keys shown as keys', () => {
    render(
      <I18nProvider language="TH" catalog={TH}>
        <Texts />
      </I18nProvider>,
    );
    expect(screen.getByText('TH: ปฏิเสธการเข้าถึง / IP 1.2.3.4 / cancel')).toBeInTheDocument();
  });

  it('shows keys in EN outside a provider instead of failing', () => {
    render(<Texts />);
    expect(screen.getByText('EN: access_denied / access_denied_message / cancel')).toBeInTheDocument();
  });

  it('keeps t stable while the catalog is the same and changes it with the catalog', () => {
    let catalog = TH;
    const wrapper = ({ children }: { children: ReactNode }) => (
      <I18nProvider language="TH" catalog={catalog}>
        {children}
      </I18nProvider>
    );
    const { result, rerender } = renderHook(() => useT(), { wrapper });
    const first = result.current.t;
    rerender();
    expect(result.current.t).toBe(first);
    catalog = { access_denied: 'changed' };
    rerender();
    expect(result.current.t).not.toBe(first);
    expect(result.current.t('access_denied')).toBe('changed');
  });
});
