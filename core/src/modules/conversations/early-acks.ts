/**
 * Delivery states that arrived before the message they are for had its channel id recorded: a send's answer and the
 * channel's first ack for it race (the ack names the message by the id the send answers, and the outbox stores that
 * id a moment after the send returns). Held here, per connection and channel id, for `holdMs`, and taken by the
 * outbox when it records the id (outbound.ts, recordDelivered). In memory: the channel's socket that acks and the
 * outbox that sends through it run in one process. At most `cap` are held; the oldest go first.
 * @example acks.hold(7, 'wamid.ABC', 3); acks.take(7, 'wamid.ABC') // 3
 */
export class EarlyAcks {
  private readonly held = new Map<string, { ack: number; until: number }>();

  constructor(
    private readonly holdMs = 60_000,
    private readonly cap = 10_000,
  ) {}

  /** An ack no message of the connection could take yet: kept (the highest of those held for that id). */
  hold(connectionId: number, externalId: string, ack: number, now = Date.now()): void {
    const key = `${connectionId}:${externalId}`;
    const before = this.held.get(key);
    this.held.delete(key);
    this.held.set(key, {
      ack: Math.max(ack, before && before.until >= now ? before.ack : 0),
      until: now + this.holdMs,
    });
    for (const oldest of this.held.keys()) {
      if (this.held.size <= this.cap) break;
      this.held.delete(oldest);
    }
  }

  /** The ack held for that id, if one is and it is still fresh; it is held no more. */
  take(connectionId: number, externalId: string, now = Date.now()): number | undefined {
    const key = `${connectionId}:${externalId}`;
    const found = this.held.get(key);
    if (!found) return undefined;
    this.held.delete(key);
    return found.until >= now ? found.ack : undefined;
  }
}
