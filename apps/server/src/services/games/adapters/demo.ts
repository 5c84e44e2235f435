import { DemoGamePath } from '@wps/contract/games';
import type { LaunchTickets } from '../tickets.js';
import type { AdapterLaunch, GameVendorAdapter } from './index.js';

/** Opens the operator's seamless-wallet session of a launch: the token the vendor's bets carry. */
export type OpenWalletSession = (session: {
  merchantId: number;
  customerId: number;
  currency: string;
}) => Promise<string>;

/**
 * The demo game served by this server (routes/games/demo.ts): a single-use launch ticket in the URL
 * of its page, which the page redeems for a play session. A member's launch (not a free-play one)
 * also opens a wallet session and hands its token to the vendor with the ticket, as an operator
 * hands an aggregator the token of a real-money launch: the game then plays the member's money.
 */
export class DemoGameAdapter implements GameVendorAdapter {
  constructor(
    private readonly tickets: LaunchTickets,
    private readonly openWalletSession: OpenWalletSession | null = null,
  ) {}

  async launch(input: AdapterLaunch): Promise<string> {
    const { origin, prizeMode: _prizeMode, currency, ...ticketInput } = input;
    const walletToken =
      input.trial || input.customerId === null || this.openWalletSession === null
        ? null
        : await this.openWalletSession({
            merchantId: input.merchantId,
            customerId: input.customerId,
            currency,
          });
    const ticket = await this.tickets.issue({
      ...ticketInput,
      walletToken,
      currency: walletToken === null ? null : currency,
    });
    return `${origin}${DemoGamePath.page}?ticket=${encodeURIComponent(ticket)}`;
  }
}
