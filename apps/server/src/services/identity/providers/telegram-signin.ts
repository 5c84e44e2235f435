import type { TelegramLoginSetting } from '@wps/contract/socialProviders';
import { DomainError } from '../../errors.js';
import type { Merchant } from '../../merchants/repository.js';
import { configFlag, configString, type IdentityProviders } from '../social/providers.js';
import { socialIdentity, type VerifiedSocialIdentity } from '../social/types.js';
import {
  TELEGRAM_CLOCK_SKEW_S,
  TELEGRAM_INIT_DATA_MAX_AGE_S,
  TELEGRAM_WIDGET_MAX_AGE_S,
  verifyTelegramAuth,
  type TelegramRefusal,
} from './telegram.js';

export interface TelegramSignInDeps {
  providers: Pick<IdentityProviders, 'enabled'>;
  /** Stand-ins are served (development, never NODE_ENV=production). */
  standIns: boolean;
  now: () => number;
  /** True the first time a token is used (services/identity/social/token-uses.ts): no replay. */
  firstUse: (merchantId: number, kind: string, token: string, expiresAt: Date) => Promise<boolean>;
  /** Why a value was refused, for the log (never the value). */
  logRefusal: (merchantCode: string, reason: TelegramRefusal | 'replayed') => void;
}

export interface TelegramBot {
  botId: string;
  authDomain: string;
  botToken: string;
  standIn: boolean;
}

/**
 * `WPSCORE_getTelegramLoginSetting` and `POST /wps/session/login/telegram`: the merchant's bot (its
 * token stays here) and the verified Telegram user of a widget result or mini-app initData.
 */
export class TelegramSignIn {
  constructor(private readonly deps: TelegramSignInDeps) {}

  async setting(merchant: Merchant): Promise<TelegramLoginSetting> {
    const bot = await this.bot(merchant);
    return {
      botId: bot.botId,
      authDomain: bot.authDomain,
      ...(bot.standIn ? { standIn: true as const } : {}),
    };
  }

  /** The Telegram user, or `telegram_validate_failed` (one answer whatever the check that failed). */
  async identity(merchant: Merchant, telegramAuth: string): Promise<VerifiedSocialIdentity> {
    const bot = await this.bot(merchant);
    const result = verifyTelegramAuth(telegramAuth, bot.botToken, this.deps.now());
    if (!result.ok) return this.refuse(merchant, result.reason);
    // Each auth result signs in once: kept until it would be stale anyway.
    const maxAgeS = result.user.form === 'widget' ? TELEGRAM_WIDGET_MAX_AGE_S : TELEGRAM_INIT_DATA_MAX_AGE_S;
    const expiresAt = new Date((result.user.authDate + maxAgeS + TELEGRAM_CLOCK_SKEW_S) * 1000);
    if (!(await this.deps.firstUse(merchant.id, 'telegram', result.user.hash, expiresAt))) {
      return this.refuse(merchant, 'replayed');
    }
    return socialIdentity(
      'telegram',
      result.user.id,
      result.user.name || result.user.username,
      result.user.photoUrl,
    );
  }

  private refuse(merchant: Merchant, reason: TelegramRefusal | 'replayed'): never {
    this.deps.logRefusal(merchant.code, reason);
    throw new DomainError('telegram_validate_failed', 'The Telegram sign-in could not be verified.');
  }

  /** The merchant's bot, when TELEGRAMLOGIN3 is on and its `telegram` row is enabled and complete. */
  async bot(merchant: Merchant): Promise<TelegramBot> {
    const row =
      merchant.flags.TELEGRAMLOGIN3 === true
        ? await this.deps.providers.enabled(merchant.id, 'telegram')
        : null;
    const botId = row === null ? null : configString(row.publicConfig, 'botId');
    const authDomain = row === null ? null : configString(row.publicConfig, 'authDomain');
    const botToken = row === null ? null : configString(row.secretConfig, 'botToken');
    const standIn = row !== null && configFlag(row.publicConfig, 'standIn');
    if (botId === null || authDomain === null || botToken === null || (standIn && !this.deps.standIns)) {
      throw new DomainError('module_disabled', 'Telegram sign-in is not offered here.');
    }
    return { botId, authDomain, botToken, standIn };
  }
}
