import { GameCategory, VN_LOTTERY_VENDOR } from '@wps/contract/games';

/** The demo game catalogue's vendors and games (games.ts seeds them): original names, no real brand. */

export interface GameSeed {
  code: string;
  name: string;
  /** Lottery games: the prize mode the launch carries. */
  prizeMode?: string;
  freeplay?: boolean;
  hot?: number;
  /** A retired game: stored but never listed. */
  disabled?: boolean;
}

export interface VendorSeed {
  code: string;
  name: string;
  category: GameCategory;
  colors: [string, string];
  games: GameSeed[];
  maintenance?: boolean;
}

const C = GameCategory;

export const DEMO_VENDORS: readonly VendorSeed[] = [
  {
    code: 'NOVA_LOTTO',
    name: 'Nova Lottery',
    category: C.LOTT,
    colors: ['#1d3a8a', '#f5b531'],
    games: [
      { code: 'NOVA_FAST3', name: 'Fast 3', prizeMode: 'FAST3', hot: 2 },
      { code: 'NOVA_PICK5', name: 'Pick 5 Classic', prizeMode: 'PICK5' },
      { code: 'NOVA_DAILY4', name: 'Daily 4', prizeMode: 'DAILY4' },
      { code: 'NOVA_LUCKY10', name: 'Lucky 10 Race', prizeMode: 'LUCKY10' },
      { code: 'NOVA_KENO80', name: 'Keno 80', prizeMode: 'KENO80' },
    ],
  },
  {
    code: 'PRISM_LOTTO',
    name: 'Prism Lottery',
    category: C.LOTT,
    colors: ['#5b2a86', '#f06292'],
    games: [
      { code: 'PRISM_3D', name: 'Prism 3D', prizeMode: 'PRISM3D' },
      { code: 'PRISM_RAINBOW6', name: 'Rainbow 6', prizeMode: 'RAINBOW6' },
      { code: 'PRISM_HOURLY', name: 'Hourly Draw', prizeMode: 'HOURLY' },
    ],
  },
  {
    code: 'TIDE_LOTTO',
    name: 'Tide Lottery',
    category: C.SEA_LOTT,
    colors: ['#006d77', '#83c5be'],
    games: [
      { code: 'TIDE_HARBOUR4D', name: 'Harbour 4D', prizeMode: 'HARBOUR4D', hot: 8 },
      { code: 'TIDE_ISLAND5D', name: 'Island 5D', prizeMode: 'ISLAND5D' },
      { code: 'TIDE_MONSOON', name: 'Monsoon 6/45', prizeMode: 'MONSOON645' },
    ],
  },
  {
    code: VN_LOTTERY_VENDOR,
    name: 'Lotto VN',
    category: C.VN_LOTT,
    colors: ['#c1121f', '#ffd166'],
    games: [
      { code: 'VN_NORTH', name: 'Northern Draw', prizeMode: 'NORTH' },
      { code: 'VN_CENTRAL', name: 'Central Draw', prizeMode: 'CENTRAL' },
      { code: 'VN_SOUTH', name: 'Southern Draw', prizeMode: 'SOUTH' },
      { code: 'VN_QUICK45', name: 'Quick 45 Seconds', prizeMode: 'QUICK45' },
    ],
  },
  {
    code: 'PIXEL_ELOTT',
    name: 'Pixel E-Lotto',
    category: C.ELOTT,
    colors: ['#3a0ca3', '#4cc9f0'],
    games: [
      { code: 'PX_DICE', name: 'Pixel Dice', freeplay: true },
      { code: 'PX_WHEEL', name: 'Colour Wheel' },
      { code: 'PX_RUSH', name: 'Number Rush' },
    ],
  },
  {
    code: 'ARENA_SPORTS',
    name: 'Arena Sports',
    category: C.SPORTS,
    colors: ['#1b4332', '#95d5b2'],
    games: [
      { code: 'ARENA_BOOK', name: 'Arena Sportsbook', hot: 6 },
      { code: 'ARENA_VFOOT', name: 'Virtual Football' },
    ],
  },
  {
    code: 'KICKOFF_SPORTS',
    name: 'Kickoff Sports',
    category: C.SPORTS,
    colors: ['#14213d', '#fca311'],
    games: [
      { code: 'KO_LIVE', name: 'Kickoff Live Betting' },
      { code: 'KO_ESPORTS', name: 'Esports Cup' },
    ],
  },
  {
    code: 'VELVET_LIVE',
    name: 'Velvet Live',
    category: C.LIVE,
    colors: ['#6a040f', '#e85d04'],
    games: [
      { code: 'VV_BACCARAT', name: 'Velvet Baccarat', hot: 3 },
      { code: 'VV_ROULETTE', name: 'Velvet Roulette' },
      { code: 'VV_DRAGON', name: 'Dragon and Tiger Duel' },
      { code: 'VV_SICBO', name: 'Sic Bo Hall' },
    ],
  },
  {
    code: 'HALO_LIVE',
    name: 'Halo Live',
    category: C.LIVE,
    colors: ['#22223b', '#c9ada7'],
    games: [
      { code: 'HL_BLACKJACK', name: 'Halo Blackjack' },
      { code: 'HL_SPEEDBAC', name: 'Speed Baccarat' },
      { code: 'HL_WHEEL', name: 'Wheel of Stars' },
    ],
  },
  {
    code: 'STARLIGHT',
    name: 'Starlight Slots',
    category: C.RNG,
    colors: ['#10002b', '#e0aaff'],
    games: [
      { code: 'SL_GOLDEN_COMET', name: 'Golden Comet', freeplay: true, hot: 1 },
      { code: 'SL_NEBULA', name: 'Nebula Nights', freeplay: true },
      { code: 'SL_COMET_CASH', name: 'Comet Cash' },
      { code: 'SL_POLAR', name: 'Polar Lights' },
      { code: 'SL_FORGE', name: 'Star Forge' },
      { code: 'SL_100_WILD', name: '100% Wild' },
    ],
  },
  {
    code: 'LUCKY_REELS',
    name: 'Lucky Reels',
    category: C.RNG,
    colors: ['#9d0208', '#ffba08'],
    games: [
      { code: 'LR_FORTUNE_FOX', name: 'Fortune Fox' },
      { code: 'LR_JADE', name: 'Jade Temple' },
      { code: 'LR_CANDY', name: 'Candy Cascade', freeplay: true },
      { code: 'LR_BUFFALO', name: 'Prairie Run' },
      { code: 'LR_HOT_SHOT', name: 'Hot_Shot Sevens' },
      { code: 'LR_RETIRED', name: 'Retired Reels', disabled: true },
    ],
  },
  {
    code: 'MOONSPIN',
    name: 'Moonspin',
    category: C.RNG,
    colors: ['#03045e', '#90e0ef'],
    games: [
      { code: 'MS_MOON_RABBIT', name: 'Moon Rabbit', freeplay: true, hot: 4 },
      { code: 'MS_LANTERN', name: 'Lantern Festival' },
      { code: 'MS_CRYSTAL', name: 'Crystal Caverns' },
      { code: 'MS_TIDES', name: 'Silver Tides' },
    ],
  },
  {
    code: 'OAK_TABLE',
    name: 'Oak Table Games',
    category: C.TABLE,
    colors: ['#3e2723', '#a1887f'],
    games: [
      { code: 'OAK_BLACKJACK', name: 'Classic Blackjack', hot: 10 },
      { code: 'OAK_ROULETTE', name: 'European Roulette' },
      { code: 'OAK_3CARD', name: 'Three Card Poker' },
      { code: 'OAK_HOLDEM', name: 'Table Holdem' },
    ],
  },
  {
    code: 'CORAL_FISH',
    name: 'Coral Fishing',
    category: C.FISH,
    colors: ['#023e8a', '#48cae4'],
    games: [
      { code: 'CF_REEF', name: 'Reef Hunter', freeplay: true, hot: 7 },
      { code: 'CF_WHALE', name: 'Golden Whale' },
      { code: 'CF_DEEP', name: 'Deep Sea Blast' },
    ],
  },
  {
    code: 'DUEL_HOUSE',
    name: 'Duel House',
    category: C.PVP,
    colors: ['#283618', '#dda15e'],
    games: [
      { code: 'DH_CARDS', name: 'Card Duel' },
      { code: 'DH_TILES', name: 'Tile Duel' },
      { code: 'DH_DOMINO', name: 'Domino Clash' },
      { code: 'DH_CHESS', name: 'Quick Chess', freeplay: true },
    ],
  },
  {
    code: 'ROCKET_RUN',
    name: 'Rocket Run Studio',
    category: C.CRASH,
    colors: ['#370617', '#f48c06'],
    games: [
      { code: 'RR_ROCKET', name: 'Rocket Run', freeplay: true, hot: 5 },
      { code: 'RR_BALLOON', name: 'Balloon Pop' },
      { code: 'RR_MINES', name: 'Mine Field' },
      { code: 'RR_PLINKO', name: 'Peg Drop' },
    ],
  },
  {
    code: 'NEON_ARCADE',
    name: 'Neon Arcade',
    category: C.ARCADE,
    colors: ['#240046', '#ff006e'],
    games: [
      { code: 'NA_SNAKE', name: 'Neon Snake', freeplay: true, hot: 9 },
      { code: 'NA_BLOCKS', name: 'Block Breaker' },
      { code: 'NA_PUSHER', name: 'Coin Pusher' },
      { code: 'NA_BLASTER', name: 'Space Blaster' },
      { code: 'NA_GEMS', name: 'Gem Match' },
    ],
  },
  {
    code: 'RETRO_ARCADE',
    name: 'Retro Arcade',
    category: C.ARCADE,
    colors: ['#2b2d42', '#8d99ae'],
    maintenance: true,
    games: [
      { code: 'RA_PINBALL', name: 'Pinball Night' },
      { code: 'RA_RACER', name: 'Pixel Racer' },
    ],
  },
];
