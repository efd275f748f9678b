import type { SlotId } from '@balcao/sdk/ui';
import { useAtomValue } from 'jotai';
import { PluginBoundary } from './plugin-boundary';
import { loadedPluginsAtom } from './plugin-store';

/** Render site of a plugin slot: every loaded plugin's component for `id`, each isolated. */
export function Slot({ id }: { id: SlotId }) {
  const plugins = useAtomValue(loadedPluginsAtom);
  return (
    <>
      {plugins.map((plugin) => {
        const Contribution = plugin.slots?.[id];
        return Contribution ? (
          <PluginBoundary key={plugin.name} plugin={plugin.name}>
            <Contribution />
          </PluginBoundary>
        ) : null;
      })}
    </>
  );
}
