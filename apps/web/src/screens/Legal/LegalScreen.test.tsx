import type { LegalDocumentView } from '@wps/contract/trust';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as legal from '@/api/endpoints/legal';
import { WpsError } from '@/api/errors';
import { MemoryRouter, Route, Routes } from '@/platform/router';
import { resetEachQueryTest } from '@/test/queryFixtures';
import { renderWithI18n } from '@/test/renderWithI18n';
import { LegalScreen } from './LegalScreen';

vi.mock('@/api/endpoints/legal', () => ({ fetchLegalDocument: vi.fn() }));
const fetchLegalDocument = vi.mocked(legal.fetchLegalDocument);

resetEachQueryTest();
beforeEach(() => fetchLegalDocument.mockReset());

function page(overrides: Partial<LegalDocumentView> = {}): LegalDocumentView {
  return {
    kind: 'responsible-gaming',
    version: 2,
    language: 'EN',
    title: 'Responsible Gaming',
    body: [
      'Gambling should be entertainment.',
      '## Where to get help',
      '- Gambling Therapy: https://www.gamblingtherapy.org\n- Helpline: https://help.example/a(b). (24 h)',
      '<img src=x onerror=alert(1)> is shown as text.',
    ].join('\n\n'),
    publishedAt: '2026-03-01T00:00:00Z',
    ...overrides,
  };
}

function renderAt(url: string) {
  return renderWithI18n(
    <MemoryRouter basename="/m" initialEntries={[url]}>
      <Routes>
        <Route path="legal/*" element={<LegalScreen />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('LegalScreen', () => {
  it('shows the page’s headings, paragraphs and lists as text, its addresses as links', async () => {
    fetchLegalDocument.mockResolvedValue(page());
    const { container } = renderAt('/m/legal/responsible-gaming');
    // The first render of the file waits for its modules: more than findBy's usual second.
    expect(
      await screen.findByText('Gambling should be entertainment.', {}, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Responsible Gaming' })).toBeInTheDocument();
    expect(fetchLegalDocument).toHaveBeenCalledWith('responsible-gaming');
    expect(screen.getByRole('heading', { level: 2, name: 'Where to get help' })).toBeInTheDocument();
    expect(screen.getByText(/Version 2 ·/)).toBeInTheDocument();
    const [therapy, helpline, ...more] = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(more).toEqual([]);
    expect(therapy).toHaveTextContent('Gambling Therapy: https://www.gamblingtherapy.org');
    expect(screen.getByRole('link', { name: 'https://www.gamblingtherapy.org' })).toHaveAttribute(
      'href',
      'https://www.gamblingtherapy.org',
    );
    // A closing bracket and full stop after an address are not part of it.
    expect(helpline).toHaveTextContent('Helpline: https://help.example/a(b). (24 h)');
    expect(screen.getByRole('link', { name: 'https://help.example/a' })).toHaveAttribute(
      'href',
      'https://help.example/a',
    );
    // Markup in the text stays text: no element is made of it.
    expect(screen.getByText('<img src=x onerror=alert(1)> is shown as text.')).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
  });

  it.each([
    ['an unknown kind', '/m/legal/faq'],
    ['a kind in capitals', '/m/legal/TERMS'],
    ['a deeper path', '/m/legal/terms/extra'],
    ['markup in the path', '/m/legal/%3Cscript%3E'],
  ])('shows not-found for %s without asking the server', async (_case, url) => {
    renderAt(url);
    expect(await screen.findByText('This page is not available.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/m/home');
    expect(fetchLegalDocument).not.toHaveBeenCalled();
  });

  it('shows not-found when the merchant has no such page (404)', async () => {
    fetchLegalDocument.mockRejectedValueOnce(new WpsError(404, 'not_found', 'This page does not exist.'));
    renderAt('/m/legal/cookies');
    expect(await screen.findByText('This page is not available.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Cookie Policy' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('shows a failure with Retry, which loads the page', async () => {
    fetchLegalDocument
      .mockRejectedValueOnce(new WpsError(0, 'network_error', 'network error'))
      .mockResolvedValueOnce(page({ kind: 'terms', title: 'Terms and Conditions', body: 'Read me.' }));
    renderAt('/m/legal/terms');
    expect(await screen.findByRole('alert')).toHaveTextContent('This page could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Read me.')).toBeInTheDocument();
  });

  it('marks a page in another language than the interface as that language', async () => {
    fetchLegalDocument.mockResolvedValue(page({ language: 'AR', title: 'اللعب المسؤول', body: 'نص.' }));
    renderAt('/m/legal/responsible-gaming');
    const title = await screen.findByRole('heading', { level: 1, name: 'اللعب المسؤول' });
    expect(title.closest('article')).toHaveAttribute('lang', 'ar');
  });
});
