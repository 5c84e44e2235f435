import type { MemberMessage } from '@wps/contract/memberArea';
import type { Paged } from '@wps/contract/games';
import type { UnreadCount } from '@wps/contract/accounts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as accounts from '@/api/endpoints/accounts';
import * as memberArea from '@/api/endpoints/memberArea';
import { MemoryRouter } from '@/platform/router';
import { deferred } from '@/test/deferred';
import { renderWithI18n } from '@/test/renderWithI18n';
import { signIn } from '@/test/sessionFixture';
import { InboxScreen } from './InboxScreen';

vi.mock('@/api/endpoints/accounts', () => ({
  fetchUnreadCount: vi.fn(),
  fetchMemberInfo: vi.fn(),
  fetchRankProgress: vi.fn(),
}));
vi.mock('@/api/endpoints/memberArea', () => ({ fetchMessages: vi.fn(), readMessage: vi.fn() }));
const fetchUnreadCount = vi.mocked(accounts.fetchUnreadCount);
const fetchMessages = vi.mocked(memberArea.fetchMessages);
const readMessage = vi.mocked(memberArea.readMessage);

const message = (id: number, read = false): MemberMessage => ({
  id,
  title: `Message ${id}`,
  body: `Text of message ${id}`,
  createdAt: '2026-11-20T10:00:00.000Z',
  read,
});
const page = (list: MemberMessage[], total = list.length, number = 1): Paged<MemberMessage> => ({
  list,
  page: number,
  pageSize: 10,
  total,
});

function renderInbox() {
  signIn();
  return renderWithI18n(
    <MemoryRouter basename="/m" initialEntries={['/m/member/inbox']}>
      <InboxScreen />
    </MemoryRouter>,
  );
}

afterEach(() => {
  vi.clearAllMocks();
});

describe('InboxScreen', () => {
  it('opens a message: its text shows, it is read, and the unread count drops at once, then as the server says', async () => {
    fetchUnreadCount.mockResolvedValue({ count: 2 });
    fetchMessages.mockResolvedValue(page([message(2), message(1, true)]));
    const read = deferred<UnreadCount>();
    readMessage.mockReturnValue(read.promise);
    renderInbox();
    expect(await screen.findByText('Message 2')).toBeInTheDocument();
    expect(screen.getByTestId('inbox-unread')).toHaveTextContent('Unread messages: 2');
    const [first, second] = screen.getAllByTestId('inbox-item');
    expect(within(first as HTMLElement).getByText('Unread')).toBeInTheDocument();
    expect(within(second as HTMLElement).queryByText('Unread')).not.toBeInTheDocument();

    const head = within(first as HTMLElement).getByRole('button', { name: /Message 2/ });
    expect(head).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Text of message 2')).not.toBeVisible();
    await userEvent.click(head);
    expect(head).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Text of message 2')).toBeVisible();
    expect(readMessage).toHaveBeenCalledWith(2);
    expect(screen.getByTestId('inbox-unread')).toHaveTextContent('Unread messages: 1');
    expect(within(first as HTMLElement).queryByText('Unread')).not.toBeInTheDocument();
    await act(async () => read.resolve({ count: 0 }));
    expect(screen.getByTestId('inbox-unread')).toHaveTextContent('Unread messages: 0');

    // Closing and opening again, and opening a read message, ask nothing more.
    await userEvent.click(head);
    await userEvent.click(head);
    await userEvent.click(within(second as HTMLElement).getByRole('button'));
    expect(readMessage).toHaveBeenCalledTimes(1);
  });

  it('a refused read restores the count and the unread mark', async () => {
    fetchUnreadCount.mockResolvedValue({ count: 1 });
    fetchMessages.mockResolvedValue(page([message(5)]));
    readMessage.mockRejectedValue(new Error('offline'));
    renderInbox();
    await userEvent.click(await screen.findByRole('button', { name: /Message 5/ }));
    await waitFor(() => expect(screen.getByTestId('inbox-unread')).toHaveTextContent('Unread messages: 1'));
    expect(screen.getByText('Unread')).toBeInTheDocument();
  });

  it('pages: Load more appends the next page', async () => {
    fetchUnreadCount.mockResolvedValue({ count: 0 });
    const first = Array.from({ length: 10 }, (_, index) => message(20 - index, true));
    fetchMessages
      .mockResolvedValueOnce(page(first, 11))
      .mockResolvedValueOnce(page([message(1, true)], 11, 2));
    renderInbox();
    expect(await screen.findAllByTestId('inbox-item')).toHaveLength(10);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('inbox-item')).toHaveLength(11));
    expect(fetchMessages).toHaveBeenLastCalledWith(2, 10);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says so when there is no message', async () => {
    fetchUnreadCount.mockResolvedValue({ count: 0 });
    fetchMessages.mockResolvedValue(page([]));
    renderInbox();
    expect(await screen.findByTestId('inbox-empty')).toHaveTextContent('You have no messages yet.');
  });

  it('shows the failure with a retry', async () => {
    fetchUnreadCount.mockResolvedValue({ count: 0 });
    fetchMessages.mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(page([message(3)]));
    renderInbox();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your messages could not be loaded.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Message 3')).toBeInTheDocument();
  });
});
