import type { ConnectionDto } from '@balcao/sdk';
import { AnchorButton, Button, H3 } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteAlert } from '../forms/delete-alert';
import { useSystemInfo } from '../layout/use-version';
import { toastError, toastSuccess } from '../notify/toaster';
import { PluginBoundary } from '../plugins/plugin-boundary';
import { ConnectionDialog, type ConnectionTarget } from './connection-dialog';
import type { NewConnectionEntry } from './connection-rules';
import { deleteConnection, restartConnections } from './connections-api';
import { connectionsAtom } from './connections-store';
import { ConnectionsTable } from './connections-table';
import { ImportProgressCard } from './import-progress';
import { NewConnectionMenu } from './new-connection-menu';
import { QrCodeDialog } from './qr-code-dialog';
import './connections.css';
import { CountTag } from '../lists/count-tag';

/**
 * The connections screen (spec part 1 §2 "Connections screen"), live through the layout's ConnectionsFeed (the
 * `whatsapp` and `whatsappSession` frames): restart connections, call support (SUPPORT_URL; hidden when unset), the
 * new-connection menu, the import-progress card, the table with each session's actions (the close-imported action
 * among them), and the QR-code modal of the connection being linked.
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
  const { supportUrl } = useSystemInfo();
  const [qrFor, setQrFor] = useState<number | null>(null);
  const closeQr = useCallback(() => setQrFor(null), []);
  const [restarting, setRestarting] = useState(false);

  const handleRestart = async () => {
    setRestarting(true);
    try {
      await restartConnections();
      toastSuccess(t('connections.header.restarted'));
    } catch (err) {
      toastError(err);
    } finally {
      setRestarting(false);
    }
  };

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
  const linking = qrFor === null ? null : (connections?.find((c) => c.id === qrFor) ?? null);

  return (
    <div className="list-screen connections-screen" data-testid="connections-screen">
      <header className="page-header">
        <H3 className="page-header__title">
          {t('connections.title')}
          <CountTag
            count={connections?.length ?? 0}
            loaded={connections !== null}
            testId="connections-count"
          />
        </H3>
        <div className="page-header__actions">
          <Button
            icon="refresh"
            variant="outlined"
            text={t('connections.header.restart')}
            loading={restarting}
            onClick={() => void handleRestart()}
            data-testid="connections-restart"
          />
          {supportUrl && (
            <AnchorButton
              icon="chat"
              variant="outlined"
              text={t('connections.header.support')}
              href={supportUrl}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="connections-support"
            />
          )}
          <NewConnectionMenu onPick={handlePick} />
        </div>
      </header>
      <ImportProgressCard />
      <ConnectionsTable
        connections={connections}
        onShowQr={(connection) => setQrFor(connection.id)}
        onEdit={(connection) => setTarget({ mode: 'edit', connection })}
        onDelete={setDoomed}
      />
      <ConnectionDialog
        target={editing ? { mode: 'edit', connection: editing } : target}
        onClose={() => setTarget(null)}
        onCreated={(created) => created.traits.needsSession && setQrFor(created.id)}
      />
      {pluginNew && PluginDialog && (
        <PluginBoundary plugin={pluginNew.plugin ?? 'shell'}>
          <PluginDialog channel={pluginNew.entry.channel} onClose={() => setPluginNew(null)} />
        </PluginBoundary>
      )}
      <QrCodeDialog connection={linking} onClose={closeQr} />
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
