import type { LobbySeed } from './types.js';

/** The G banner's game on Aurora (a lottery: roomId carries its prize mode). */
export const AURORA_BANNER_GAME = 'NOVA_FAST3';

/** Aurora Play's demo lobby content (index.ts seeds it). */
export const AURORA: LobbySeed = {
  announcements: [
    {
      type: 'MARQUEE',
      title: 'Welcome',
      content: 'Welcome to Aurora Play! New slots arrive every Friday.',
      translations: {
        CN: { title: '欢迎', content: '欢迎来到 Aurora Play！每周五都有新老虎机上线。' },
        HI: { title: 'स्वागत है', content: 'Aurora Play में आपका स्वागत है! हर शुक्रवार नए स्लॉट आते हैं।' },
      },
    },
    {
      type: 'MARQUEE',
      title: 'Draw times',
      content: 'Fast 3 draws every three minutes, around the clock.',
    },
    {
      type: 'MARQUEE',
      title: 'Maintenance notice',
      content: 'Retro Arcade is under maintenance; its games are back soon.',
    },
    {
      type: 'POPUP',
      title: 'Golden Comet is here',
      content: 'Try Golden Comet for free: no account needed, tap its card and choose Try for free.',
      art: { colors: ['#10002b', '#e0aaff'], glyph: 'GC' },
      // "No account needed" is for visitors; members see the popups written for them.
      audience: 'visitors',
      translations: {
        AR: {
          title: 'وصلت Golden Comet',
          content: 'جرّب Golden Comet مجانًا دون حساب: اضغط على بطاقتها واختر «جرّب مجانًا».',
        },
        CN: {
          title: 'Golden Comet 上线了',
          content: '免费试玩 Golden Comet，无需账户：点按它的卡片，选择“免费试玩”。',
        },
        TH: {
          title: 'Golden Comet มาแล้ว',
          content: 'ลองเล่น Golden Comet ฟรีโดยไม่ต้องมีบัญชี: แตะการ์ดแล้วเลือก "ลองเล่นฟรี"',
        },
      },
    },
    {
      type: 'POPUP',
      title: 'Secure your account',
      content: 'Add an authenticator app in your profile for a second step at login.',
      art: { colors: ['#1d3a8a', '#4cc9f0'], glyph: '2FA' },
      audience: 'members',
      translations: {
        AR: { title: 'أمّن حسابك', content: 'أضف تطبيق مصادقة في ملفك الشخصي لخطوة ثانية عند تسجيل الدخول.' },
        CN: { title: '保护您的账户', content: '在个人资料中添加身份验证器应用，登录时多一步验证。' },
        TH: { title: 'ปกป้องบัญชีของคุณ', content: 'เพิ่มแอปยืนยันตัวตนในโปรไฟล์ เพื่อยืนยันอีกขั้นตอนตอนเข้าสู่ระบบ' },
      },
    },
    {
      type: 'POPUP',
      title: 'Next week: Moon Festival',
      content: 'The Moon Festival week opens soon with daily draws.',
      startsInDays: 2,
    },
    {
      key: 'welcome-bonus',
      type: 'PR',
      category: 'bonus',
      title: 'Welcome bonus',
      content: 'Your first deposit is matched up to ₱5,000. Terms apply.',
      richContent:
        '<p>Your <strong>first deposit</strong> is matched <em>100%</em> up to ₱5,000.</p>' +
        '<ul><li>Deposit at least ₱200.</li><li>Enter the promo code <strong>WELCOME88</strong> below.</li></ul>' +
        '<p>Questions? <a href="/m/feedback">Send us feedback</a>.</p>',
      terms: 'One bonus per member. The bonus must be wagered 10 times within 30 days.',
      translations: {
        CN: {
          title: '迎新奖金',
          content: '首次存款最高可获 ₱5,000 的等额奖金。适用条款。',
          richContent:
            '<p><strong>首次存款</strong>可获 <em>100%</em> 等额奖金，最高 ₱5,000。</p>' +
            '<ul><li>存款至少 ₱200。</li><li>在下方输入优惠码 <strong>WELCOME88</strong>。</li></ul>',
          terms: '每位会员限领一次。奖金须在 30 天内完成 10 倍流水。',
        },
        TH: {
          title: 'โบนัสต้อนรับ',
          content: 'ฝากครั้งแรกรับโบนัสเท่ากันสูงสุด ₱5,000 มีเงื่อนไข',
          terms: 'หนึ่งโบนัสต่อสมาชิก ต้องทำยอดเทิร์น 10 เท่าภายใน 30 วัน',
        },
      },
      art: { colors: ['#1d3a8a', '#f5b531'], glyph: 'WB' },
    },
    {
      type: 'PR',
      category: 'app_download',
      title: 'Get the app',
      content: 'Install the Aurora Play app and receive ₱88 after your first login in it.',
      translations: {
        CN: { title: '下载应用', content: '安装 Aurora Play 应用，首次在应用中登录即可获得 ₱88。' },
      },
      art: { colors: ['#0f1a3a', '#f5b531'], glyph: 'APP' },
    },
    {
      type: 'PR',
      category: 'reload',
      title: 'Weekend reload',
      content: 'Ten percent back on every weekend deposit, for the next ten days.',
      terms: 'Deposits made Saturday and Sunday only. Cashback is paid every Monday.',
      art: { colors: ['#6a040f', '#f48c06'], glyph: '10%' },
      endsInDays: 10,
    },
    {
      type: 'PR',
      title: 'Summer splash (ended)',
      content: 'This promotion has ended.',
      startsInDays: -60,
      endsInDays: -30,
    },
  ],
  categories: [
    {
      code: 'bonus',
      name: 'Bonuses',
      names: {
        CN: '奖金',
        TW: '獎金',
        TH: 'โบนัส',
        JA: 'ボーナス',
        KO: '보너스',
        ID: 'Bonus',
        HI: 'बोनस',
        AR: 'المكافآت',
      },
    },
    {
      code: 'reload',
      name: 'Reloads',
      names: {
        CN: '续存',
        TW: '續存',
        TH: 'ฝากซ้ำ',
        JA: 'リロード',
        KO: '재충전',
        ID: 'Isi ulang',
        HI: 'रीलोड',
        AR: 'إعادة الإيداع',
      },
    },
    {
      code: 'app_download',
      name: 'App',
      names: {
        CN: '应用',
        TW: '應用',
        TH: 'แอป',
        JA: 'アプリ',
        KO: '앱',
        ID: 'Aplikasi',
        HI: 'ऐप',
        AR: 'التطبيق',
      },
    },
  ],
  promoCodes: [
    { code: 'WELCOME88', promotion: 'welcome-bonus' },
    { code: 'SUMMER2025', startsInDays: -60, endsInDays: -30 },
    { code: 'MOONFEST', startsInDays: 2 },
  ],
  banners: [
    {
      title: 'Welcome bonus',
      linkageType: 'P',
      linkage: 'welcome-bonus',
      art: { colors: ['#1d3a8a', '#f5b531'], glyph: 'BONUS' },
    },
    {
      title: 'Play Fast 3',
      linkageType: 'G',
      linkage: AURORA_BANNER_GAME,
      art: { colors: ['#0f1a3a', '#f5b531'], glyph: 'FAST3' },
    },
    {
      title: 'All lotteries',
      linkageType: 'URL',
      linkage: '/m/game',
      art: { colors: ['#5b2a86', '#f06292'], glyph: 'LOTTO' },
    },
    {
      title: 'Play responsibly',
      linkageType: 'URL',
      linkage: 'https://example.org/responsible-play',
      art: { colors: ['#1b4332', '#95d5b2'], glyph: 'SAFE' },
    },
    {
      title: 'Spring festival (ended)',
      linkageType: 'URL',
      linkage: '/m/activity?id=0',
      art: { colors: ['#444444', '#888888'], glyph: 'OLD' },
      startsInDays: -40,
      endsInDays: -10,
    },
  ],
  popup: {
    autoplay: true,
    delay: 4000,
    showClose: true,
    showTodayCheckbox: true,
    showPagination: true,
    forceRead: false,
    forcePopup: false,
    outsideClose: true,
    waitSeconds: 3,
  },
};
