import type { TelegramLoginSetting } from '@wps/contract';
import { DomainError } from '../../errors.js';
import type { Merchant } from '../../merchants/repository.js';
import { configFlag, configString, type IdentityProviders } from '../social/providers.js';
import { socialIdentity, type VerifiedSocialIdentity } from '../social/types.js';
import { verifyTelegramAuth, type TelegramRefusal } from './telegram.js';

export interface TelegramSignInDeps {
  providers: Pick<IdentityProviders, 'enabled'>;
  /** Stand-ins are served (development, never NODE_ENV=production). */
  standIns: boolean;
  now: () => number;
  /** Why a value was refused, for the log (never the value). */
  logRefusal: (merchantCode: string, reason: TelegramRefusal) => void;
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
    if (!result.ok) {
      this.deps.logRefusal(merchant.code, result.reason);
      throw new DomainError('telegram_validate_failed', 'The Telegram sign-in could not be verified.');
    }
    return socialIdentity(
      'telegram',
      result.user.id,
      result.user.name || result.user.username,
      result.user.photoUrl,
    );
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
