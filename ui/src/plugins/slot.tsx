import { type SlotId, slotFillOf, type UiSlotFill } from '@balcao/sdk/ui';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { userAtom } from '../session/session-store';
import { PluginBoundary } from './plugin-boundary';
import { loadedPluginsAtom } from './plugin-store';
import { canSee } from './slot-access';

export interface PluginFill {
  plugin: string;
  fill: UiSlotFill;
}

/**
 * The fills of slot `id` the user may see: each loaded plugin's, in the server's order, without those whose own plan
 * flag the company lacks or whose profile the user does not have. Render sites that need more than the component
 * (tabs, popovers) use this.
 */
export function useSlotFills(id: SlotId): PluginFill[] {
  const plugins = useAtomValue(loadedPluginsAtom);
  const user = useAtomValue(userAtom);
  return useMemo(
    () =>
      plugins.flatMap((plugin) => {
        const contribution = plugin.slots?.[id];
        if (!contribution) return [];
        const fill = slotFillOf(contribution);
        return canSee(fill, user, user?.company.plan) ? [{ plugin: plugin.name, fill }] : [];
      }),
    [plugins, user, id],
  );
}

/** A plugin's component, isolated: a crash leaves the rest of the shell working. */
export function PluginFillView({ plugin, fill }: PluginFill) {
  const Contribution = fill.component;
  return (
    <PluginBoundary plugin={plugin}>
      <Contribution />
    </PluginBoundary>
  );
}

/** Render site of a plugin slot: every visible fill of `id`, each isolated. */
export function Slot({ id }: { id: SlotId }) {
  const fills = useSlotFills(id);
  return (
    <>
      {fills.map(({ plugin, fill }) => (
        <PluginFillView key={plugin} plugin={plugin} fill={fill} />
      ))}
    </>
  );
}
