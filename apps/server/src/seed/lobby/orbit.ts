import type { LobbySeed } from './types.js';

/** Orbit Games's demo lobby content (index.ts seeds it). */
export const ORBIT: LobbySeed = {
  announcements: [
    { type: 'MARQUEE', title: 'صيانة', content: 'الموقع في صيانة مجدولة. شكرا لصبركم.' },
    { type: 'MARQUEE', title: 'جديد', content: 'ألعاب أركيد جديدة قريبا.' },
    {
      type: 'POPUP',
      title: 'مرحبا',
      content: 'مرحبا بكم في أوربت.',
      translations: { EN: { title: 'Welcome', content: 'Welcome to Orbit.' } },
    },
    {
      type: 'POPUP',
      title: 'العب بمسؤولية',
      content: 'حدد ميزانيتك قبل اللعب.',
      translations: { EN: { title: 'Play responsibly', content: 'Set your budget before you play.' } },
    },
    {
      key: 'arcade-week',
      type: 'PR',
      category: 'arcade',
      title: 'أسبوع الأركيد',
      content: 'جوائز يومية في ألعاب الأركيد.',
      art: { colors: ['#240046', '#ff006e'], glyph: 'ARC' },
    },
    {
      type: 'PR',
      category: 'app_download',
      title: 'حمل التطبيق',
      content: 'حمل تطبيق أوربت.',
      translations: { EN: { title: 'Get the app', content: 'Download the Orbit app.' } },
    },
    { type: 'PR', title: 'انتهى', content: 'انتهى هذا العرض.', startsInDays: -20, endsInDays: -1 },
  ],
  categories: [
    { code: 'arcade', name: 'أركيد', names: { EN: 'Arcade' } },
    { code: 'app_download', name: 'التطبيق', names: { EN: 'App' } },
  ],
  promoCodes: [{ code: 'ORBIT-ARCADE', promotion: 'arcade-week' }],
  banners: [
    {
      title: 'Arcade week',
      linkageType: 'P',
      linkage: 'arcade-week',
      art: { colors: ['#240046', '#ff006e'], glyph: 'ARC' },
    },
    {
      title: 'Rocket Run',
      linkageType: 'G',
      linkage: 'RR_ROCKET',
      art: { colors: ['#370617', '#f48c06'], glyph: 'RUN' },
    },
  ],
  // No row: the popup answers the defaults.
  popup: null,
};
