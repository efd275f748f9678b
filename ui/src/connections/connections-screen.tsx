import type { Channel, ConnectionDto } from '@balcao/sdk';
import { H3, Tag } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteAlert } from '../forms/delete-alert';
import { toastError, toastSuccess } from '../notify/toaster';
import { ConnectionDialog, type ConnectionTarget } from './connection-dialog';
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
        <NewConnectionMenu onPick={(channel: Channel) => setTarget({ mode: 'create', channel })} />
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
