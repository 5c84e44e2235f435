import type { MemberInfo } from '@wps/contract/accounts';
import type { LimitOffer } from '@wps/contract/trust';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as accounts from '@/api/endpoints/accounts';
import * as trust from '@/api/endpoints/trust';
import { NETWORK_ERROR, WpsError } from '@/api/errors';
import { flush, resetEachQueryTest } from '@/test/queryFixtures';
import { renderWithI18n } from '@/test/renderWithI18n';
import { signIn } from '@/test/sessionFixture';
import LimitOfferSlot from './LimitOfferSlot';

vi.mock('@/api/endpoints/accounts', () => ({
  fetchMemberInfo: vi.fn(),
  fetchRankProgress: vi.fn(),
  fetchUnreadCount: vi.fn(),
}));
vi.mock('@/api/endpoints/trust', () => ({ setLimit: vi.fn(), answerLimitOffer: vi.fn() }));
vi.mock('@/features/apiErrors/errorActions', () => ({ handleError: vi.fn(), performErrorAction: vi.fn() }));
const fetchMemberInfo = vi.mocked(accounts.fetchMemberInfo);
const setLimit = vi.mocked(trust.setLimit);
const answerLimitOffer = vi.mocked(trust.answerLimitOffer);

const info = (limitOffer: LimitOffer | null | undefined): MemberInfo => ({
  id: '1',
  account: 'alice',
  type: 0,
  language: 'EN',
  clubLabel: null,
  ...(limitOffer === undefined ? {} : { limitOffer }),
});

resetEachQueryTest();
afterEach(() => vi.clearAllMocks());

async function show(
  where: 'lobby' | 'member' | 'deposit',
  offer: LimitOffer | null | undefined,
  member = true,
) {
  fetchMemberInfo.mockResolvedValue(info(offer));
  if (member) signIn();
  renderWithI18n(<LimitOfferSlot where={where} />);
  await flush();
  await flush();
}

const card = () => screen.queryByRole('region', { name: 'Set a deposit limit' });

describe('the offer to set a deposit limit', () => {
  // [page, the member info's offer, shown]
  it.each<['lobby' | 'member' | 'deposit', LimitOffer | null | undefined, boolean]>([
    ['lobby', 'now', true],
    ['member', 'now', true],
    ['deposit', 'now', true],
    ['lobby', 'at_deposit', false],
    ['member', 'at_deposit', false],
    ['deposit', 'at_deposit', true],
    ['lobby', null, false],
    ['deposit', null, false],
    // A server that does not make the offer.
    ['deposit', undefined, false],
  ])('on the %s page with the offer %s: shown %s', async (where, offer, shown) => {
    await show(where, offer);
    if (shown) expect(await screen.findByRole('region', { name: 'Set a deposit limit' })).toBeVisible();
    else expect(card()).toBeNull();
  });

  it('a visitor never sees it (no member info is asked for)', async () => {
    await show('deposit', 'at_deposit', false);
    expect(card()).toBeNull();
    expect(fetchMemberInfo).not.toHaveBeenCalled();
  });

  // [period chosen, amount typed, the limit set]
  it.each([
    ['24 hours', '500', 'deposit_day', '500'],
    ['7 days', '1500.50', 'deposit_week', '1500.50'],
    ['30 days', ' 20000 ', 'deposit_month', '20000'],
  ])(
    'Set limit over %s with %j sets %s, answers "set", and the card goes',
    async (period, typed, type, amount) => {
      setLimit.mockResolvedValue({} as Awaited<ReturnType<typeof trust.setLimit>>);
      answerLimitOffer.mockResolvedValue(null);
      await show('deposit', 'at_deposit');
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: period }));
      expect(screen.getByRole('button', { name: period })).toHaveAttribute('aria-pressed', 'true');
      await user.type(screen.getByLabelText('Deposit limit · PHP'), typed);
      fetchMemberInfo.mockResolvedValue(info(null));
      await user.click(screen.getByRole('button', { name: 'Set a limit' }));
      await waitFor(() => expect(card()).toBeNull());
      expect(setLimit).toHaveBeenCalledWith(type, amount);
      expect(answerLimitOffer).toHaveBeenCalledWith('set');
    },
  );

  // [amount typed, the message under the field]
  it.each([
    ['', 'Enter an amount.'],
    ['abc', null],
    ['0', null],
    ['1.234', null],
    ['-5', null],
  ])('Set limit with %j shows why and sends nothing', async (typed, message) => {
    await show('deposit', 'at_deposit');
    const user = userEvent.setup();
    if (typed !== '') await user.type(await screen.findByLabelText('Deposit limit · PHP'), typed);
    await user.click(await screen.findByRole('button', { name: 'Set a limit' }));
    const alert = await screen.findByRole('alert');
    if (message !== null) expect(alert).toHaveTextContent(message);
    expect(setLimit).not.toHaveBeenCalled();
    expect(answerLimitOffer).not.toHaveBeenCalled();
    expect(card()).toBeVisible();
  });

  it('Not now answers "declined" and sets nothing', async () => {
    answerLimitOffer.mockResolvedValue(null);
    await show('lobby', 'now');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(card()).toBeNull());
    expect(answerLimitOffer).toHaveBeenCalledWith('declined');
    expect(setLimit).not.toHaveBeenCalled();
  });

  it('a lost connection keeps the card and what was typed, with a message; a retry goes through', async () => {
    setLimit.mockRejectedValueOnce(new WpsError(0, NETWORK_ERROR, 'offline'));
    setLimit.mockResolvedValue({} as Awaited<ReturnType<typeof trust.setLimit>>);
    answerLimitOffer.mockResolvedValue(null);
    await show('deposit', 'at_deposit');
    const user = userEvent.setup();
    const field = await screen.findByLabelText('Deposit limit · PHP');
    await user.type(field, '800');
    await user.click(screen.getByRole('button', { name: 'Set a limit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No connection. Check your network and try again; you will not be charged twice.',
    );
    expect(field).toHaveValue('800');
    expect(answerLimitOffer).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Set a limit' }));
    await waitFor(() => expect(card()).toBeNull());
    expect(setLimit).toHaveBeenCalledTimes(2);
  });
});
