import { companyChannel, type RealtimePort } from '@balcao/sdk';
import type { EventBus } from '../../events/event-bus.js';

/**
 * A changed company setting reaches the company's open screens as `company-{id}-settings`
 * `{ action: 'update', setting: { key, value } }` (the peers' event): the composer hides its signature toggle the
 * moment sendSignMessage is disabled, without a reload.
 */
export function wireSettingsRealtime(realtime: RealtimePort, events: EventBus): void {
  events.on('setting.updated', async ({ companyId, key, value }) => {
    await realtime.publish({
      companyId,
      channel: companyChannel(companyId, 'settings'),
      data: { action: 'update', setting: { key, value } },
    });
  });
}
