import type { LaunchGameQuery } from '@wps/contract/schemas/games';
import { describe, expect, it } from 'vitest';
import { mayStartGame, type StartPlace } from '@/features/games';
import { launchBackUrl, launchQueryFrom } from './launchQuery';

const context = { language: 'EN', title: 'Aurora Play', labelName: 'Gold' };
const common = { device: 'MOBILE', title: 'Aurora Play', labelName: 'Gold' } as const;

describe('launchQueryFrom (spec sections 2 and 7)', () => {
  const cases: [string, string, LaunchGameQuery | null][] = [
    [
      'lottery: prize mode, area NORMAL by default, betting view',
      '?prize_mode=Q&code=PK10&backUrl=%2Fm%2Fgame',
      {
        launchMode: 'LOTT',
        lottoArea: 'NORMAL',
        lottoPrizeMode: 'Q',
        lottoGameCode: 'PK10',
        lottoView: 'betting',
        backUrl: '/m/game',
        hasLobby: false,
        language: 'EN',
        ...common,
      },
    ],
    [
      'lottery lobby view: hasLobby',
      '?prize_mode=Q&code=PK10&playType=NORMAL&lottoView=lobby&backUrl=/m/home',
      {
        launchMode: 'LOTT',
        lottoArea: 'NORMAL',
        lottoPrizeMode: 'Q',
        lottoGameCode: 'PK10',
        lottoView: 'lobby',
        backUrl: '/m/home',
        hasLobby: true,
        language: 'EN',
        ...common,
      },
    ],
    [
      'sea lottery: lottoMode instead of the prize mode',
      '?prize_mode=Q&code=SEA1&playType=SEA&backUrl=/m/game',
      {
        launchMode: 'LOTT',
        lottoArea: 'SEA',
        lottoMode: 'SEA_Tradition_Mobile',
        lottoGameCode: 'SEA1',
        lottoView: 'betting',
        backUrl: '/m/game',
        hasLobby: false,
        language: 'EN',
        ...common,
      },
    ],
    [
      'an unknown lottoView is betting',
      '?prize_mode=Q&code=PK10&lottoView=%3Cscript%3E',
      {
        launchMode: 'LOTT',
        lottoArea: 'NORMAL',
        lottoPrizeMode: 'Q',
        lottoGameCode: 'PK10',
        lottoView: 'betting',
        backUrl: '/m/home',
        hasLobby: false,
        language: 'EN',
        ...common,
      },
    ],
    [
      'Vietnam lottery: vendor, gameCode, prizeMode, language VI, no lobby',
      '?vendor=TCG_LOTTO_VN&code=HN&prize_mode=X&backUrl=/m/game',
      {
        vendor: 'TCG_LOTTO_VN',
        gameCode: 'HN',
        prizeMode: 'X',
        backUrl: '/m/game',
        hasLobby: false,
        language: 'VI',
        ...common,
      },
    ],
    [
      'Vietnam lottery without prize mode',
      '?vendor=TCG_LOTTO_VN&code=HN',
      {
        vendor: 'TCG_LOTTO_VN',
        gameCode: 'HN',
        backUrl: '/m/home',
        hasLobby: false,
        language: 'VI',
        ...common,
      },
    ],
    [
      'a vendor game: vendor and gameCode in the app language',
      '?vendor=DEMO&code=slot1&backUrl=/m/live',
      { vendor: 'DEMO', gameCode: 'slot1', backUrl: '/m/live', hasLobby: false, language: 'EN', ...common },
    ],
    ['a vendor game without a code names no game', '?vendor=DEMO', null],
    ['a lottery without a code (betting) names no game', '?prize_mode=Q', null],
    ['nothing at all', '', null],
  ];
  it.each(cases)('%s', (_name, search, expected) => {
    expect(launchQueryFrom(search, context)).toEqual(expected);
  });

  it('leaves out title and labelName when unknown', () => {
    const query = launchQueryFrom('?vendor=DEMO&code=slot1', { language: 'TH', title: '', labelName: null });
    expect(query).toEqual({
      vendor: 'DEMO',
      gameCode: 'slot1',
      device: 'MOBILE',
      backUrl: '/m/home',
      hasLobby: false,
      language: 'TH',
    });
  });

  const hostile: [string, string][] = [
    ['another site', 'https://evil.example'],
    ['a protocol-relative URL', '//evil'],
    ['a script URL', 'javascript:alert(1)'],
    ['an encoded way out', '/m/%2e%2e/evil'],
    ['a path outside the app', '/admin'],
    ['backslashes', '/m\\\\evil.example'],
  ];
  it.each(hostile)('a hostile backUrl (%s) becomes /m/home', (_name, backUrl) => {
    const params = new URLSearchParams({ vendor: 'DEMO', code: 'slot1', backUrl });
    expect(launchQueryFrom(params, context)?.backUrl).toBe('/m/home');
    expect(launchBackUrl(backUrl)).toBe('/m/home');
  });

  it('keeps a safe backUrl with its query, without tokens', () => {
    expect(launchBackUrl('/m/game?category=LIVE&token=secret')).toBe('/m/game?category=LIVE');
    expect(launchBackUrl(null)).toBe('/m/home');
  });
});

describe('mayStartGame (STARTGAMEINAPP3, spec section 4)', () => {
  const browser: StartPlace = {
    isNativeApp: false,
    isInstalledPwa: false,
    isIosWebClip: false,
    homescreenLaunch: false,
  };
  const places: [string, StartPlace][] = [
    ['browser', browser],
    ['native app', { ...browser, isNativeApp: true }],
    ['installed PWA', { ...browser, isInstalledPwa: true }],
    ['iOS web clip', { ...browser, isIosWebClip: true }],
    ['home-screen launch', { ...browser, homescreenLaunch: true }],
  ];
  it.each(places)('flag off: starts in the %s', (_name, place) => {
    expect(mayStartGame(false, place)).toBe(true);
  });
  it.each(places)('flag on: %s', (name, place) => {
    expect(mayStartGame(true, place)).toBe(name !== 'browser');
  });
});
