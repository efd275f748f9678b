import type { CacheStore } from '@whiskeysockets/baileys';

/** How a session retries and gives up; every field has a default (whatsappChannel's options). */
export interface SessionPolicy {
  /** Reconnects after a lost or failed connection before reporting DISCONNECTED (the spec's `retries`). */
  maxRetries: number;
  /** QR codes shown without a scan before giving up (DISCONNECTED; "new QR" starts again). */
  maxQrCodes: number;
  /** First reconnect delay; each next one doubles, up to `maxBackoffMs`. */
  backoffMs: number;
  maxBackoffMs: number;
  /** A history import ends this long after WhatsApp's last batch when WhatsApp does not say it is complete. */
  historyIdleMs: number;
  /** Files an import fetches after its text, the most recent first (WHATSAPP_HISTORY_MEDIA_MAX; 0: none). */
  historyMediaMax: number;
  /** Of those, downloads at once: a few, so live traffic and the phone's re-uploads are not crowded out. */
  historyMediaConcurrency: number;
  /** One download's limit before its place goes to the next (the message stays without its file). */
  historyMediaTimeoutMs: number;
}

export const DEFAULT_SESSION_POLICY: SessionPolicy = {
  maxRetries: 5,
  maxQrCodes: 5,
  backoffMs: 2_000,
  maxBackoffMs: 60_000,
  historyIdleMs: 60_000,
  historyMediaMax: 2_000,
  historyMediaConcurrency: 3,
  historyMediaTimeoutMs: 120_000,
};

/**
 * The policy the environment sets: WHATSAPP_HISTORY_MEDIA_MAX, how many files a history import fetches (a whole
 * number from 0, none, to 100000). Empty or unset: the default. Throws naming the variable when it is not one.
 * @example whatsappChannel({ policy: policyFromEnv(process.env) })
 */
export function policyFromEnv(env: Record<string, string | undefined>): Partial<SessionPolicy> {
  const raw = env.WHATSAPP_HISTORY_MEDIA_MAX?.trim();
  if (!raw) return {};
  const max = Number(raw);
  if (!/^\d+$/.test(raw) || max > 100_000)
    throw new Error('WHATSAPP_HISTORY_MEDIA_MAX: a whole number from 0 to 100000');
  return { historyMediaMax: max };
}

/** The delay before reconnect attempt `attempt` (1-based). @example backoffDelay(3, DEFAULT_SESSION_POLICY) === 8000 */
export const backoffDelay = (attempt: number, p: SessionPolicy): number =>
  Math.min(p.maxBackoffMs, p.backoffMs * 2 ** (attempt - 1));

/**
 * The signal key cache in front of the SessionStore (makeCacheableSignalKeyStore's), one per session: a bounded map
 * without timers (Baileys' default cache runs an interval per socket, and a socket per reconnect would leak them).
 */
export class KeyCache implements CacheStore {
  private readonly map = new Map<string, unknown>();
  constructor(private readonly limit = 10_000) {}
  get<T>(key: string): T | undefined {
    return this.map.get(key) as T | undefined;
  }
  set<T>(key: string, value: T): void {
    this.map.delete(key);
    this.map.set(key, value);
    for (const oldest of this.map.keys()) {
      if (this.map.size <= this.limit) break;
      this.map.delete(oldest);
    }
  }
  del(key: string): void {
    this.map.delete(key);
  }
  flushAll(): void {
    this.map.clear();
  }
}
