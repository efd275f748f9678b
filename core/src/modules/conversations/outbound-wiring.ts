import type { AwilixContainer } from 'awilix';
import type { EventBus } from '../../events/event-bus.js';
import type { Cradle } from '../../kernel/container.js';
import { deliverOutbound, retractOutbound } from './outbound.js';

/**
 * Attendants' messages leave through a job, enqueued after commit: agenda persists it, so a restart between the
 * save and the send loses nothing, and a failed send is retried by the job runner. A deleted message is taken back
 * from the contact the same way, where the channel can.
 */
export function registerOutbound(root: AwilixContainer<Cradle>): void {
  const { jobsHost, events, orm, channels, realtime, ticketsPublisher, logger } = root.cradle;
  const deps = { orm, channels, realtime, ticketsPublisher, logger };
  for (const [name, work] of [
    ['core:deliver', deliverOutbound],
    ['core:retract', retractOutbound],
  ] as const) {
    jobsHost.register({ name, run: (companyId, data) => work(deps, companyId, Number(data.messageId)) });
  }
  (events as EventBus).on('message.created', async (p) => {
    if (p.fromMe) await jobsHost.now('core:deliver', { companyId: p.companyId, messageId: p.messageId });
  });
  (events as EventBus).on('message.deleted', async (p) => {
    await jobsHost.now('core:retract', { companyId: p.companyId, messageId: p.messageId });
  });
}
