import type { StaffPermission } from '@wps/contract/staff';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok, refusal, renderWithQueries, type FakeAnswer } from '@/test/fakeServer';
import { merchantFixture } from './fixtures';
import { MerchantsScreen } from './MerchantsScreen';

afterEach(() => vi.unstubAllGlobals());

const EDITOR: StaffPermission[] = ['merchant:read', 'merchant:write'];
const OPERATOR: StaffPermission[] = ['merchant:create', ...EDITOR];

/** The server of one merchant; a save answers `saveAnswer` (the merchant as sent back by default). */
function server(saveAnswer?: (body: unknown) => FakeAnswer) {
  return fakeServer((method, path, body) => {
    if (method === 'GET' && path === '/wps/staff/merchants')
      return ok([{ code: 'aurora', name: 'Aurora Play' }]);
    if (method === 'GET' && path === '/wps/staff/merchants/aurora') return ok(merchantFixture());
    if (method === 'POST' && path === '/wps/staff/merchants/aurora')
      return saveAnswer?.(body) ?? ok(merchantFixture());
    if (method === 'POST' && path === '/wps/staff/merchants')
      return ok(
        merchantFixture({ code: 'nova', name: 'Nova Bet', domains: [{ domain: 'nova.test', listed: true }] }),
      );
    return undefined;
  });
}

const section = (name: string) => within(screen.getByRole('region', { name }));

describe('Merchants', () => {
  it('shows every flag with its meaning and saves the whole set', async () => {
    const calls = server();
    renderWithQueries(<MerchantsScreen permissions={EDITOR} />);
    const user = userEvent.setup();
    const flags = await screen.findByRole('region', { name: 'Modules (whitelabel flags)' });
    const cbs = within(flags).getByRole('checkbox', { name: 'CBS3' });
    expect(cbs).toHaveAccessibleDescription('Customer service (the support chat and its entries) is shown.');
    expect(within(flags).getByRole('checkbox', { name: 'LOGINCAPTCHA3' })).toBeChecked();
    await user.click(cbs);
    await user.click(within(flags).getByRole('button', { name: 'Save' }));
    expect(await within(flags).findByRole('status')).toHaveTextContent('Saved.');
    const sent = calls.find((call) => call.method === 'POST')?.body as { flags: Record<string, boolean> };
    expect(sent.flags).toMatchObject({ CBS3: true, LOGINCAPTCHA3: true, GOOGLELOGIN3: false });
    expect(Object.keys(sent.flags)).toHaveLength(19);
  });

  it('keeps secrets write-only: names which are set, sends only what is typed or cleared', async () => {
    const calls = server();
    renderWithQueries(<MerchantsScreen permissions={EDITOR} />);
    const user = userEvent.setup();
    await screen.findByRole('region', { name: 'Secrets and payment providers' });
    const secrets = section('Secrets and payment providers');
    expect(secrets.getByLabelText('SMS_API_SECRET (set)')).toHaveValue('');
    const geetest = secrets.getByLabelText('GEETEST_KEY (not set)');
    expect(geetest).toHaveAttribute('type', 'password');
    await user.type(geetest, 'geetest-private');
    await user.click(secrets.getByRole('checkbox', { name: 'Clear SMS_API_SECRET' }));
    await user.click(secrets.getByRole('button', { name: 'Save' }));
    expect(await secrets.findByRole('status')).toHaveTextContent('Saved.');
    // The merchant's code is in the path (/wps/staff/merchants/aurora), not the body.
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      secrets: { GEETEST_KEY: 'geetest-private', SMS_API_SECRET: '' },
      paymentProviders: [{ provider: 'demo', apiBase: 'standin://demopay', enabled: true }],
    });
    // Typed once, gone from the page once stored.
    expect(geetest).toHaveValue('');
  });

  it.each([
    [
      'a domain another merchant holds',
      refusal(409, 'merchant_domain_taken'),
      'That domain belongs to another merchant.',
    ],
    ['another merchant', refusal(404, 'merchant_not_found'), 'No such merchant, or not one you may edit.'],
    ['a role without the permission', refusal(403, 'staff_forbidden'), 'Your role does not allow this.'],
    [
      'a bad address, in the server’s words',
      refusal(400, 'invalid_request', 'Invalid request. domains.1.domain: Invalid'),
      'Invalid request. domains.1.domain: Invalid',
    ],
  ])('adds a domain and tells a refusal for %s in words', async (_case, answer, text) => {
    const calls = server(() => answer);
    renderWithQueries(<MerchantsScreen permissions={EDITOR} />);
    const user = userEvent.setup();
    await screen.findByRole('region', { name: 'Domains, maintenance and regions' });
    const domains = section('Domains, maintenance and regions');
    await user.click(domains.getByRole('button', { name: 'Add a domain' }));
    await user.type(domains.getByLabelText('Domain 3'), ' Lotus.Localhost ');
    await user.type(domains.getByLabelText(/Blocked addresses/), '203.0.113.0/24');
    await user.click(domains.getByRole('button', { name: 'Save' }));
    expect(await domains.findByRole('alert')).toHaveTextContent(text);
    // The merchant's code is in the path (/wps/staff/merchants/aurora), not the body.
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      domains: [
        { domain: 'localhost', listed: true },
        { domain: 'play.aurora.test', listed: false },
        { domain: 'lotus.localhost', listed: true },
      ],
      mainHost: 'localhost',
      maintenance: { start: null, end: null },
      region: { blocked: ['203.0.113.0/24'], allowed: null },
    });
  });

  it('shows a role that may only read every section without a Save', async () => {
    server();
    renderWithQueries(<MerchantsScreen permissions={['merchant:read']} />);
    expect(await screen.findByRole('region', { name: 'General' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'New merchant' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toBeDisabled();
  });

  it('creates a merchant with the theme of the one shown, and says where it answers', async () => {
    const calls = server();
    renderWithQueries(<MerchantsScreen permissions={OPERATOR} />);
    const user = userEvent.setup();
    await screen.findByRole('region', { name: 'General' });
    const create = section('New merchant');
    await user.type(create.getByLabelText(/^Code/), 'nova');
    await user.type(create.getByLabelText('Name'), 'Nova Bet');
    await user.type(create.getByLabelText(/^First domain/), 'Nova.Test');
    await user.type(create.getByLabelText(/^Currency \(ISO/), 'usd');
    await user.type(create.getByLabelText('Currency symbol'), '$');
    await user.type(create.getByLabelText(/^Home country/), 'ph');
    await user.click(create.getByRole('button', { name: 'Save' }));
    expect(
      await create.findByText('Nova Bet is created. Its site answers on nova.test.'),
    ).toBeInTheDocument();
    const sent = calls.find((call) => call.url === '/wps/staff/merchants' && call.method === 'POST')?.body;
    expect(sent).toEqual({
      code: 'nova',
      name: 'Nova Bet',
      domain: 'nova.test',
      defaultLanguage: 'EN',
      currency: 'USD',
      currencySymbol: '$',
      countryCode: 'PH',
      // The colours and switches of the merchant shown; not its logo or texts, which name it.
      template: { ...merchantFixture().template, app_desc: null, login_prompt_text: null, h5_logo: null },
    });
  });

  it('offers a role that may only create merchants the form alone, and reads nothing', async () => {
    const calls = server();
    renderWithQueries(<MerchantsScreen permissions={['merchant:create']} />);
    expect(await screen.findByRole('region', { name: 'New merchant' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/Start from the colours/)).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
