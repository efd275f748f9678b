import type { ConnectionDto } from '@balcao/sdk';
import { H3, Tag } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteAlert } from '../forms/delete-alert';
import { toastError, toastSuccess } from '../notify/toaster';
import { PluginBoundary } from '../plugins/plugin-boundary';
import { ConnectionDialog, type ConnectionTarget } from './connection-dialog';
import type { NewConnectionEntry } from './connection-rules';
import { deleteConnection } from './connections-api';
import { connectionsAtom } from './connections-store';
import { ConnectionsTable } from './connections-table';
import { NewConnectionMenu } from './new-connection-menu';
import './connections.css';

/**
 * The connections screen (spec part 1 §2 "Connections screen"), live through the layout's ConnectionsFeed.
 * "Restart connections", "call support" and the import-progress card serve channels with a remote session
 * (WhatsApp); they arrive with that channel rather than as buttons that do nothing.
 */
export function ConnectionsScreen() {
  const { t } = useTranslation();
  const connections = useAtomValue(connectionsAtom);
  const [target, setTarget] = useState<ConnectionTarget | null>(null);
  const [doomed, setDoomed] = useState<ConnectionDto | null>(null);
  // A channel whose plugin brings its own new-connection dialog opens that one instead of the shell's.
  const [pluginNew, setPluginNew] = useState<NewConnectionEntry | null>(null);

  const handlePick = (item: NewConnectionEntry) => {
    if (item.entry.dialog) setPluginNew(item);
    else setTarget({ mode: 'create', channel: item.entry.channel });
  };
  const PluginDialog = pluginNew?.entry.dialog;

  const handleDelete = async () => {
    if (!doomed) return;
    try {
      await deleteConnection(doomed.id);
      toastSuccess(t('connections.toasts.deleted'));
    } catch (err) {
      toastError(err);
    } finally {
      setDoomed(null);
    }
  };

  // The dialog edits the live copy: a change made elsewhere meanwhile shows up in it.
  const editing =
    target?.mode === 'edit'
      ? (connections?.find((c) => c.id === target.connection.id) ?? target.connection)
      : null;

  return (
    <div className="list-screen connections-screen" data-testid="connections-screen">
      <header className="page-header">
        <H3 className="page-header__title">
          {t('connections.title')}
          <Tag round minimal data-testid="connections-count">
            {connections?.length ?? 0}
          </Tag>
        </H3>
        <NewConnectionMenu onPick={handlePick} />
      </header>
      <ConnectionsTable
        connections={connections}
        onEdit={(connection) => setTarget({ mode: 'edit', connection })}
        onDelete={setDoomed}
      />
      <ConnectionDialog
        target={editing ? { mode: 'edit', connection: editing } : target}
        onClose={() => setTarget(null)}
      />
      {pluginNew && PluginDialog && (
        <PluginBoundary plugin={pluginNew.plugin ?? 'shell'}>
          <PluginDialog channel={pluginNew.entry.channel} onClose={() => setPluginNew(null)} />
        </PluginBoundary>
      )}
      <DeleteAlert
        ns="connections"
        doomed={doomed}
        onCancel={() => setDoomed(null)}
        onConfirm={handleDelete}
        textTestId="connection-delete-text"
      />
    </div>
  );
}
