import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { CorePorts } from '@balcao/sdk';
import type { SendAnswer } from '../shared/send.js';

/** The caller's Idempotency-Key made fixed-length (stored and compared as such, never in clear). */
export const hashKey = (clientKey: string): string => createHash('sha256').update(clientKey).digest('hex');

/**
 * How long a call holds its key before a replay may take it over: a send is a few stores and inserts, so a claim this
 * old belongs to a process that died mid-send. A replay waits at most this long for the first call's answer.
 */
export const CLAIM_SECONDS = 60;
/** Between two looks of a waiting replay at the first call's answer. */
const POLL_MS = 100;

/** Claims the key: a new one, or one whose holder let its claim go stale without an answer. */
const CLAIM = `
  insert into external_api_sends (connection_id, key_hash, company_id) values (?, ?, ?)
  on conflict (connection_id, key_hash) do update set claimed_at = now()
   where external_api_sends.answer is null
     and external_api_sends.claimed_at < now() - make_interval(secs => ?)
  returning 1 as claimed`;

export interface SendKey {
  companyId: number;
  connectionId: number;
  /** The caller's Idempotency-Key as sent. */
  clientKey: string;
}

/**
 * A call with an Idempotency-Key is done once, and a replay answers the first call's answer without doing anything —
 * before any file of a multipart call is stored (core's send keys alone would answer the first messages, but only after
 * the replay's files were stored again). The key is claimed in the plugin's own table first: one call (on any instance)
 * wins and does the work; a concurrent replay waits for its answer. A call that fails gives its claim back, so the
 * client's retry does the work.
 */
export class IdempotentSends {
  constructor(private readonly em: CorePorts['em']) {}

  async once(key: SendKey, work: () => Promise<SendAnswer>): Promise<SendAnswer> {
    const at = [key.connectionId, hashKey(key.clientKey)];
    for (;;) {
      const claimed = await this.run<{ claimed: number }>(CLAIM, [...at, key.companyId, CLAIM_SECONDS]);
      if (claimed.length) return this.work(at, work);
      const [row] = await this.run<{ answer: SendAnswer | null }>(
        'select answer from external_api_sends where connection_id = ? and key_hash = ?',
        at,
      );
      if (row?.answer) return row.answer;
      // Another call holds the key (or just gave it back): look again shortly; its claim goes stale if it died.
      await sleep(POLL_MS);
    }
  }

  private async work(at: unknown[], work: () => Promise<SendAnswer>): Promise<SendAnswer> {
    let answer: SendAnswer;
    try {
      answer = await work();
    } catch (err) {
      await this.run(
        'delete from external_api_sends where connection_id = ? and key_hash = ? and answer is null',
        at,
      );
      throw err;
    }
    await this.run(
      'update external_api_sends set answer = ?::jsonb where connection_id = ? and key_hash = ?',
      [JSON.stringify(answer), ...at],
    );
    return answer;
  }

  private run<T>(query: string, params: unknown[]): Promise<T[]> {
    return this.em.getConnection().execute<T[]>(query, params, 'all');
  }
}
