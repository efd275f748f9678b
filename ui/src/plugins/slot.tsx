import { type SlotId, slotFillsOf, type UiSlotFill } from '@balcao/sdk/ui';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { userAtom } from '../session/session-store';
import { PluginBoundary } from './plugin-boundary';
import { loadedPluginsAtom } from './plugin-store';
import { canSee } from './slot-access';

export interface PluginFill {
  plugin: string;
  /** Unique among the slot's fills: `<plugin>`, `<plugin>.<id>` or `<plugin>.<position>` (a plugin may fill it twice). */
  key: string;
  fill: UiSlotFill;
}

/**
 * The fills of slot `id` the user may see: each loaded plugin's (one or several), in the server's order, without those whose own plan
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
        return slotFillsOf(plugin.name, contribution)
          .filter(({ fill }) => canSee(fill, user, user?.company.plan))
          .map(({ key, fill }) => ({ plugin: plugin.name, key, fill }));
      }),
    [plugins, user, id],
  );
}

/** A plugin's component, isolated: a crash leaves the rest of the shell working. */
export function PluginFillView({ plugin, fill }: Omit<PluginFill, 'key'>) {
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
      {fills.map(({ plugin, key, fill }) => (
        <PluginFillView key={key} plugin={plugin} fill={fill} />
      ))}
    </>
  );
}
