import type { LobbySeed } from './types.js';

/** Lotus Lotto's demo lobby content (index.ts seeds it). */
export const LOTUS: LobbySeed = {
  announcements: [
    {
      type: 'MARQUEE',
      title: 'Chào mừng',
      content: 'Chào mừng bạn đến với Lotus Lotto!',
      translations: { EN: { title: 'Welcome', content: 'Welcome to Lotus Lotto!' } },
    },
    { type: 'MARQUEE', title: 'Giờ quay', content: 'Xổ số miền Bắc quay lúc 18:15 mỗi ngày.' },
    {
      type: 'POPUP',
      title: 'Xổ số nhanh 45 giây',
      content: 'Thử ngay Quick 45 Seconds: kết quả sau mỗi 45 giây.',
      art: { colors: ['#c1121f', '#ffd166'], glyph: '45' },
      translations: {
        EN: {
          title: '45-second quick lottery',
          content: 'Try Quick 45 Seconds now: a result every 45 seconds.',
        },
        CN: { title: '45秒快速彩', content: '立即试玩 Quick 45 Seconds：每 45 秒开奖一次。' },
      },
    },
    {
      type: 'POPUP',
      title: 'Bảo mật tài khoản',
      content: 'Hãy bật xác thực hai bước trong hồ sơ của bạn.',
      art: { colors: ['#1f7a4d', '#e8488a'], glyph: '2FA' },
      audience: 'members',
      translations: {
        EN: { title: 'Secure your account', content: 'Turn on two-step verification in your profile.' },
        CN: { title: '保护账户安全', content: '请在个人资料中开启两步验证。' },
      },
    },
    {
      key: 'first-deposit',
      type: 'PR',
      category: 'bonus',
      title: 'Thưởng nạp đầu',
      content: 'Nhận thêm 100% cho lần nạp đầu tiên, tối đa 2.000.000 ₫.',
      richContent:
        '<p>Nhận thêm <strong>100%</strong> cho lần nạp đầu tiên, tối đa 2.000.000 ₫.</p>' +
        '<p>Nhập mã <strong>LOTUS100</strong> bên dưới.</p>',
      terms: 'Mỗi thành viên chỉ nhận một lần.',
      translations: {
        EN: {
          title: 'First deposit bonus',
          content: 'Get 100% extra on your first deposit, up to 2,000,000 ₫.',
          richContent:
            '<p>Get <strong>100%</strong> extra on your first deposit, up to 2,000,000 ₫.</p>' +
            '<p>Enter the code <strong>LOTUS100</strong> below.</p>',
          terms: 'One bonus per member.',
        },
      },
      art: { colors: ['#1f7a4d', '#ffd166'], glyph: '100%' },
    },
    {
      type: 'PR',
      category: 'app_download',
      title: 'Tải ứng dụng',
      content: 'Cài ứng dụng Lotus Lotto để nhận quà chào mừng.',
      translations: {
        EN: { title: 'Get the app', content: 'Install the Lotus Lotto app for a welcome gift.' },
      },
      art: { colors: ['#1f7a4d', '#e8488a'], glyph: 'APP' },
    },
    {
      type: 'PR',
      title: 'Tết đã kết thúc',
      content: 'Khuyến mãi này đã kết thúc.',
      startsInDays: -90,
      endsInDays: -60,
    },
  ],
  categories: [
    { code: 'bonus', name: 'Thưởng', names: { EN: 'Bonuses', CN: '奖金' } },
    { code: 'app_download', name: 'Ứng dụng', names: { EN: 'App', CN: '应用' } },
  ],
  promoCodes: [{ code: 'LOTUS100', promotion: 'first-deposit' }],
  banners: [
    {
      title: 'Thưởng nạp đầu',
      linkageType: 'P',
      linkage: 'first-deposit',
      art: { colors: ['#1f7a4d', '#ffd166'], glyph: 'VIP' },
    },
    {
      title: 'Xổ số miền Bắc',
      linkageType: 'G',
      linkage: 'VN_NORTH',
      art: { colors: ['#c1121f', '#ffd166'], glyph: 'MB' },
    },
    {
      title: 'Sắp ra mắt',
      linkageType: 'URL',
      linkage: '/m/game',
      art: { colors: ['#444444', '#888888'], glyph: 'NEW' },
      startsInDays: 5,
    },
  ],
  popup: {
    autoplay: false,
    delay: 5000,
    showClose: true,
    showTodayCheckbox: false,
    showPagination: true,
    forceRead: true,
    forcePopup: true,
    outsideClose: false,
    waitSeconds: 5,
  },
};
