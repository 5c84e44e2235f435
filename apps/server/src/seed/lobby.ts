import type { AnnouncementPopup, AnnouncementType, BannerLinkageType, LanguageCode } from '@wps/contract';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  announcementPopupOptions,
  announcements,
  announcementTranslations,
  banners,
  games,
  merchants,
  promoCodes,
  promotionCategories,
  type ArtSpec,
} from '../db/schema/index.js';

/**
 * The demo lobby content of each demo merchant: home banners, marquee lines, popup pages,
 * promotions and the popup's options. Times are relative to the seeding time; each merchant also
 * gets one item outside its window so the window filter has something to hide.
 */

const DAY_MS = 86_400_000;

type PopupOptions = Omit<AnnouncementPopup, 'popupList'>;

interface AnnouncementSeed {
  /** Referenced by a P banner. */
  key?: string;
  type: AnnouncementType;
  category?: string;
  title: string;
  content: string;
  /** Issue 15: a promotion's rich text (an HTML subset) and terms. */
  richContent?: string;
  terms?: string;
  /** Issue 15: the announcement in other languages than the merchant's default. */
  translations?: Partial<Record<LanguageCode, AnnouncementText>>;
  art?: ArtSpec;
  /** Days from the seeding time; default -1 (started yesterday). */
  startsInDays?: number;
  /** Days from the seeding time; default none (open ended). */
  endsInDays?: number;
}

interface AnnouncementText {
  title: string;
  content: string;
  richContent?: string;
  terms?: string;
}

/** Issue 15: a promotion category, its names in other languages. */
interface CategorySeed {
  code: string;
  name: string;
  names?: Partial<Record<LanguageCode, string>>;
}

/** Issue 15: a promo code, of the promotion with that key; its window in days from the seeding. */
interface PromoCodeSeed {
  code: string;
  promotion?: string;
  startsInDays?: number;
  endsInDays?: number;
}

interface BannerSeed {
  title: string;
  linkageType: BannerLinkageType;
  /** P: the key of an announcement; URL: the link; G: the game code. */
  linkage: string;
  art: ArtSpec;
  startsInDays?: number;
  endsInDays?: number;
}

interface LobbySeed {
  announcements: AnnouncementSeed[];
  categories: CategorySeed[];
  promoCodes: PromoCodeSeed[];
  banners: BannerSeed[];
  popup: PopupOptions | null;
}

/** The G banner's game on Aurora (a lottery: roomId carries its prize mode). */
export const AURORA_BANNER_GAME = 'NOVA_FAST3';

const LOBBY: Record<string, LobbySeed> = {
  aurora: {
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
      },
      {
        type: 'POPUP',
        title: 'Secure your account',
        content: 'Add an authenticator app in your profile for a second step at login.',
        art: { colors: ['#1d3a8a', '#4cc9f0'], glyph: '2FA' },
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
  },
  lotus: {
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
      },
      {
        type: 'POPUP',
        title: 'Bảo mật tài khoản',
        content: 'Hãy bật xác thực hai bước trong hồ sơ của bạn.',
        art: { colors: ['#1f7a4d', '#e8488a'], glyph: '2FA' },
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
  },
  orbit: {
    announcements: [
      { type: 'MARQUEE', title: 'صيانة', content: 'الموقع في صيانة مجدولة. شكرا لصبركم.' },
      { type: 'MARQUEE', title: 'جديد', content: 'ألعاب أركيد جديدة قريبا.' },
      { type: 'POPUP', title: 'مرحبا', content: 'مرحبا بكم في أوربت.' },
      { type: 'POPUP', title: 'العب بمسؤولية', content: 'حدد ميزانيتك قبل اللعب.' },
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
  },
};

function daysFrom(now: Date, days: number | undefined, fallback: number | null): Date | null {
  const offset = days ?? fallback;
  return offset === null ? null : new Date(now.getTime() + offset * DAY_MS);
}

/**
 * Writes the lobby content of the demo merchants present, when no lobby content exists at all
 * (an operator who removed some keeps the rest removed). The caller holds the seed lock.
 */
export async function seedLobby(db: Db, now: Date): Promise<void> {
  // One after another: the caller's lock holds one connection, which runs one query at a time.
  const counts = [
    await db.select({ value: count() }).from(banners),
    await db.select({ value: count() }).from(announcements),
    await db.select({ value: count() }).from(announcementPopupOptions),
  ];
  if (counts.some(([row]) => (row?.value ?? 0) > 0)) return;
  const rows = await db
    .select({ id: merchants.id, code: merchants.code })
    .from(merchants)
    .where(inArray(merchants.code, Object.keys(LOBBY)));
  for (const merchant of rows) {
    const seed = LOBBY[merchant.code];
    if (seed !== undefined) await seedMerchantLobby(db, merchant.id, seed, now);
  }
}

async function seedMerchantLobby(db: Db, merchantId: number, seed: LobbySeed, now: Date): Promise<void> {
  const keyed = new Map<string, number>();
  for (const [position, item] of seed.announcements.entries()) {
    const [row] = await db
      .insert(announcements)
      .values({
        merchantId,
        type: item.type,
        category: item.category ?? null,
        title: item.title,
        content: item.content,
        richContent: item.richContent ?? null,
        terms: item.terms ?? null,
        art: item.art ?? null,
        position: position + 1,
        startsAt: daysFrom(now, item.startsInDays, -1) ?? now,
        endsAt: daysFrom(now, item.endsInDays, null),
      })
      .returning({ id: announcements.id });
    if (item.key !== undefined && row !== undefined) keyed.set(item.key, row.id);
    const translations = Object.entries(item.translations ?? {}) as [LanguageCode, AnnouncementText][];
    if (row !== undefined && translations.length > 0) {
      await db.insert(announcementTranslations).values(
        translations.map(([language, text]) => ({
          announcementId: row.id,
          language,
          title: text.title,
          content: text.content,
          richContent: text.richContent ?? null,
          terms: text.terms ?? null,
        })),
      );
    }
  }
  if (seed.categories.length > 0) {
    await db.insert(promotionCategories).values(
      seed.categories.map((category, position) => ({
        merchantId,
        code: category.code,
        name: category.name,
        names: category.names ?? {},
        position: position + 1,
      })),
    );
  }
  for (const code of seed.promoCodes) {
    await db.insert(promoCodes).values({
      merchantId,
      code: code.code,
      announcementId: code.promotion === undefined ? null : (keyed.get(code.promotion) ?? null),
      startsAt: daysFrom(now, code.startsInDays, -1) ?? now,
      endsAt: daysFrom(now, code.endsInDays, null),
    });
  }
  for (const [position, banner] of seed.banners.entries()) {
    const target = await bannerTarget(db, banner, keyed);
    if (target === null) continue;
    await db.insert(banners).values({
      merchantId,
      title: banner.title,
      ...target,
      art: banner.art,
      position: position + 1,
      startsAt: daysFrom(now, banner.startsInDays, -1) ?? now,
      endsAt: daysFrom(now, banner.endsInDays, null),
    });
  }
  if (seed.popup !== null) {
    await db
      .insert(announcementPopupOptions)
      .values({ merchantId, options: seed.popup })
      .onConflictDoNothing();
  }
}

type BannerTarget = Pick<
  typeof banners.$inferInsert,
  'linkageType' | 'linkage' | 'roomId' | 'nodeId' | 'gameType' | 'vendor'
>;

/** The link columns of a banner: a promotion's id, a URL, or a game with its vendor and room. */
async function bannerTarget(
  db: Db,
  banner: BannerSeed,
  keyed: ReadonlyMap<string, number>,
): Promise<BannerTarget | null> {
  const none = { roomId: null, nodeId: null, gameType: null, vendor: null };
  switch (banner.linkageType) {
    case 'P': {
      const id = keyed.get(banner.linkage);
      return id === undefined ? null : { linkageType: 'P', linkage: String(id), ...none };
    }
    case 'URL':
      return { linkageType: 'URL', linkage: banner.linkage, ...none };
    case 'G': {
      const [game] = await db
        .select({
          gameCode: games.gameCode,
          vendor: games.vendorCode,
          category: games.category,
          nodeId: games.nodeId,
          launch: games.launch,
        })
        .from(games)
        .where(and(eq(games.gameCode, banner.linkage), eq(games.enabled, true)))
        .limit(1);
      if (game === undefined) return null;
      return {
        linkageType: 'G',
        linkage: game.gameCode,
        // A lottery banner opens its room, the prize mode (spec section 3: roomId).
        roomId: game.launch.kind === 'vendor' ? null : game.launch.prizeMode,
        nodeId: game.nodeId,
        gameType: game.category,
        vendor: game.vendor,
      };
    }
  }
}
