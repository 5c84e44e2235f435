import { DemoGamePath } from '@wps/contract/games';
import type { LaunchTickets } from '../tickets.js';
import type { AdapterLaunch, GameVendorAdapter } from './index.js';

/**
 * The demo game served by this server (routes/games/demo.ts): a single-use launch ticket in the URL
 * of its page, which the page redeems for a play session.
 */
export class DemoGameAdapter implements GameVendorAdapter {
  constructor(private readonly tickets: LaunchTickets) {}

  async launch(input: AdapterLaunch): Promise<string> {
    const { origin, prizeMode: _prizeMode, ...ticketInput } = input;
    const ticket = await this.tickets.issue(ticketInput);
    return `${origin}${DemoGamePath.page}?ticket=${encodeURIComponent(ticket)}`;
  }
}
