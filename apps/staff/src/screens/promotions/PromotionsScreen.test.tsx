import type { StaffPromoCodes, StaffPromotions } from '@wps/contract/offersAdmin';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok, refusal, renderWithQueries, type FakeAnswer } from '@/test/fakeServer';
import { PromotionsScreen } from './PromotionsScreen';

afterEach(() => vi.unstubAllGlobals());

const text = (title: string) => ({ title, content: `${title} in short`, richContent: null, terms: null });

function promotions(overrides: Partial<StaffPromotions> = {}): StaffPromotions {
  return {
    defaultLanguage: 'EN',
    languages: ['EN', 'TH'],
    categories: [{ id: 1, code: 'bonus', names: { EN: 'Bonus' }, position: 0 }],
    promotions: [
      {
        id: 7,
        category: 'bonus',
        position: 0,
        startsAt: '2026-01-01T00:00:00.000Z',
        endsAt: null,
        status: 'live',
        texts: { EN: text('Welcome bonus'), TH: text('โบนัสต้อนรับ') },
      },
      {
        id: 8,
        category: null,
        position: 1,
        startsAt: '2026-01-01T00:00:00.000Z',
        endsAt: '2026-02-01T00:00:00.000Z',
        status: 'ended',
        texts: { EN: text('January cashback') },
      },
    ],
    ...overrides,
  };
}

const codes: StaffPromoCodes = {
  codes: [
    {
      id: 3,
      code: 'WELCOME88',
      promotionId: 7,
      startsAt: '2026-01-01T00:00:00.000Z',
      endsAt: null,
      status: 'live',
      maxClaims: 100,
      claims: 12,
      bonusOffer: 'WELCOME100',
      locked: true,
    },
  ],
  bonusOffers: [{ code: 'WELCOME100', percent: 100, maxBonus: '500000', turnoverMultiplier: 10 }],
  promotions: [{ id: 7, title: 'Welcome bonus' }],
};

function server(list: StaffPromotions = promotions(), save: (body: unknown) => FakeAnswer = () => ok(null)) {
  return fakeServer((method, path, body) => {
    if (method === 'GET' && path === '/wps/staff/promotions') return ok(list);
    if (method === 'GET' && path === '/wps/staff/promo-codes') return ok(codes);
    if (method === 'POST' && path === '/wps/staff/promotions') return save(body);
    return undefined;
  });
}

const WRITE = ['console:open', 'content:read', 'content:write'] as const;

describe('Promotions', () => {
  it('lists the promotions with their languages and status, and the codes with claims against their limit', async () => {
    server();
    renderWithQueries(<PromotionsScreen permissions={[...WRITE]} />);
    const table = within(await screen.findByRole('region', { name: 'Promotions' }));
    const welcome = table.getByRole('row', { name: /Welcome bonus/ });
    expect(within(welcome).getByText('EN · TH')).toBeInTheDocument();
    expect(within(welcome).getByText('Live')).toBeInTheDocument();
    expect(
      within(table.getByRole('row', { name: /January cashback/ })).getByText('Ended'),
    ).toBeInTheDocument();
    // An ended promotion is not retired again.
    expect(table.queryByRole('button', { name: 'Retire January cashback now' })).toBeNull();
    const code = within(await screen.findByRole('row', { name: /WELCOME88/ }));
    expect(code.getByText('12 / 100')).toBeInTheDocument();
  });

  it('writes a promotion per language: the preview falls back to the default language, only written languages are sent', async () => {
    const calls = server(promotions(), () => ok(null));
    const user = userEvent.setup();
    renderWithQueries(<PromotionsScreen permissions={[...WRITE]} />);
    await user.click(await screen.findByRole('button', { name: 'New promotion' }));
    const editor = within(screen.getByRole('region', { name: 'New promotion' }));
    const tabs = editor.getByRole('tablist', { name: 'Languages' });
    expect(within(tabs).getByRole('tab', { name: /EN/ })).toHaveAttribute('aria-selected', 'true');
    await user.type(editor.getByLabelText('Title (EN)'), 'Reload Friday');
    await user.type(editor.getByLabelText('Summary'), 'Ten percent more');
    const preview = editor.getByRole('figure', { name: 'Preview' });
    expect(within(preview).getByRole('heading', { name: 'Reload Friday' })).toBeInTheDocument();
    // TH not written yet: its preview shows the EN text, as members reading TH would see it.
    await user.click(within(tabs).getByRole('tab', { name: /TH/ }));
    expect(within(preview).getByText('As members reading TH see it')).toBeInTheDocument();
    expect(within(preview).getByRole('heading', { name: 'Reload Friday' })).toBeInTheDocument();
    await user.type(editor.getByLabelText('Title (TH)'), 'รีโหลดวันศุกร์');
    await user.type(editor.getByLabelText('Summary'), 'เพิ่มสิบเปอร์เซ็นต์');
    expect(within(preview).getByRole('heading', { name: 'รีโหลดวันศุกร์' })).toBeInTheDocument();
    await user.click(editor.getByRole('button', { name: 'Save' }));
    const sent = calls.find((call) => call.method === 'POST')?.body as { texts: Record<string, unknown> };
    expect(Object.keys(sent.texts)).toEqual(['EN', 'TH']);
    expect(sent.texts['TH']).toMatchObject({ title: 'รีโหลดวันศุกร์' });
  });

  it.each([
    ['content_default_language_missing', 'Write the text in the merchant\u2019s default language first'],
    ['content_window_invalid', 'The end must come after the start.'],
  ])('shows the server’s refusal %s in words', async (errorCode, words) => {
    server(promotions(), () => refusal(400, errorCode));
    const user = userEvent.setup();
    renderWithQueries(<PromotionsScreen permissions={[...WRITE]} />);
    await user.click(await screen.findByRole('button', { name: 'New promotion' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent?.replace('\u2019', "'")).toContain(
      words.replace('\u2019', "'"),
    );
  });

  it('keeps a claimed code’s grant fixed in the form: only its end and limit are editable', async () => {
    server();
    const user = userEvent.setup();
    renderWithQueries(<PromotionsScreen permissions={[...WRITE]} />);
    await user.click(await screen.findByRole('button', { name: 'Edit WELCOME88' }));
    const form = within(screen.getByRole('form', { name: 'Promo code' }));
    expect(form.getByLabelText('Code')).toBeDisabled();
    expect(form.getByLabelText('Deposit bonus')).toBeDisabled();
    expect(form.getByLabelText('Shown from')).toBeDisabled();
    expect(form.getByLabelText('Shown until (empty: no end)')).toBeEnabled();
    expect(form.getByLabelText('Claims allowed (empty: no limit)')).toBeEnabled();
  });

  it('is read only without content:write, and says so when there is nothing yet', async () => {
    server(promotions({ promotions: [] }));
    renderWithQueries(<PromotionsScreen permissions={['console:open', 'content:read']} />);
    expect(await screen.findByText('No promotions yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New promotion' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit WELCOME88' })).toBeNull();
  });

  it('shows a failed load with a way to try again', async () => {
    fakeServer(() => refusal(503, 'service_unavailable', 'Try again in a moment'));
    renderWithQueries(<PromotionsScreen permissions={[...WRITE]} />);
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
