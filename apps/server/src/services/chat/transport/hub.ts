import type { ChatServerFrame } from '@wps/contract/schemas/chat';
import type { StaffServerFrame } from '@wps/contract/schemas/staff';
import type { ChatBus, ChatEvent } from './bus.js';

/** A connected socket as the hub sees it: a member's hears ChatServerFrame, a staff member's StaffServerFrame. */
export interface Peer<Frame> {
  send(frame: Frame): void;
}

/**
 * This instance's sockets: members' by merchant and owner, staff by merchant. Every event of the bus
 * goes to the local sockets it names; nothing else (a merchant's events never reach another's staff).
 */
export class ChatHub {
  private readonly members = new Map<string, Set<Peer<ChatServerFrame>>>();
  private readonly staff = new Map<number, Set<Peer<StaffServerFrame>>>();
  private stop: (() => Promise<void>) | null = null;

  constructor(private readonly bus: ChatBus) {}

  async start(): Promise<void> {
    this.stop ??= await this.bus.subscribe((event) => this.deliver(event));
  }

  async close(): Promise<void> {
    const stop = this.stop;
    this.stop = null;
    await stop?.();
  }

  publish(event: ChatEvent): Promise<void> {
    return this.bus.publish(event);
  }

  addMember(merchantId: number, owner: string, peer: Peer<ChatServerFrame>): () => void {
    return add(this.members, `${merchantId}|${owner}`, peer);
  }

  addStaff(merchantId: number, peer: Peer<StaffServerFrame>): () => void {
    return add(this.staff, merchantId, peer);
  }

  /** Open sockets (the load script's figure). */
  get size(): number {
    let total = 0;
    for (const set of this.members.values()) total += set.size;
    for (const set of this.staff.values()) total += set.size;
    return total;
  }

  private deliver(event: ChatEvent): void {
    if (event.member !== undefined) {
      for (const peer of this.members.get(`${event.merchantId}|${event.owner}`) ?? [])
        peer.send(event.member);
    }
    if (event.staff !== undefined) {
      for (const peer of this.staff.get(event.merchantId) ?? []) peer.send(event.staff);
    }
  }
}

function add<K, P>(map: Map<K, Set<P>>, key: K, peer: P): () => void {
  let set = map.get(key);
  if (set === undefined) {
    set = new Set();
    map.set(key, set);
  }
  set.add(peer);
  return () => {
    set.delete(peer);
    if (set.size === 0) map.delete(key);
  };
}
