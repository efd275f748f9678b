import type { ChannelDefinition, ChannelSessionContext } from '@balcao/sdk';

/**
 * Runs an admin's `restart` or `qr` on a running session, with the adapter's own hook where it has one: a restart
 * stops and starts it; a new QR also forgets the linked device first.
 * @example await restartSession(adapter, ctx, 'qr')
 */
export async function restartSession(
  adapter: ChannelDefinition,
  ctx: ChannelSessionContext,
  command: 'restart' | 'qr',
): Promise<void> {
  const hook = command === 'restart' ? adapter.restart : adapter.requestQr;
  if (hook) return hook.call(adapter, ctx);
  await adapter.stop?.(ctx);
  if (command === 'qr') await ctx.session.clear();
  await adapter.start?.(ctx);
}
