import type { LanguageCode } from './languages.js';

/**
 * Every interface language by its own name (autonym), for the language picker: a module of its own,
 * so the web app's first load does not carry it.
 */
export const LANGUAGE_NAMES: Record<LanguageCode, string> = {
  CN: '简体中文',
  EN: 'English',
  ES: 'Español',
  HI: 'हिन्दी',
  ID: 'Bahasa Indonesia',
  JA: '日本語',
  KM: 'ខ្មែរ',
  KO: '한국어',
  MY: 'မြန်မာ',
  TA: 'தமிழ்',
  TH: 'ไทย',
  TW: '繁體中文',
  VI: 'Tiếng Việt',
  TY: 'Tagalog',
  UR: 'اردو',
  PT: 'Português',
  'PT-BR': 'Português (Brasil)',
  MS: 'Bahasa Melayu',
  BN: 'বাংলা',
  TR: 'Türkçe',
  FR: 'Français',
  NE: 'नेपाली',
  'UR-LA': 'Urdu (Roman)',
  TE: 'తెలుగు',
  RU: 'Русский',
  SW: 'Kiswahili',
  KK: 'Қазақ тілі',
  LO: 'ລາວ',
  AR: 'العربية',
};
