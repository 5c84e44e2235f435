import { describe, expect, it } from 'vitest';
import { bannerGame, launchPathFor, type LaunchableGame } from './launchPath';

function query(path: string): Record<string, string> {
  const [base, search] = path.split('?');
  expect(base).toBe('/m/launchGame');
  return Object.fromEntries(new URLSearchParams(search));
}

describe('launchPathFor (spec section 2)', () => {
  const cases: [string, LaunchableGame, Record<string, string>][] = [
    [
      'a lottery by prize mode, code and play type',
      {
        vendor: 'TCG_LOTTO',
        gameCode: 'PK10',
        launch: { kind: 'lottery', prizeMode: 'Q', playType: 'NORMAL' },
      },
      { prize_mode: 'Q', code: 'PK10', playType: 'NORMAL', backUrl: '/m/game?category=LOTT' },
    ],
    [
      'the sea lottery with playType SEA',
      { vendor: 'TCG_LOTTO', gameCode: 'SEA1', launch: { kind: 'lottery', prizeMode: 'Z', playType: 'SEA' } },
      { prize_mode: 'Z', code: 'SEA1', playType: 'SEA', backUrl: '/m/game?category=LOTT' },
    ],
    [
      'the Vietnam lottery by vendor TCG_LOTTO_VN and code, with its prize mode',
      {
        vendor: 'TCG_LOTTO_VN',
        gameCode: 'HN',
        launch: { kind: 'vnLottery', vendor: 'TCG_LOTTO_VN', prizeMode: 'X' },
      },
      { vendor: 'TCG_LOTTO_VN', code: 'HN', prize_mode: 'X', backUrl: '/m/game?category=LOTT' },
    ],
    [
      'the Vietnam lottery without a prize mode',
      {
        vendor: 'TCG_LOTTO_VN',
        gameCode: 'HN',
        launch: { kind: 'vnLottery', vendor: 'TCG_LOTTO_VN', prizeMode: '' },
      },
      { vendor: 'TCG_LOTTO_VN', code: 'HN', backUrl: '/m/game?category=LOTT' },
    ],
    [
      'a vendor game by vendor and code',
      { vendor: 'DEMO', gameCode: 'slot&1', launch: { kind: 'vendor' } },
      { vendor: 'DEMO', code: 'slot&1', backUrl: '/m/game?category=LOTT' },
    ],
  ];
  it.each(cases)('%s', (_name, game, expected) => {
    expect(query(launchPathFor(game, '/m/game?category=LOTT'))).toEqual(expected);
  });
});

describe('bannerGame', () => {
  const banner = { linkage: 'G1', vendor: null, gameType: null, roomId: null };
  const cases: [string, Parameters<typeof bannerGame>[0], LaunchableGame][] = [
    [
      'a lottery banner: the room is the prize mode',
      { ...banner, gameType: 'LOTT', vendor: 'TCG_LOTTO', roomId: 'Q' },
      {
        vendor: 'TCG_LOTTO',
        gameCode: 'G1',
        launch: { kind: 'lottery', prizeMode: 'Q', playType: 'NORMAL' },
      },
    ],
    [
      'a sea lottery banner',
      { ...banner, gameType: 'SEA_LOTT', roomId: 'Z' },
      { vendor: '', gameCode: 'G1', launch: { kind: 'lottery', prizeMode: 'Z', playType: 'SEA' } },
    ],
    [
      'a Vietnam lottery banner by vendor',
      { ...banner, vendor: 'TCG_LOTTO_VN', roomId: 'X' },
      {
        vendor: 'TCG_LOTTO_VN',
        gameCode: 'G1',
        launch: { kind: 'vnLottery', vendor: 'TCG_LOTTO_VN', prizeMode: 'X' },
      },
    ],
    [
      'a Vietnam lottery banner by game type',
      { ...banner, gameType: 'VN_LOTT' },
      {
        vendor: 'TCG_LOTTO_VN',
        gameCode: 'G1',
        launch: { kind: 'vnLottery', vendor: 'TCG_LOTTO_VN', prizeMode: '' },
      },
    ],
    [
      'any other game banner',
      { ...banner, gameType: 'RNG', vendor: 'DEMO' },
      { vendor: 'DEMO', gameCode: 'G1', launch: { kind: 'vendor' } },
    ],
  ];
  it.each(cases)('%s', (_name, input, expected) => {
    expect(bannerGame(input)).toEqual(expected);
  });
});
