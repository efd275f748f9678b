import type { MikroORM } from '@mikro-orm/postgresql';
import type { SessionLeaseOptions } from '../../kernel/config.js';

/** Lease pacing (declared with the configuration that carries it, kernel/config.ts). */
export type { SessionLeaseOptions };

export const DEFAULT_SESSION_LEASE: SessionLeaseOptions = {
  leaseMs: 30_000,
  renewMs: 5_000,
  callTimeoutMs: 15_000,
};

/** What an admin asks of a session (the `command` column carries it to the owner). */
export type SessionCommand = 'restart' | 'qr' | 'logout';

type Db = ReturnType<MikroORM['em']['getConnection']>;

/**
 * Marks one session wanted: one another instance owns gets the command, one nobody owns is simply claimed (with `qr`,
 * its store is cleared first).
 */
export async function wantSession(
  db: Db,
  connectionId: number,
  companyId: number,
  command: Exclude<SessionCommand, 'logout'>,
): Promise<void> {
  await db.execute(
    `insert into channel_sessions (connection_id, company_id, command) values (?, ?, ?)
     on conflict (connection_id) do update set command = case
       when excluded.command = 'qr' then 'qr'
       when channel_sessions.owner is not null and channel_sessions.expires_at > now() then 'restart'
       else null end`,
    [connectionId, companyId, command === 'qr' ? 'qr' : null],
    'run',
  );
}

/** Renews the instance's leases and takes the commands left on them; with each row's company and channel. */
export function renewLeases(db: Db, instanceId: string, leaseMs: number) {
  return db.execute<
    { connection_id: number; company_id: number; channel: string; command: SessionCommand | null }[]
  >(
    `with mine as (select connection_id, command from channel_sessions where owner = ? for update)
     update channel_sessions s set expires_at = now() + (? * interval '1 millisecond'), command = null
       from mine, whatsapps w where s.connection_id = mine.connection_id and w.id = s.connection_id
     returning s.connection_id, s.company_id, w.channel, mine.command`,
    [instanceId, leaseMs],
  );
}

/** Claims the wanted sessions of `kinds` nobody holds (`for update skip locked`: one winner per row). */
export function claimLeases(db: Db, kinds: string[], instanceId: string, leaseMs: number) {
  return db.execute<{ connection_id: number; command: SessionCommand | null }[]>(
    `with free as (
       select s.connection_id, s.command from channel_sessions s join whatsapps w on w.id = s.connection_id
        where w.channel in (${kinds.map(() => '?').join(', ')}) and (s.owner is null or s.expires_at < now())
        for update of s skip locked)
     update channel_sessions s set owner = ?, expires_at = now() + (? * interval '1 millisecond'), command = null
       from free where s.connection_id = free.connection_id
     returning s.connection_id, free.command`,
    [...kinds, instanceId, leaseMs],
  );
}

/** The instance whose lease on the connection's session is live, if any. */
export async function liveOwner(db: Db, connectionId: number): Promise<string | undefined> {
  const [lease] = await db.execute<{ owner: string }[]>(
    'select owner from channel_sessions where connection_id = ? and owner is not null and expires_at > now()',
    [connectionId],
  );
  return lease?.owner;
}
