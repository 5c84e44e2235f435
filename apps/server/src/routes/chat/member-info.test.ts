import { endpoints } from '@wps/contract/endpoints';
import type { ChatAuthKey } from '@wps/contract/chat';
import type { CommonSettings } from '@wps/contract/system';
import type { LoginResult } from '@wps/contract/accounts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chatMemberKeys, customers, merchants } from '../../db/schema/index.js';
import { DEMO_PASSWORD } from '../../seed/members.js';
import { ChatMemberKeys } from '../../services/customer-service/chat-member-keys.js';
import {
  AURORA,
  captchaPass,
  failure,
  get,
  loginPayload,
  LOTUS,
  plainPost,
  sealedPost,
  value,
} from '../../test/accounts.js';
import { backends, useTestApp } from '../../test/test-app.js';

const PATH = endpoints.saveChatMemberInfo.path;

describe.each(backends)('WPSCORE_saveMemberInfoByAuthKey (%s)', (backend) => {
  const t = useTestApp(backend);

  // Aurora asks for the slider captcha on login; lotus does not.
  const login = async (username: string, host = AURORA) =>
    value<LoginResult>(
      await sealedPost(
        t.app,
        endpoints.login.path,
        loginPayload(username, DEMO_PASSWORD, host === AURORA ? await captchaPass(t.app, t.db) : {}),
        { host },
      ),
    );
  const pseudoOf = (merchant: string, id: string) => `${merchant}_${id}`;

  it('saves the name and pseudo-identifier and answers a fresh key each time; only the newest works', async () => {
    const demo = await login('demo');
    const save = async () =>
      value<ChatAuthKey>(
        await plainPost(
          t.app,
          PATH,
          { name: 'demo', pseudoId: pseudoOf('aurora', demo.id) },
          { token: demo.token },
        ),
      );
    const first = await save();
    const second = await save();
    expect(first.authKey).toMatch(/^[\w-]{43}$/);
    expect(second.authKey).not.toBe(first.authKey);
    expect(Date.parse(second.expiresAt)).toBeGreaterThan(Date.now());

    const [aurora] = await t.db.select().from(merchants).where(eq(merchants.code, 'aurora'));
    const keys = new ChatMemberKeys(t.db, Date.now);
    expect(await keys.identify(aurora?.id ?? 0, first.authKey)).toBeNull();
    expect(await keys.identify(aurora?.id ?? 0, second.authKey)).toEqual({
      customerId: Number(demo.id),
      name: 'demo',
      pseudoId: pseudoOf('aurora', demo.id),
    });
    // Only a hash is stored.
    const rows = await t.db.select().from(chatMemberKeys);
    expect(JSON.stringify(rows)).not.toContain(second.authKey);
  });

  it('a key is its merchant’s only, and expires', async () => {
    const demo = await login('demo', LOTUS);
    const saved = value<ChatAuthKey>(
      await plainPost(
        t.app,
        PATH,
        { name: 'demo', pseudoId: pseudoOf('lotus', demo.id) },
        { token: demo.token, host: LOTUS },
      ),
    );
    const [aurora] = await t.db.select().from(merchants).where(eq(merchants.code, 'aurora'));
    const [lotus] = await t.db.select().from(merchants).where(eq(merchants.code, 'lotus'));
    expect(await new ChatMemberKeys(t.db, Date.now).identify(aurora?.id ?? 0, saved.authKey)).toBeNull();
    expect(await new ChatMemberKeys(t.db, Date.now).identify(lotus?.id ?? 0, saved.authKey)).not.toBeNull();
    const later = () => Date.now() + 25 * 60 * 60 * 1000;
    expect(await new ChatMemberKeys(t.db, later).identify(lotus?.id ?? 0, saved.authKey)).toBeNull();
  });

  it('refuses what is not the caller’s own or is malformed: 4xx with an error code', async () => {
    const demo = await login('demo');
    const newbie = await login('newbie');
    const lotusDemo = await login('demo', LOTUS);
    const own = pseudoOf('aurora', demo.id);
    // [case, body, token, host, status, code]
    const cases: [string, unknown, string | undefined, string, number, string][] = [
      ['no token', { name: 'demo', pseudoId: own }, undefined, AURORA, 401, 'customer.not.login'],
      ['a made-up token', { name: 'demo', pseudoId: own }, 'not-a-token', AURORA, 401, ''],
      [
        'another member’s pseudo-id',
        { name: 'demo', pseudoId: own },
        newbie.token,
        AURORA,
        400,
        'invalid_request',
      ],
      [
        'another merchant’s prefix',
        { name: 'demo', pseudoId: pseudoOf('lotus', demo.id) },
        demo.token,
        AURORA,
        400,
        'invalid_request',
      ],
      ['a lotus token on aurora', { name: 'demo', pseudoId: own }, lotusDemo.token, AURORA, 401, ''],
      ['empty name', { name: '  ', pseudoId: own }, demo.token, AURORA, 400, 'invalid_request'],
      ['name too long', { name: 'x'.repeat(65), pseudoId: own }, demo.token, AURORA, 400, 'invalid_request'],
      [
        'control character in the name',
        { name: 'de\u0007mo', pseudoId: own },
        demo.token,
        AURORA,
        400,
        'invalid_request',
      ],
      [
        'pseudo-id without id',
        { name: 'demo', pseudoId: 'aurora_' },
        demo.token,
        AURORA,
        400,
        'invalid_request',
      ],
      [
        'pseudo-id injection',
        { name: 'demo', pseudoId: `${own}' OR 1=1` },
        demo.token,
        AURORA,
        400,
        'invalid_request',
      ],
      ['missing fields', {}, demo.token, AURORA, 400, 'invalid_request'],
      ['not an object', ['demo'], demo.token, AURORA, 400, 'invalid_request'],
    ];
    for (const [name, body, token, host, status, code] of cases) {
      const response = await plainPost(t.app, PATH, body, {
        host,
        ...(token === undefined ? {} : { token }),
      });
      const refused = failure(response);
      expect(refused.status, name).toBe(status);
      if (code !== '') expect(refused.code, name).toBe(code);
      expect(refused.code, name).toBeTruthy();
    }
    // Nothing was saved for the refused calls of newbie's token.
    const [row] = await t.db.select().from(customers).where(eq(customers.username, 'newbie'));
    const saved = await t.db
      .select()
      .from(chatMemberKeys)
      .where(eq(chatMemberKeys.customerId, row?.id ?? 0));
    expect(saved).toEqual([]);
  });
});

describe.each(backends)('customer-service entries in the settings answer (%s)', (backend) => {
  const t = useTestApp(backend);
  const settingsOf = async (host: string) =>
    value<CommonSettings>(await get(t.app, endpoints.settings.path, { host })).customerService;

  it('are stored sealed and answered opened, each merchant its own', async () => {
    const rows = await t.db.select().from(merchants);
    for (const row of rows) {
      for (const entry of row.publicSettings.customerService) expect(entry.path).toMatch(/^v1\./);
    }
    const aurora = await settingsOf(AURORA);
    expect(aurora).toContainEqual({
      path: '/m/supportChat?title=VIP%20desk',
      csType: 'CHAT',
      csPosition: 'HOME',
      labelIds: ['VIP2'],
    });
    expect(aurora.map((entry) => entry.csPosition).sort()).toEqual(
      ['FLOATING', 'HEADER', 'HEADER', 'HOME', 'HOME'].sort(),
    );
    expect((await settingsOf(LOTUS)).every((entry) => entry.path === '/m/supportChat')).toBe(true);
  });

  it('a sealed path copied from another merchant, or a tampered one, is not answered', async () => {
    const [aurora] = await t.db.select().from(merchants).where(eq(merchants.code, 'aurora'));
    const [lotus] = await t.db.select().from(merchants).where(eq(merchants.code, 'lotus'));
    if (!aurora || !lotus) throw new Error('no demo merchants');
    const copied = aurora.publicSettings.customerService.map((entry) => ({ ...entry }));
    const [first] = copied;
    if (!first) throw new Error('aurora has no entries');
    const tampered = { ...first, path: `${first.path.slice(0, -4)}AAA=` };
    await t.db
      .update(merchants)
      .set({
        publicSettings: {
          ...lotus.publicSettings,
          customerService: [...copied, tampered, { ...first, path: 'https://plain.example/' }],
        },
      })
      .where(eq(merchants.code, 'lotus'));
    expect(await settingsOf(LOTUS)).toEqual([]);
  });
});
