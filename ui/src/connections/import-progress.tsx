import { Callout, ProgressBar } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { connectionsAtom, importProgressAtom } from './connections-store';

/**
 * The import-progress card of the connections screen (spec part 1 §2): one line per connection whose history import
 * runs, "preparing" while WhatsApp gathers it (-1), then processed of total. It goes when the import ends.
 */
export function ImportProgressCard() {
  const { t } = useTranslation();
  const progress = useAtomValue(importProgressAtom);
  const connections = useAtomValue(connectionsAtom);
  if (progress.size === 0) return null;
  return (
    <Callout intent="primary" icon="import" className="import-progress" data-testid="import-progress">
      {[...progress].map(([id, { done, total }]) => {
        const name = connections?.find((c) => c.id === id)?.name ?? `#${id}`;
        const preparing = done < 0;
        return (
          <div key={id} className="import-progress__row" data-testid={`import-progress-${id}`}>
            <div>
              {preparing
                ? t('connections.import.preparing', { name })
                : t('connections.import.progress', { name, done, total })}
            </div>
            <ProgressBar
              intent="primary"
              animate={preparing}
              stripes={preparing}
              value={preparing || total === 0 ? undefined : Math.min(1, done / total)}
            />
          </div>
        );
      })}
    </Callout>
  );
}
