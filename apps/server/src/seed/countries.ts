import type { Country } from '@wps/contract/system';

export const DEMO_COUNTRIES: Country[] = [
  { code: 'PH', name: 'Philippines', dialingCode: '63' },
  { code: 'SG', name: 'Singapore', dialingCode: '65' },
  { code: 'MY', name: 'Malaysia', dialingCode: '60' },
  { code: 'TH', name: 'Thailand', dialingCode: '66' },
  { code: 'ID', name: 'Indonesia', dialingCode: '62' },
  { code: 'JP', name: 'Japan', dialingCode: '81' },
  { code: 'KR', name: 'South Korea', dialingCode: '82' },
  { code: 'HK', name: 'Hong Kong', dialingCode: '852' },
  { code: 'TW', name: 'Taiwan', dialingCode: '886' },
  { code: 'VN', name: 'Vietnam', dialingCode: '84' },
  { code: 'AE', name: 'United Arab Emirates', dialingCode: '971' },
  { code: 'SA', name: 'Saudi Arabia', dialingCode: '966' },
  { code: 'EG', name: 'Egypt', dialingCode: '20' },
  { code: 'US', name: 'United States', dialingCode: '1' },
];
