import {
  companyChannel,
  type EventsPort,
  type RealtimePort,
  type SessionStatusReport,
  sessionStatusReportSchema,
  validate,
} from '@balcao/sdk';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { AwilixContainer } from 'awilix';
import type { EventBus } from '../../events/event-bus.js';
import { type Cradle, createRequestScope } from '../../kernel/container.js';
import { withoutSecrets } from '../connections/connection-presenter.js';

/** What a status report changes on the connection row (spec part 1 §3 Connection: status, qrcode, number, retries). */
const APPLY_SQL = `
  update whatsapps w set
    status = ?,
    qrcode = case when ? = 'qrcode' then ? else null end,
    number = case when ? then null else coalesce(?, w.number) end,
    retries = case ? when 'qrcode' then w.retries + 1 when 'CONNECTED' then 0 else w.retries end,
    failure_reason = case when ? in ('TIMEOUT', 'DISCONNECTED') then ? else null end,
    updated_at = now()
  where w.id = ?`;
const FENCE_SQL =
  ' and exists (select 1 from channel_sessions s where s.connection_id = w.id and s.owner = ?)';

/**
 * Applies a session status: stores it on the connection and emits the catalogue's `connection.status` (whose
 * subscriber publishes it to the connections screen, wireSessionRealtime). With `owner`, only while that instance holds the lease: a session that lost it cannot
 * overwrite what the new owner reports.
 */
export async function applySessionStatus(
  deps: { root: AwilixContainer<Cradle>; orm: MikroORM; events: EventsPort },
  connectionId: number,
  input: SessionStatusReport & { clearNumber?: boolean },
  owner?: string,
): Promise<boolean> {
  const report = validate(sessionStatusReportSchema, input);
  const params: unknown[] = [
    report.status,
    report.status,
    report.qrcode ?? null,
    input.clearNumber === true,
    report.number ?? null,
    report.status,
    report.status,
    report.reason ?? null,
    connectionId,
  ];
  const sql = `${APPLY_SQL}${owner ? FENCE_SQL : ''} returning w.company_id, w.qrcode, w.retries`;
  const rows = await deps.orm.em
    .getConnection()
    .execute<{ company_id: number; qrcode: string | null; retries: number }[]>(
      sql,
      owner ? [...params, owner] : params,
    );
  const row = rows[0];
  if (!row) return false;
  await deps.events.emit('connection.status', {
    companyId: row.company_id,
    connectionId,
    status: report.status,
    qrcode: row.qrcode,
    retries: row.retries,
  });
  return true;
}

/**
 * The connections screen follows sessions on `company-{id}-whatsappSession` `{ action: 'update', session }` (the
 * connection as events show it, plus qrcode and retries): a subscriber of `connection.status`.
 */
export function wireSessionRealtime(
  events: Pick<EventBus, 'on'>,
  realtime: RealtimePort,
  root: AwilixContainer<Cradle>,
): void {
  events.on('connection.status', async ({ companyId, connectionId, qrcode, retries }) => {
    const dto = await createRequestScope(root, companyId).cradle.connections.get(connectionId);
    await realtime.publish({
      companyId,
      channel: companyChannel(companyId, 'whatsappSession'),
      data: {
        action: 'update',
        session: { ...withoutSecrets(dto), qrcode: qrcode ?? null, retries: retries ?? 0 },
      },
    });
  });
}
