import type { CorePorts } from '@balcao/sdk';

/** How many calls a token may make per window. */
export interface RateLimit {
  count: number;
  seconds: number;
}

/** 60 calls a minute per token unless EXTERNAL_API_RATE ("count/seconds", e.g. "120/60") says otherwise. */
export function readRateLimit(env: Record<string, string | undefined>): RateLimit {
  const raw = env.EXTERNAL_API_RATE;
  if (!raw) return { count: 60, seconds: 60 };
  const match = /^(\d{1,6})\/(\d{1,6})$/.exec(raw);
  if (!match || Number(match[1]) < 1 || Number(match[2]) < 1)
    throw new Error(`EXTERNAL_API_RATE must be "count/seconds", not ${raw}`);
  return { count: Number(match[1]), seconds: Number(match[2]) };
}

/**
 * One call against the token's budget, in one statement: the current window's counter row of the connection is
 * created or incremented (the row lock orders concurrent calls from any instance), its older windows are deleted (those
 * another call holds are skipped: two calls astride a window's end never wait on each other), and the count and the
 * seconds left in the window come back. Windows are aligned on the database's clock, the one every
 * instance shares. The count stops growing past the limit, so a client hammering a closed window cannot overflow it.
 */
const TAKE = `
  with bounds as (
    select to_timestamp(floor(extract(epoch from now()) / ?) * ?) as start
  ), pruned as (
    delete from external_api_rate_windows
     where (connection_id, window_start) in (
       select connection_id, window_start from external_api_rate_windows
        where connection_id = ? and window_start < (select start from bounds)
        for update skip locked)
  )
  insert into external_api_rate_windows (connection_id, window_start, company_id, used)
  select ?, start, ?, 1 from bounds
  on conflict (connection_id, window_start)
    do update set used = least(external_api_rate_windows.used + 1, ?)
  returning used,
    ceil(extract(epoch from window_start + make_interval(secs => ?) - now()))::int as seconds_left`;

/**
 * A fixed window per token (a connection), kept in PostgreSQL so that every instance spends the same budget: `take`
 * answers 0 when the call may go, else the seconds until the window ends (at least 1, for Retry-After).
 * @example const wait = await limiter.take(deps.em, { companyId, connectionId })
 */
export class SharedRateLimiter {
  constructor(private readonly limit: RateLimit) {}

  async take(em: CorePorts['em'], who: { companyId: number; connectionId: number }): Promise<number> {
    const { count, seconds } = this.limit;
    const [row] = await em
      .getConnection()
      .execute<{ used: number; seconds_left: number }[]>(TAKE, [
        seconds,
        seconds,
        who.connectionId,
        who.connectionId,
        who.companyId,
        count + 1,
        seconds,
      ]);
    return row.used <= count ? 0 : Math.max(1, row.seconds_left);
  }
}
