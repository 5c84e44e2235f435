import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCode } from '@wps/contract/errorCodes';
import { resolveLanguage } from '@wps/contract/languages';
import { TransportHeader } from '@wps/contract/transport';
import type { AppContext } from '../../context.js';
import { requireMerchant } from '../../http/merchant.js';
import { route } from '../../http/route.js';
import { staffSessions } from '../../http/staff-session.js';
import { DomainError } from '../../services/errors.js';
import type { Merchant } from '../../services/merchants/repository.js';
import { acceptTerms, type TrustMember } from '../../services/trust/index.js';
import { requireSession } from '../accounts/common.js';

const memberOf = (merchant: Merchant, customerId: number): TrustMember => ({
  merchantId: merchant.id,
  customerId,
  currency: merchant.currency,
  country: merchant.countryCode,
});

/** Responsible gaming (issue 29): the member's limits, reality check and breaks; staff's side. */
export function trustRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { service } = ctx.trust;
  const signedIn = async (request: FastifyRequest) => {
    const merchant = await requireMerchant(ctx, request);
    const session = await requireSession(ctx, request, merchant);
    const actor = { kind: 'member', sessionId: session.sessionId } as const;
    return { merchant, session, member: memberOf(merchant, session.customer.id), actor };
  };

  route(app, 'rgStatus', async (_input, request) => service.status((await signedIn(request)).member));

  route(app, 'rgLimitSet', async (input, request) => {
    const { member, actor } = await signedIn(request);
    return service.setLimit(member, input.type, input.amount, actor);
  });

  route(app, 'rgLimitConfirm', async (input, request) => {
    const { member, actor } = await signedIn(request);
    return service.confirmLimit(member, input.type, actor);
  });

  route(app, 'rgLimitCancel', async (input, request) => {
    const { member, actor } = await signedIn(request);
    return service.cancelLimit(member, input.type, actor);
  });

  route(app, 'rgLimitOfferAnswer', async (input, request) => {
    const { member, actor } = await signedIn(request);
    return ctx.trust.limitOffers.answer(member, input.choice, actor);
  });

  route(app, 'rgRealityCheckSet', async (input, request) => {
    const { member, actor } = await signedIn(request);
    return service.setRealityCheck(member, input.minutes, actor);
  });

  route(app, 'rgBreak', async (input, request) => {
    const { session, member, actor } = await signedIn(request);
    if (!(await ctx.identity.passwords.confirm(session, input.password))) {
      throw new DomainError(ErrorCode.OLD_PASSWORD_INCORRECT, 'The password is not right.');
    }
    return service.takeBreak(member, input.kind, input.duration, actor);
  });

  // A legal page: public (visitors read the terms before they register), the current version in the
  // request's language or the closest one the merchant has (services/trust/legal.ts).
  route(app, 'legalDocument', async (input, request, reply) => {
    const merchant = await requireMerchant(ctx, request);
    // No Language header, or one naming no language: the merchant's default, as its pages are.
    const header = request.headers[TransportHeader.language.toLowerCase()];
    const language = resolveLanguage(typeof header === 'string' ? header : null, merchant.defaultLanguage);
    // A new version must be seen at once (the terms a member accepts): revalidated on every use.
    reply.header('cache-control', 'no-cache');
    return ctx.trust.legal.current(merchant.id, input.kind, language, merchant.defaultLanguage);
  });

  route(app, 'termsAccept', async (input, request) => {
    const { member } = await signedIn(request);
    await acceptTerms(ctx.db, member, input.version, ctx.now());
    return null;
  });

  route(app, 'rgPlaySession', async (_input, request) => {
    const { session, member } = await signedIn(request);
    return service.playSession(member, { startedAt: session.startedAt });
  });

  // The compliance side: the staff member's own merchant only, and only its members.
  const staff = staffSessions(ctx);
  const staffMember = async (request: FastifyRequest, merchantId: number, customerId: number) => {
    const merchant = await requireMerchant(ctx, request);
    if (merchant.id !== merchantId) throw new DomainError(ErrorCode.NOT_FOUND, 'No such member.');
    await service.requireMember(merchant.id, customerId);
    return memberOf(merchant, customerId);
  };

  route(
    app,
    'staffTrustAudit',
    (input, _request, _reply, actor) =>
      service.auditTrail(actor.merchantId, {
        ...(input.customerId === undefined ? {} : { customerId: input.customerId }),
        ...(input.before === undefined ? {} : { before: input.before }),
      }),
    { staff },
  );

  route(
    app,
    'staffLimitSet',
    async (input, request, _reply, actor) => {
      const member = await staffMember(request, actor.merchantId, input.customerId);
      const by = { kind: 'staff', staffId: actor.id } as const;
      return service.setLimit(member, input.type, input.amount, by, input.reason);
    },
    { staff },
  );

  route(
    app,
    'staffBreak',
    async (input, request, _reply, actor) => {
      const member = await staffMember(request, actor.merchantId, input.customerId);
      const duration = input.duration;
      return service.takeBreak(
        member,
        input.kind,
        duration,
        { kind: 'staff', staffId: actor.id },
        input.reason,
      );
    },
    { staff },
  );
}
