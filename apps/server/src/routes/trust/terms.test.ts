import type { LoginResult, MemberInfo, RegistrationResult } from '@wps/contract/accounts';
import type { CommonSettings } from '@wps/contract/system';
import { ErrorCode } from '@wps/contract/errorCodes';
import { endpoints } from '@wps/contract/endpoints';
import { ModuleId } from '@wps/contract/flags';
import { TransportHeader } from '@wps/contract/transport';
import { TrustErrorCode } from '@wps/contract/trust';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers, legalDocuments, trustAudit } from '../../db/schema/index.js';
import {
  customerCount,
  failure,
  get,
  loginPayload,
  LOTUS,
  plainPost,
  registration,
  sealedPost,
  value,
  type CallOptions,
} from '../../test/accounts.js';
import { merchantRow, backends, useTestApp } from '../../test/test-app.js';

/**
 * Issue 29 item 3: registration accepts the current terms (kept with its time and a trust audit
 * row); when the merchant publishes a new version, the next sign-in says so, and deposits and
 * real-money launches wait until the member accepts it. Only the current version can be accepted.
 */

const TODAY = Date.UTC(2026, 5, 15, 10, 0, 0);
const started = Date.now();
const now = () => TODAY + (Date.now() - started);
const REG = { host: LOTUS, headers: { [TransportHeader.moduleId]: ModuleId.REGISTER } };
let keys = 0;

describe.each(backends)('terms acceptance (%s)', (backend) => {
  const t = useTestApp(backend, { now });
  let serial = 0;

  async function publish(version: number): Promise<void> {
    const { id } = await merchantRow(t.db, 'lotus');
    await t.db.insert(legalDocuments).values({
      merchantId: id,
      kind: 'terms',
      version,
      language: 'EN',
      title: `Terms ${version}`,
      body: `Version ${version} of the terms.`,
    });
  }
  const register = (termsVersion: number | undefined) => {
    serial += 1;
    const body = {
      ...registration({ username: `Terms${serial}${backend.slice(0, 2)}`, password: 'Secret123' }),
    };
    return sealedPost(t.app, endpoints.register.path, { ...body, termsVersion }, REG);
  };
  const deposit = (as: CallOptions) =>
    plainPost(
      t.app,
      '/wps/wallet/deposit',
      { requestKey: `terms-${process.pid}-${(keys += 1)}-abcdef`, method: 'vietqr', amount: '200000' },
      as,
    );
  const launch = (as: CallOptions) =>
    get(t.app, `${endpoints.launchGame.path}?vendor=NOPE&gameCode=NOPE&device=MOBILE`, as);
  const accept = (as: CallOptions, version: number) =>
    plainPost(t.app, endpoints.termsAccept.path, { version }, as);

  // Version 1 is the seed's; the cases run in order, the last publishing version 2.
  it.each([
    ['no version', undefined, 1],
    ['a future version', 2, 1],
    ['an older version than current', 1, 2],
  ])('refuses a registration naming %s, nothing written', async (_name, named, current) => {
    if (current === 2) await publish(2);
    const before = await customerCount(t.db);
    expect(failure(await register(named))).toEqual({
      status: 403,
      code: TrustErrorCode.TERMS_REQUIRED,
      data: { version: current },
    });
    expect(await customerCount(t.db)).toBe(before);
  });

  it('registration keeps the version, the time and an audit row; a new version is accepted at the next sign-in before money or play', async () => {
    const settings = value<CommonSettings>(await get(t.app, endpoints.settings.path, { host: LOTUS }));
    expect(settings.termsVersion).toBe(2);
    const registered = value<RegistrationResult>(await register(2));
    const id = Number(registered.customerId);
    const [row] = await t.db.select().from(customers).where(eq(customers.id, id));
    expect(row?.termsVersion).toBe(2);
    expect(Math.abs((row?.termsAcceptedAt?.getTime() ?? 0) - now())).toBeLessThan(60_000);
    const audit = await t.db
      .select()
      .from(trustAudit)
      .where(and(eq(trustAudit.customerId, id), eq(trustAudit.action, 'terms.accept')));
    expect(audit.map((entry) => entry.effect)).toEqual([{ version: 2, previous: null }]);

    const signIn = async () =>
      value<LoginResult>(
        await sealedPost(t.app, endpoints.login.path, loginPayload(registered.userName, 'Secret123'), {
          host: LOTUS,
        }),
      );
    expect((await signIn()).termsToAccept).toBeNull();

    await publish(3);
    const session = await signIn();
    expect(session.termsToAccept).toBe(3);
    const as: CallOptions = { host: LOTUS, token: session.token };
    expect(value<MemberInfo>(await get(t.app, endpoints.memberInfo.path, as)).termsToAccept).toBe(3);
    const refused = { status: 403, code: TrustErrorCode.TERMS_REQUIRED, data: { version: 3 } };
    expect(failure(await deposit(as))).toEqual(refused);
    expect(failure(await launch(as))).toEqual(refused);
    // Only the current version: an old or a future one is refused with the one to accept.
    expect(failure(await accept(as, 2))).toEqual(refused);
    expect(failure(await accept(as, 4))).toEqual(refused);
    expect(failure(await accept(as, 0)).code).toBe(ErrorCode.INVALID_REQUEST);
    // Signed out: the acceptance needs a session.
    expect(failure(await accept({ host: LOTUS }, 3)).status).toBe(401);

    expect((await accept(as, 3)).statusCode).toBe(200);
    // Twice is once: one audit row per acceptance.
    expect((await accept(as, 3)).statusCode).toBe(200);
    expect(value<MemberInfo>(await get(t.app, endpoints.memberInfo.path, as)).termsToAccept).toBeNull();
    expect((await signIn()).termsToAccept).toBeNull();
    expect((await deposit(as)).statusCode).toBe(200);
    expect(failure(await launch(as)).code).toBe(ErrorCode.GAME_NOT_FOUND);
    const accepted = await t.db
      .select()
      .from(trustAudit)
      .where(and(eq(trustAudit.customerId, id), eq(trustAudit.action, 'terms.accept')));
    expect(accepted.map((entry) => entry.effect)).toEqual([
      { version: 2, previous: null },
      { version: 3, previous: 2 },
    ]);
  });

  // Last: it withdraws the merchant's terms, which the cases above need.
  it('a merchant without terms asks nothing: a registration naming none passes', async () => {
    const { id } = await merchantRow(t.db, 'lotus');
    await t.db
      .delete(legalDocuments)
      .where(and(eq(legalDocuments.merchantId, id), eq(legalDocuments.kind, 'terms')));
    const settings = value<CommonSettings>(await get(t.app, endpoints.settings.path, { host: LOTUS }));
    expect(settings).toMatchObject({ trust: { minAge: 18 }, ageCheck: 'confirm', termsVersion: 0 });
    expect(value<RegistrationResult>(await register(undefined)).userName).toMatch(/^Terms/);
  });
});
