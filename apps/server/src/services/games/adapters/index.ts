import type { LaunchTickets, TicketInput } from '../tickets.js';
import { DemoGameAdapter, type OpenWalletSession } from './demo.js';

/** What an adapter needs besides the launch: the origin the caller reached this server on. */
export interface AdapterLaunch extends TicketInput {
  /** `protocol://host` of the request, as Fastify resolves them (TRUST_PROXY included). */
  origin: string;
  /** The vendor's prize mode of a lottery launch, when one was asked. */
  prizeMode: string | null;
  /** The merchant's (the wallet's) currency. */
  currency: string;
}

/**
 * Turns a launch into the URL the browser goes to. A real vendor's adapter would call the vendor's
 * API here (within the launch's 10 s budget); the reference server ships only the demo game's.
 */
export interface GameVendorAdapter {
  launch(input: AdapterLaunch): Promise<string>;
}

/** The adapters by `game_vendors.adapter`. */
export type GameAdapters = ReadonlyMap<string, GameVendorAdapter>;

/** `openWalletSession` opens the seamless-wallet session of a member's real-money launch. */
export function createGameAdapters(
  tickets: LaunchTickets,
  openWalletSession: OpenWalletSession | null = null,
): GameAdapters {
  return new Map<string, GameVendorAdapter>([['demo', new DemoGameAdapter(tickets, openWalletSession)]]);
}
