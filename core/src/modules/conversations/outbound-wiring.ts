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
  jobsHost.register({
    name: 'core:deliver',
    run: (companyId, data) =>
      deliverOutbound(
        { orm, channels, realtime, ticketsPublisher, logger },
        companyId,
        Number(data.messageId),
      ),
  });
  jobsHost.register({
    name: 'core:retract',
    run: (companyId, data) =>
      retractOutbound(
        { orm, channels, realtime, ticketsPublisher, logger },
        companyId,
        Number(data.messageId),
      ),
  });
  (events as EventBus).on('message.created', async (p) => {
    if (p.fromMe) await jobsHost.now('core:deliver', { companyId: p.companyId, messageId: p.messageId });
  });
  (events as EventBus).on('message.deleted', async (p) => {
    await jobsHost.now('core:retract', { companyId: p.companyId, messageId: p.messageId });
  });
}
