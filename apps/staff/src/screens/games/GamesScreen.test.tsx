import type { StaffGamesView } from '@wps/contract/gamesAdmin';
import type { StaffPermission } from '@wps/contract/staff';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok, refusal, renderWithQueries, type FakeAnswer } from '@/test/fakeServer';
import { GamesScreen } from './GamesScreen';
import { moved } from './SortableList';

afterEach(() => vi.unstubAllGlobals());

const category = (
  code: StaffGamesView['categories'][number]['category'],
  ordinal: number,
  follows = false,
) => ({
  category: code,
  title: code === 'LOTT' ? 'Lottery' : code === 'RNG' ? 'Slots' : code === 'SEA_LOTT' ? 'SEA Lottery' : code,
  ordinal,
  follows: follows ? ('LOTT' as const) : null,
  displayed: true,
  gameCount: 2,
});

const VIEW: StaffGamesView = {
  categories: [
    category('LOTT', 100),
    category('SEA_LOTT', 105, true),
    category('RNG', 200),
    category('LIVE', 300),
  ],
  vendors: [
    {
      code: 'MOONSPIN',
      displayName: 'Moonspin',
      category: 'RNG',
      enabled: true,
      maintenance: false,
      maintenanceUntil: null,
      gameCount: 2,
    },
    {
      code: 'TCG_LOTTO_VN',
      displayName: 'VN Lotto',
      category: 'VN_LOTT',
      enabled: false,
      maintenance: false,
      maintenanceUntil: null,
      gameCount: 0,
    },
  ],
  games: [
    {
      id: '7',
      gameCode: 'COMET',
      displayName: 'Golden Comet',
      vendor: 'MOONSPIN',
      category: 'RNG',
      enabled: true,
      hotRank: 1,
    },
    {
      id: '8',
      gameCode: 'REELS',
      displayName: 'Lucky Reels',
      vendor: 'MOONSPIN',
      category: 'RNG',
      enabled: true,
      hotRank: null,
    },
  ],
};

const WRITE: StaffPermission[] = ['games:read', 'games:write'];

/** GET answers `view`; each POST answers `post(path, body)`. */
function server(view: () => FakeAnswer, post: (path: string, body: unknown) => FakeAnswer = () => ok(VIEW)) {
  return fakeServer((method, path, body) => {
    if (method === 'GET' && path === '/wps/staff/games') return view();
    if (method === 'POST' && path.startsWith('/wps/staff/games')) return post(path, body);
    return undefined;
  });
}

describe('moved', () => {
  it.each([
    [['a', 'b', 'c'], 0, 1, ['b', 'a', 'c']],
    [['a', 'b', 'c'], 2, 0, ['c', 'a', 'b']],
    [['a', 'b', 'c'], 0, -1, ['a', 'b', 'c']],
    [['a', 'b', 'c'], 2, 3, ['a', 'b', 'c']],
    [['a'], 0, 0, ['a']],
  ])('%j moving %i to %i gives %j', (list, from, to, expected) => {
    expect(moved(list, from, to)).toEqual(expected);
  });
});

describe('Games', () => {
  it('moves a category with the keyboard and shows the order the server stored', async () => {
    const stored: StaffGamesView = {
      ...VIEW,
      categories: [
        category('RNG', 100),
        category('LOTT', 200),
        category('SEA_LOTT', 205, true),
        category('LIVE', 300),
      ],
    };
    const calls = server(
      () => ok(VIEW),
      () => ok(stored),
    );
    renderWithQueries(<GamesScreen permissions={WRITE} />);
    const list = await screen.findByRole('list', { name: 'Category order' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('strong')?.textContent),
    ).toEqual(['Lottery', 'Slots', 'LIVE']);
    expect(within(list).getByText('SEA Lottery follows at 105')).toBeInTheDocument();
    const user = userEvent.setup();
    within(list).getByRole('button', { name: 'Move Slots up' }).focus();
    await user.keyboard('{Enter}');
    expect(
      await screen.findByText('Saved. Members see it on their next visit to the lobby.'),
    ).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      url: '/wps/staff/games/categories/order',
      body: { order: ['RNG', 'LOTT', 'LIVE'] },
    });
    const after = screen.getByRole('list', { name: 'Category order' });
    expect(within(after).getAllByRole('listitem')[0]?.querySelector('strong')?.textContent).toBe('Slots');
    expect(within(after).getByText('SEA Lottery follows at 205')).toBeInTheDocument();
    // The first cannot move up, the last cannot move down.
    expect(within(after).getByRole('button', { name: 'Move Slots up' })).toBeDisabled();
    expect(within(after).getByRole('button', { name: 'Move LIVE down' })).toBeDisabled();
  });

  it.each<[string, string, string, unknown]>([
    ['marks a game hot', 'Hot Lucky Reels', '/wps/staff/games/hot', { gameId: '8', hot: true }],
    ['unmarks a hot game', 'Hot Golden Comet', '/wps/staff/games/hot', { gameId: '7', hot: false }],
    [
      'withdraws a game',
      'Offered Golden Comet',
      '/wps/staff/games/availability',
      { gameId: '7', enabled: false },
    ],
    [
      'offers a vendor',
      'Offered VN Lotto',
      '/wps/staff/games/vendors/availability',
      { vendor: 'TCG_LOTTO_VN', enabled: true },
    ],
    [
      'tags a vendor in maintenance',
      'Maintenance Moonspin',
      '/wps/staff/games/vendors/maintenance',
      { vendor: 'MOONSPIN', maintenance: true, until: null },
    ],
  ])('%s', async (_name, control, url, body) => {
    const calls = server(() => ok(VIEW));
    renderWithQueries(<GamesScreen permissions={WRITE} />);
    await userEvent.click(await screen.findByRole('checkbox', { name: control }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
    expect(calls.at(-1)).toMatchObject({ method: 'POST', url, body });
  });

  it('moves a game down in its category', async () => {
    const calls = server(() => ok(VIEW));
    renderWithQueries(<GamesScreen permissions={WRITE} />);
    const games = await screen.findByRole('list', { name: 'Game order' });
    await userEvent.click(within(games).getByRole('button', { name: 'Move Golden Comet down' }));
    await screen.findByText('Saved. Members see it on their next visit to the lobby.');
    expect(calls.at(-1)).toMatchObject({
      url: '/wps/staff/games/order',
      body: { category: 'RNG', order: ['8', '7'] },
    });
  });

  it('tells a refused save in words and keeps the stored order', async () => {
    server(
      () => ok(VIEW),
      () => refusal(400, 'games_order_invalid'),
    );
    renderWithQueries(<GamesScreen permissions={WRITE} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Move Slots up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The order must name each entry once.');
    const list = screen.getByRole('list', { name: 'Category order' });
    expect(within(list).getAllByRole('listitem')[0]?.querySelector('strong')?.textContent).toBe('Lottery');
  });

  it('read-only: shows the order and the tags, offers no change', async () => {
    const calls = server(() => ok(VIEW));
    renderWithQueries(<GamesScreen permissions={['games:read']} />);
    await screen.findByRole('list', { name: 'Category order' });
    expect(screen.queryByRole('button', { name: /^Move / })).not.toBeInTheDocument();
    for (const box of screen.getAllByRole('checkbox')) expect(box).toBeDisabled();
    expect(calls.every((call) => call.method === 'GET')).toBe(true);
  });

  it('tells an empty catalogue', async () => {
    server(() => ok({ ...VIEW, games: [], vendors: VIEW.vendors.map((v) => ({ ...v, enabled: false })) }));
    renderWithQueries(<GamesScreen permissions={WRITE} />);
    expect(
      await screen.findByText('This merchant offers no vendor yet: offer one below.'),
    ).toBeInTheDocument();
    expect(screen.getByText('No offered vendor has games yet.')).toBeInTheDocument();
  });

  it('tells a failed load and tries again', async () => {
    let fail = true;
    server(() => (fail ? refusal(503, 'service_unavailable', 'The service is busy.') : ok(VIEW)));
    renderWithQueries(<GamesScreen permissions={WRITE} />);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Category order' })).toBeInTheDocument();
  });

  it('a role without games:read is told so and nothing is asked', () => {
    const calls = server(() => ok(VIEW));
    renderWithQueries(<GamesScreen permissions={['push:send']} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Your role may not see the games.');
    expect(calls).toEqual([]);
  });
});
