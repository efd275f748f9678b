/** How long the ids Graph answered to this process's sends are remembered, for echoes arriving just after. */
export const ANSWERED_TTL_MS = 60_000;

/**
 * The longest an echo waits for a send to the same contact that is still on its way (Graph's answer not back yet).
 * Meta waits for the webhook's answer meanwhile; it allows it 20 seconds.
 */
export const ECHO_WAIT_MS = 10_000;

/**
 * The sends this process has on their way to Meta, and the ids Graph answered to them lately, so the webhook can tell
 * an echo of Balcão's own send even when it overtakes Graph's answer. Messenger needs it least (its echoes carry
 * BALCAO_SEND_METADATA); Instagram's Send API takes no metadata, so there an echo that arrived first was stored as the
 * page's message and, with the attendant closing the ticket right after the send (a farewell), opened a ticket for the
 * contact (which core's echo adoption then deleted: a pending ticket flashing in the lists) or reopened the closed
 * one. Such an echo now waits (at most ECHO_WAIT_MS) for the sends to its contact still on their way, and is skipped
 * when its id is one of theirs. It covers sends and webhooks of one process: the default (`BALCAO_ROLE=all`); with
 * separate web and worker processes core's adoption stays the net.
 * @example await inFlight.track(connection.id, psid, async (answered) => answered(await graph.sendText(token, psid, 'Oi')))
 */
export class SendsInFlight {
  /** connection:recipient → the sends to them on their way. */
  private readonly running = new Map<string, Set<Promise<unknown>>>();
  /** connection:mid → until when the id is remembered (insertion order is expiry order). */
  private readonly answered = new Map<string, number>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly waitMs = ECHO_WAIT_MS,
  ) {}

  /** Runs one send to `recipient` on the connection; `run` reports each id Graph answers through `answered`. */
  async track<T>(
    connectionId: number,
    recipient: string,
    run: (answered: (mid: string) => void) => Promise<T>,
  ): Promise<T> {
    const key = `${connectionId}:${recipient}`;
    const answered = (mid: string) => {
      if (!mid) return;
      // Forgotten here too, not only when echoes ask: a page whose echoes never come must not grow the map.
      this.forgetExpired();
      this.answered.set(`${connectionId}:${mid}`, this.now() + ANSWERED_TTL_MS);
    };
    const send = run(answered);
    const sends = this.running.get(key) ?? new Set();
    this.running.set(key, sends);
    sends.add(send);
    try {
      return await send;
    } finally {
      sends.delete(send);
      if (!sends.size) this.running.delete(key);
    }
  }

  /**
   * Whether `mid`, echoed to `recipient` on the connection, is the id of one of this process's sends: answered lately,
   * or answered to a send to the same recipient still on its way, waited for (at most `waitMs`).
   */
  async isOurs(connectionId: number, recipient: string, mid: string): Promise<boolean> {
    this.forgetExpired();
    const key = `${connectionId}:${mid}`;
    if (this.answered.has(key)) return true;
    const sends = this.running.get(`${connectionId}:${recipient}`);
    if (!sends?.size) return false;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...sends]),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, this.waitMs);
      }),
    ]);
    clearTimeout(timer);
    return this.answered.has(key);
  }

  /** How many answered ids are remembered now (for tests and diagnostics). */
  remembered(): number {
    return this.answered.size;
  }

  private forgetExpired(): void {
    const now = this.now();
    for (const [key, until] of this.answered) {
      if (until > now) return;
      this.answered.delete(key);
    }
  }
}
