import type { CommonSettings } from '@wps/contract/system';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from '@/platform/router';
import { settingsStore } from '@/state/settings';
import { renderWithI18n } from '@/test/renderWithI18n';
import { testSettings } from '@/test/settingsFixture';
import LegalFooter from './LegalFooter';

function renderWith(trust: CommonSettings['trust'] | undefined) {
  const settings = testSettings();
  settingsStore.set({ status: 'ready', settings: trust === undefined ? settings : { ...settings, trust } });
  return renderWithI18n(
    <MemoryRouter basename="/m" initialEntries={['/m/home']}>
      <LegalFooter />
    </MemoryRouter>,
  );
}

afterEach(() => settingsStore.set({ status: 'loading' }));

describe('LegalFooter', () => {
  it('links the five legal pages', () => {
    renderWith({ minAge: 18, licence: null });
    const links = within(screen.getByRole('navigation', { name: 'Legal' })).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Terms and Conditions', '/m/legal/terms'],
      ['Privacy Policy', '/m/legal/privacy'],
      ['Responsible Gaming', '/m/legal/responsible-gaming'],
      ['Licence', '/m/legal/licence'],
      ['Cookie Policy', '/m/legal/cookies'],
    ]);
  });

  it.each([
    [
      'a PAGCOR-like merchant',
      21,
      { authority: 'PAGCOR', number: 'PGC-1' },
      'Licensed by PAGCOR · Licence no. PGC-1',
    ],
    [
      'an MGA-like merchant',
      18,
      { authority: 'Malta Gaming Authority', number: 'MGA/B2C/1' },
      'Licensed by Malta Gaming Authority · Licence no. MGA/B2C/1',
    ],
    ['a merchant without a licence line', 18, null, null],
    [
      'markup in the licence stays text',
      18,
      { authority: '<b>x</b>', number: '1' },
      'Licensed by <b>x</b> · Licence no. 1',
    ],
  ])('shows %s’s age badge and licence line', (_case, minAge, licence, line) => {
    const { container } = renderWith({ minAge, licence });
    expect(screen.getByRole('img', { name: `Only for players aged ${minAge} or over` })).toHaveTextContent(
      `${minAge}+`,
    );
    if (line === null) expect(screen.queryByText(/Licensed by/)).toBeNull();
    else expect(screen.getByText(line)).toBeInTheDocument();
    expect(container.querySelector('b')).toBeNull();
  });

  it('shows the links alone when the server gives no footer facts', () => {
    renderWith(undefined);
    expect(screen.getAllByRole('link')).toHaveLength(5);
    expect(screen.queryByRole('img')).toBeNull();
  });
});
