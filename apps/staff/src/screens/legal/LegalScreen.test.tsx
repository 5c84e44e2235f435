import type { StaffLegalPages, StaffLinks } from '@wps/contract/offersAdmin';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok, refusal, renderWithQueries, type FakeAnswer } from '@/test/fakeServer';
import { LinksScreen } from '../links/LinksScreen';
import { LegalScreen } from './LegalScreen';

afterEach(() => vi.unstubAllGlobals());

const pages: StaffLegalPages = {
  defaultLanguage: 'EN',
  languages: ['EN', 'TH'],
  pages: [
    {
      kind: 'terms',
      current: 2,
      versions: [
        {
          version: 2,
          publishedAt: '2026-05-01T00:00:00.000Z',
          texts: { EN: { title: 'Terms v2', body: 'Two.' } },
        },
        {
          version: 1,
          publishedAt: '2026-01-01T00:00:00.000Z',
          texts: { EN: { title: 'Terms v1', body: 'One.' } },
        },
      ],
    },
    { kind: 'privacy', current: null, versions: [] },
  ],
};

const WRITE = ['console:open', 'content:read', 'content:write'] as const;

describe('Legal pages', () => {
  function server(publish: (body: unknown) => FakeAnswer) {
    return fakeServer((method, path, body) => {
      if (method === 'GET' && path === '/wps/staff/legal') return ok(pages);
      if (method === 'POST' && path === '/wps/staff/legal/terms') return publish(body);
      return undefined;
    });
  }

  it('marks the current version, shows older ones read only, and publishes the next from the current', async () => {
    const calls = server(() => ok(pages));
    const user = userEvent.setup();
    renderWithQueries(<LegalScreen permissions={[...WRITE]} />);
    const v2 = await screen.findByRole('row', { name: /v2/ });
    expect(within(v2).getByText('Current')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /v1/ })).getByText('Superseded')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'v1' }));
    expect(screen.getByRole('region', { name: 'Version 1' })).toHaveTextContent('cannot be edited');
    await user.click(screen.getByRole('button', { name: 'Publish a new version' }));
    expect(screen.getByText(/every member will be asked to accept it/)).toBeInTheDocument();
    expect(screen.getByLabelText('Title (EN)')).toHaveValue('Terms v2');
    await user.clear(screen.getByLabelText('Text'));
    await user.type(screen.getByLabelText('Text'), 'Three.');
    await user.click(screen.getByRole('button', { name: 'Publish version 3' }));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      basedOn: 2,
      texts: { EN: { title: 'Terms v2', body: 'Three.' } },
    });
  });

  it('says so when another version was published meanwhile', async () => {
    server(() => refusal(409, 'legal_version_stale'));
    const user = userEvent.setup();
    renderWithQueries(<LegalScreen permissions={[...WRITE]} />);
    await user.click(await screen.findByRole('button', { name: 'Publish a new version' }));
    await user.click(screen.getByRole('button', { name: 'Publish version 3' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A newer version was published meanwhile');
  });
});

describe('Links', () => {
  const links: StaffLinks = {
    resources: [{ resourceType: 'Android', url: 'https://cdn.example.com/app.apk' }],
    customerService: [{ path: '/m/supportChat', csType: 'CHAT', csPosition: 'FLOATING', labelIds: [] }],
    vipLabels: [{ id: 'VIP2', name: 'Gold' }],
  };

  it.each(['javascript:alert(1)', 'ftp://example.com/app.apk', 'example.com/app.apk'])(
    'refuses to save the download link %s before asking the server',
    async (url) => {
      const calls = fakeServer((method, path) =>
        method === 'GET' && path === '/wps/staff/links' ? ok(links) : undefined,
      );
      const user = userEvent.setup();
      renderWithQueries(<LinksScreen permissions={[...WRITE]} />);
      const downloads = within(await screen.findByRole('region', { name: 'Download links' }));
      await user.clear(downloads.getByLabelText('Address (http or https)'));
      await user.type(downloads.getByLabelText('Address (http or https)'), url);
      expect(downloads.getByRole('alert')).toHaveTextContent('Enter a full http:// or https:// address.');
      expect(downloads.getByRole('button', { name: 'Save' })).toBeDisabled();
      expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    },
  );

  it('sends an entry’s VIP labels', async () => {
    const calls = fakeServer((method, path) => {
      if (method === 'GET' && path === '/wps/staff/links') return ok(links);
      if (method === 'POST' && path === '/wps/staff/links/customer-service') return ok(links);
      return undefined;
    });
    const user = userEvent.setup();
    renderWithQueries(<LinksScreen permissions={[...WRITE]} />);
    const entries = within(await screen.findByRole('region', { name: 'Customer-service entries' }));
    await user.click(entries.getByRole('checkbox', { name: 'Gold' }));
    await user.click(entries.getByRole('button', { name: 'Save' }));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      entries: [{ path: '/m/supportChat', csType: 'CHAT', csPosition: 'FLOATING', labelIds: ['VIP2'] }],
    });
  });
});
