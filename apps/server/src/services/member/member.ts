import { ALL_LANGUAGES } from '@wps/contract/languages';
import type { EndpointParsed } from '@wps/contract/endpoints';
import type { MemberInfo, PlayerRankProgress, UnreadCount } from '@wps/contract/accounts';
import { eq } from 'drizzle-orm';
import { customers } from '../../db/schema/index.js';
import { invalidRequest } from '../errors.js';
import type { Merchant } from '../merchants/repository.js';
import type { MemberDeps } from './context.js';
import { clubLabelOf, rankProgressOf, unreadMessageCount } from './memberExtras.js';
import type { AuthenticatedSession } from '../identity/index.js';

/** What a logged-in member reads about the account (spec section 4) and the language it keeps. */
export class MemberService {
  constructor(private readonly deps: MemberDeps) {}

  /** The member's own fields; the trust facts (terms to accept, limit offer) are trust's `memberNotices`. */
  info(merchant: Merchant, { customer }: AuthenticatedSession): MemberInfo {
    return {
      id: String(customer.id),
      account: customer.username,
      type: customer.customerType,
      language: customer.language ?? merchant.defaultLanguage,
      clubLabel: clubLabelOf(customer),
    };
  }

  /** Keeps the member's language (any the product offers, whatever the merchant lists). */
  async setLanguage(
    merchant: Merchant,
    { customer }: AuthenticatedSession,
    input: EndpointParsed<'memberLanguage'>,
  ): Promise<null> {
    const language = input.language.toUpperCase();
    if (!(ALL_LANGUAGES as readonly string[]).includes(language)) {
      throw invalidRequest('language: unsupported');
    }
    if (input.merchantCode !== undefined && input.merchantCode.toLowerCase() !== merchant.code) {
      throw invalidRequest('merchantCode: another merchant');
    }
    await this.deps.db.update(customers).set({ language }).where(eq(customers.id, customer.id));
    return null;
  }

  rankProgress({ customer }: AuthenticatedSession): Promise<PlayerRankProgress> {
    return rankProgressOf(this.deps.db, customer);
  }

  async unreadCount({ customer }: AuthenticatedSession): Promise<UnreadCount> {
    return { count: await unreadMessageCount(this.deps.db, customer.id) };
  }
}
