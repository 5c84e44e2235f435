import { endpoints, type EndpointName } from '@wps/contract/endpoints';
import type { EndpointFacts } from '@wps/contract/endpoints/define';
import type { StaffRole } from '@wps/contract/staff';
import type { PayoutAccountView, StaffAdjustment, WithdrawalView } from '@wps/contract/cashier';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/raw.js';
import { rollUpReports } from '../../services/reports/rollup.js';
import { DEMO_PASSWORD } from '../../seed/members.js';
import { DEMO_STAFF_PASSWORD } from '../../seed/staff.js';
import { AURORA, LOTUS, plainPost, sealedPost, value } from '../../test/accounts.js';
import { fundedLotusMember } from '../../test/cashier.js';
import { hello, sendAndAck, staffCall, staffCode, staffSignerOn } from '../../test/chat.js';
import { TestClock } from '../../test/clock.js';
import { ALL_SETTLED } from '../../test/reports.js';
import { DEMO_ACCOUNT_OF } from '../../test/staff-roles.js';
import { backends, useTestApp } from '../../test/test-app.js';

/**
 * Issue 30 item 2: merchant isolation over every staff call. Aurora's staff, of every merchant role,
 * call any staff endpoint — on their own host with lotus's ids in the input (a lotus conversation,
 * member, staff member, staff session, withdrawal), or on lotus's host with their own session — and
 * lotus's data stays exactly as it was (every row of every table that belongs to lotus), and no
 * answer carries any of it.
 */
const STAFF_CALLS = (Object.keys(endpoints) as EndpointName[]).filter(
  (name) => (endpoints[name] as EndpointFacts).auth === 'staff',
);
const MERCHANT_ROLES = (Object.keys(DEMO_ACCOUNT_OF) as StaffRole[]).filter((role) => role !== 'platform');

/** Lotus's things an aurora call names. */
interface Lotus {
  conversationId: number;
  messageId: number;
  customerId: number;
  agentId: number;
  sessionId: number;
  withdrawalId: string;
  adjustmentId: string;
  /** A game only lotus offers. */
  gameId: string;
  /** A banner and a marquee line of lotus's lobby. */
  bannerId: number;
  marqueeId: number;
  promotionId: number;
  promoCodeId: number;
}

const REASON = 'isolation check';
const TODAY = new Date().toISOString().slice(0, 10);

/**
 * Lotus's audit chain rightly records what is tried on its host by nobody signed in there (a
 * refused call, a sign-out without a session of lotus); a new link naming a staff member would be
 * aurora's staff acting on lotus.
 */
const AUDIT_KEPT = ` AND x.staff_id IS NOT NULL`;

const ISO_WINDOW = { startsAt: '2020-01-01T00:00:00Z', endsAt: null };
const ISO_BANNER = {
  ...ISO_WINDOW,
  titles: { EN: 'Not lotus’s banner', VI: 'Không phải của lotus' },
  linkageType: 'URL',
  linkage: 'https://iso.example.test/',
  art: { colors: ['#000000', '#ffffff'], glyph: 'ISO' },
};
const ISO_MARQUEE = {
  ...ISO_WINDOW,
  type: 'MARQUEE',
  texts: { EN: { title: 'Iso', content: 'Not lotus’s line' }, VI: { title: 'Iso', content: 'Không' } },
};

/** A valid input for each staff call, naming lotus's things; the table must name every staff call. */
const INPUTS: Record<
  string,
  (lotus: Lotus, code: string, username: string) => { path?: string; body?: unknown }
> = {
  staffLogin: (_l, code, username) => ({ body: { username, password: DEMO_STAFF_PASSWORD, code } }),
  staffLogout: () => ({ body: {} }),
  staffMe: () => ({}),
  staffColleagues: () => ({}),
  staffCannedReplies: () => ({}),
  staffQueue: () => ({}),
  staffMessages: (l) => ({ path: `conversations/${l.conversationId}/messages` }),
  staffReply: (l) => ({
    path: `conversations/${l.conversationId}/messages`,
    body: { clientId: 'iso-1', body: 'x' },
  }),
  staffAttachment: (l) => ({
    path: `conversations/${l.conversationId}/attachments`,
    body: { data: 'iVBORw0KGgo=' },
  }),
  staffRead: (l) => ({ path: `conversations/${l.conversationId}/read`, body: { upTo: l.messageId } }),
  staffPickUp: (l) => ({ path: `conversations/${l.conversationId}/pickup`, body: {} }),
  staffTransfer: (l) => ({
    path: `conversations/${l.conversationId}/transfer`,
    body: { staffId: l.agentId },
  }),
  staffClose: (l) => ({ path: `conversations/${l.conversationId}/close`, body: {} }),
  staffPushSend: (l) => ({ body: { customerId: l.customerId, title: 'Iso' } }),
  staffPushReport: () => ({}),
  staffAuditLog: () => ({}),
  staffFcmConfig: () => ({}),
  staffSaveFcmConfig: () => ({
    body: { projectId: 'iso', apiKey: 'iso', appId: 'iso', messagingSenderId: 'iso', serviceAccount: '{}' },
  }),
  staffSessions: () => ({}),
  staffRevokeSession: (l) => ({ body: { sessionId: l.sessionId } }),
  staffTeam: () => ({}),
  staffRoles: () => ({}),
  staffRevokeTeamSession: (l) => ({ body: { sessionId: l.sessionId } }),
  staffWithdrawals: () => ({}),
  staffWithdrawalApprove: (l) => ({ body: { id: l.withdrawalId } }),
  staffWithdrawalReject: (l) => ({ body: { id: l.withdrawalId, reason: REASON } }),
  staffReconcile: () => ({ body: {} }),
  staffTrustAudit: (l) => ({ path: `rg/audit?customerId=${l.customerId}` }),
  staffLimitSet: (l) => ({
    body: { customerId: l.customerId, type: 'deposit_day', amount: '1', reason: REASON },
  }),
  staffAdjustments: () => ({}),
  staffAdjustmentPropose: (l) => ({
    body: {
      requestKey: `iso-propose-${process.pid}`,
      customerId: l.customerId,
      direction: 'credit',
      amount: '1',
      reason: REASON,
    },
  }),
  staffAdjustmentReverse: (l) => ({
    body: { requestKey: `iso-reverse-${process.pid}`, id: l.adjustmentId, reason: REASON },
  }),
  staffAdjustmentApprove: (l) => ({ body: { id: l.adjustmentId } }),
  staffAdjustmentDecline: (l) => ({ body: { id: l.adjustmentId, reason: REASON } }),
  staffCashierSearch: (l) => ({ path: `cashier/search?ref=${l.withdrawalId}` }),
  staffMerchants: () => ({}),
  staffMerchant: () => ({ path: 'merchants/lotus' }),
  staffMerchantCreate: () => ({ body: {} }),
  staffMerchantSave: () => ({ path: 'merchants/lotus', body: { name: 'Not lotus’s name' } }),
  staffThemeSave: () => ({ path: 'merchants/lotus/theme', body: {} }),
  staffPromotions: () => ({}),
  staffPromotionCreate: () => ({ body: promotionBody() }),
  staffPromotionSave: (l) => ({ path: `promotions/${l.promotionId}`, body: promotionBody() }),
  staffPromotionRetire: (l) => ({ path: `promotions/${l.promotionId}/retire`, body: {} }),
  staffPromotionCategorySave: () => ({ body: { code: 'iso', position: 0, names: { EN: 'Iso' } } }),
  staffPromoCodes: () => ({}),
  staffPromoCodeCreate: () => ({ body: promoCodeBody('ISO-NEW') }),
  staffPromoCodeSave: (l) => ({ path: `promo-codes/${l.promoCodeId}`, body: promoCodeBody('ISO-SAVED') }),
  staffPromoCodeRetire: (l) => ({ path: `promo-codes/${l.promoCodeId}/retire`, body: {} }),
  staffLegalPages: () => ({}),
  staffLegalPublish: () => ({
    path: 'legal/terms',
    body: { basedOn: 1, texts: { EN: { title: 'Iso', body: 'Iso.' } } },
  }),
  staffLinks: () => ({}),
  staffDownloadLinksSave: () => ({
    body: { resources: [{ resourceType: 'Android', url: 'https://example.com/iso.apk' }] },
  }),
  staffCustomerServiceSave: () => ({
    body: {
      entries: [{ path: 'https://example.com/iso', csType: 'LINK', csPosition: 'HOME', labelIds: [] }],
    },
  }),
  staffBanners: () => ({}),
  staffBannerLinkChoices: () => ({}),
  staffBannerCreate: () => ({ body: ISO_BANNER }),
  staffBannerSave: (l) => ({ path: `content/banners/${l.bannerId}`, body: ISO_BANNER }),
  staffBannerRetire: (l) => ({ path: `content/banners/${l.bannerId}/retire`, body: {} }),
  staffAnnouncements: () => ({ path: 'content/announcements?type=MARQUEE' }),
  staffAnnouncementCreate: () => ({ body: ISO_MARQUEE }),
  staffAnnouncementSave: (l) => ({ path: `content/announcements/${l.marqueeId}`, body: ISO_MARQUEE }),
  staffAnnouncementRetire: (l) => ({ path: `content/announcements/${l.marqueeId}/retire`, body: {} }),
  staffPopupOptions: () => ({}),
  staffPopupOptionsSave: () => ({
    body: {
      autoplay: false,
      delay: 2_000,
      showClose: true,
      showTodayCheckbox: false,
      showPagination: true,
      forceRead: true,
      forcePopup: true,
      outsideClose: false,
      waitSeconds: 3,
    },
  }),
  // The Games section: lotus's own game (the Vietnam lottery's), and vendors both merchants offer.
  staffGames: () => ({}),
  staffGamesCategoryOrder: () => ({
    body: { order: ['ARCADE', 'CRASH', 'PVP', 'FISH', 'TABLE', 'RNG', 'LIVE', 'SPORTS', 'ELOTT', 'LOTT'] },
  }),
  staffGamesVendorOrder: () => ({ body: { category: 'LOTT', order: ['NOVA_LOTTO', 'TIDE_LOTTO'] } }),
  staffGamesOrder: (l) => ({ body: { category: 'VN_LOTT', order: [l.gameId] } }),
  staffGameHot: (l) => ({ body: { gameId: l.gameId, hot: true } }),
  staffGameAvailability: (l) => ({ body: { gameId: l.gameId, enabled: false } }),
  staffVendorAvailability: () => ({ body: { vendor: 'TCG_LOTTO_VN', enabled: false } }),
  staffVendorMaintenance: () => ({ body: { vendor: 'NOVA_LOTTO', maintenance: true } }),
  staffBreak: (l) => ({
    body: { customerId: l.customerId, kind: 'time_out', duration: '24h', reason: REASON },
  }),
  // Lotus's member carries the marker as their affiliate code, rolled up in beforeAll.
  staffReport: () => ({ path: `reports?report=registrations&group=affiliate&from=${TODAY}&to=${TODAY}` }),
  staffMemberSearch: (l) => ({ path: `members?q=${l.customerId}` }),
  staffMemberDetail: (l) => ({ path: `members/${l.customerId}` }),
  staffMemberHistory: (l) => ({ path: `members/${l.customerId}/history` }),
  staffMemberDownline: (l) => ({ path: `members/${l.customerId}/downline` }),
  staffMemberNotes: (l) => ({ path: `members/${l.customerId}/notes` }),
  staffMemberNoteAdd: (l) => ({ path: `members/${l.customerId}/notes`, body: { body: REASON } }),
  staffMemberEndSessions: (l) => ({ path: `members/${l.customerId}/sessions/end`, body: {} }),
  staffMemberLock: (l) => ({ path: `members/${l.customerId}/lock`, body: { reason: REASON } }),
  staffMemberUnlock: (l) => ({ path: `members/${l.customerId}/unlock`, body: { reason: REASON } }),
  staffMemberResetSecondFactor: (l) => ({
    path: `members/${l.customerId}/reset-second-factor`,
    body: { reason: REASON },
  }),
};

function promotionBody() {
  return {
    category: null,
    position: 0,
    startsAt: '2026-01-01T00:00:00Z',
    endsAt: null,
    texts: { EN: { title: 'Iso', content: 'Iso', richContent: null, terms: null } },
  };
}

function promoCodeBody(code: string) {
  return {
    code,
    promotionId: null,
    startsAt: '2026-01-01T00:00:00Z',
    endsAt: null,
    maxClaims: 1,
    bonusOffer: null,
  };
}

describe.each(backends)('merchant isolation of the staff calls (%s)', (backend) => {
  const clock = new TestClock();
  clock.set(Date.now());
  const t = useTestApp(backend, { now: clock.now });
  const signIn = staffSignerOn(clock);
  const cookies = new Map<StaffRole, string>();
  let lotus: Lotus;
  let lotusId = 0;
  const MARKER = `LOTUS-ONLY-${process.pid}`;
  let secrets: string[] = [];

  let digestQuery = '';

  /** One query: a digest per table of every row that is lotus's (its own, its members', its staff's, its conversations'). */
  async function buildDigestQuery(): Promise<string> {
    const columns = await rowsOf<{ table_name: string; column_name: string }>(
      t.db,
      sql`SELECT table_name, column_name FROM information_schema.columns
          WHERE table_schema = 'public' AND column_name IN ('merchant_id', 'customer_id', 'staff_id', 'conversation_id', 'banner_id', 'announcement_id')`,
    );
    const byTable = new Map<string, Set<string>>();
    for (const { table_name: table, column_name: column } of columns) {
      byTable.set(table, (byTable.get(table) ?? new Set()).add(column));
    }
    const owned: Record<string, string> = {
      merchant_id: `x.merchant_id = ${lotusId}`,
      customer_id: `x.customer_id IN (SELECT id FROM customers WHERE merchant_id = ${lotusId})`,
      staff_id: `x.staff_id IN (SELECT staff_id FROM staff_account_merchants WHERE merchant_id = ${lotusId})`,
      conversation_id: `x.conversation_id IN (SELECT id FROM chat_conversations WHERE merchant_id = ${lotusId})`,
      // The lobby's translations (issue 30 item 5) belong to lotus through their banner or announcement.
      banner_id: `x.banner_id IN (SELECT id FROM banners WHERE merchant_id = ${lotusId})`,
      announcement_id: `x.announcement_id IN (SELECT id FROM announcements WHERE merchant_id = ${lotusId})`,
    };
    const parts = [...byTable].sort().flatMap(([table, has]) => {
      const column = [
        'merchant_id',
        'customer_id',
        'staff_id',
        'conversation_id',
        'banner_id',
        'announcement_id',
      ].find((name) => has.has(name));
      if (column === undefined) return [];
      const kept = table === 'staff_audit' ? AUDIT_KEPT : '';
      return [
        `SELECT '${table}' AS t, count(*)::int || ':' || md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS d FROM "${table}" x WHERE ${owned[column] ?? 'false'}${kept}`,
      ];
    });
    // The merchant's own row (its settings and theme) has no merchant_id: its id is lotus's.
    parts.push(
      `SELECT 'merchants' AS t, count(*)::int || ':' || md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS d FROM merchants x WHERE x.id = ${lotusId}`,
    );
    return parts.join(' UNION ALL ');
  }

  async function lotusRows(): Promise<Record<string, string>> {
    const rows = await rowsOf<{ t: string; d: string }>(t.db, sql.raw(digestQuery));
    return Object.fromEntries(rows.map((row) => [row.t, row.d]));
  }

  async function cookieOf(role: StaffRole): Promise<string> {
    const known = cookies.get(role);
    if (known !== undefined) return known;
    const cookie = await signIn(t.app, DEMO_ACCOUNT_OF[role], AURORA);
    cookies.set(role, cookie);
    return cookie;
  }

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const [merchant] = await rowsOf<{ id: number }>(t.db, sql`SELECT id FROM merchants WHERE code = 'lotus'`);
    lotusId = merchant?.id ?? 0;
    const visitor = await hello(t.app, {}, LOTUS);
    const message = await sendAndAck(visitor.socket, 'iso-visitor', MARKER);
    visitor.socket.close();
    const member = await fundedLotusMember(t.app, t.db, '1000000');
    const account = value<PayoutAccountView>(
      await sealedPost(
        t.app,
        '/wps/wallet/payout-accounts',
        {
          kind: 'bank',
          bankCode: 'VCB',
          accountName: 'Nguyen Van A',
          accountNumber: '0123456789',
          password: DEMO_PASSWORD,
        },
        member,
      ),
    );
    const withdrawal = value<WithdrawalView>(
      await plainPost(
        t.app,
        '/wps/wallet/withdraw',
        { requestKey: `iso-${process.pid}-abcdef`, accountId: account.id, amount: '100000' },
        member,
      ),
    );
    const owner = await signIn(t.app, 'lotus-owner', LOTUS);
    const adjustment = value<StaffAdjustment>(
      await staffCall(
        t.app,
        'POST',
        'adjustments',
        owner,
        {
          requestKey: `iso-lotus-${process.pid}`,
          customerId: member.customerId,
          direction: 'credit',
          amount: '5',
          reason: REASON,
        },
        LOTUS,
      ),
    );
    const [staff] = await rowsOf<{ agent: number; session: number }>(
      t.db,
      sql`SELECT (SELECT id FROM staff_accounts WHERE username = 'lotus-agent') AS agent,
                 (SELECT s.id FROM staff_sessions s JOIN staff_accounts a ON a.id = s.staff_id WHERE a.username = 'lotus-owner' ORDER BY s.id DESC LIMIT 1) AS session`,
    );
    const [offers] = await rowsOf<{ promotion: number; code: number }>(
      t.db,
      sql`SELECT (SELECT id FROM announcements WHERE merchant_id = ${lotusId} AND type = 'PR' ORDER BY id LIMIT 1) AS promotion,
                 (SELECT id FROM promo_codes WHERE merchant_id = ${lotusId} ORDER BY id LIMIT 1) AS code`,
    );
    const [lobby] = await rowsOf<{ banner: number; marquee: number }>(
      t.db,
      sql`SELECT (SELECT min(id) FROM banners WHERE merchant_id = ${lotusId}) AS banner,
                 (SELECT min(id) FROM announcements WHERE merchant_id = ${lotusId} AND type = 'MARQUEE') AS marquee`,
    );
    const [game] = await rowsOf<{ id: number }>(
      t.db,
      sql`SELECT id FROM games WHERE vendor_code = 'TCG_LOTTO_VN' ORDER BY id LIMIT 1`,
    );
    lotus = {
      gameId: String(game?.id ?? 0),
      bannerId: lobby?.banner ?? 0,
      marqueeId: lobby?.marquee ?? 0,
      promotionId: offers?.promotion ?? 0,
      promoCodeId: offers?.code ?? 0,
      conversationId: message.conversationId,
      messageId: message.id,
      customerId: member.customerId,
      agentId: staff?.agent ?? 0,
      sessionId: staff?.session ?? 0,
      withdrawalId: withdrawal.id,
      adjustmentId: adjustment.id,
    };
    // Lotus's figures in the reports' rollups: its member's registration under the marker, its deposit.
    await t.db.execute(sql`UPDATE customers SET affiliate_code = ${MARKER} WHERE id = ${member.customerId}`);
    await rollUpReports(t.db, { horizon: ALL_SETTLED() });
    // The lotus member's name: a member search or detail of aurora must never carry it.
    const [named] = await rowsOf<{ username: string }>(
      t.db,
      sql`SELECT username FROM customers WHERE id = ${member.customerId}`,
    );
    secrets = [MARKER, withdrawal.id, adjustment.id, named?.username ?? MARKER];
    digestQuery = await buildDigestQuery();
  });

  it('has an input naming lotus’s things for every staff call of the table', () => {
    expect(STAFF_CALLS.filter((name) => INPUTS[name] === undefined)).toEqual([]);
    expect(MERCHANT_ROLES).toHaveLength(7);
    expect(lotus.promotionId * lotus.promoCodeId).toBeGreaterThan(0);
  });

  it('aurora’s staff never read or change lotus’s data', async () => {
    expect(Object.keys(await lotusRows()).length).toBeGreaterThan(10);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...MERCHANT_ROLES),
        fc.constantFrom(...STAFF_CALLS),
        fc.constantFrom(AURORA, LOTUS),
        async (role, name, host) => {
          const facts: EndpointFacts = endpoints[name];
          const cookie = await cookieOf(role);
          clock.advance(30_000);
          const input = INPUTS[name]?.(lotus, staffCode(clock.now()), DEMO_ACCOUNT_OF[role]) ?? {};
          const path = input.path ?? facts.path.replace('/wps/staff/', '');
          const before = await lotusRows();
          const answer = await staffCall(t.app, facts.method, path, cookie, input.body, host);
          // Signing out (on either host) ends the session: the next call of the role signs in again.
          if (name === 'staffLogout') cookies.delete(role);
          for (const secret of secrets)
            expect(answer.body, `${role} ${name} on ${host}`).not.toContain(secret);
          if (host === LOTUS && facts.staffPermission !== null) {
            expect(answer.statusCode, `${role} ${name} on lotus`).toBe(401);
          }
          if (host === LOTUS && name === 'staffLogin') expect(answer.statusCode).toBe(401);
          const after = await lotusRows();
          const changed = Object.keys(before).filter((table) => after[table] !== before[table]);
          expect(changed, `${role} ${name} on ${host}`).toEqual([]);
        },
      ),
      { numRuns: 120 },
    );
  }, 180_000);
});
