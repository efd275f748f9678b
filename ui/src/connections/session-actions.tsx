import { type ConnectionDto, importPreparingMs } from '@balcao/sdk';
import { Button, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError, toastSuccess } from '../notify/toaster';
import { sessionActions } from './connection-rules';
import { closeImportedTickets, type SessionCommand, sessionCommand } from './connections-api';

const ICONS = { retry: 'refresh', newQr: 'camera', disconnect: 'offline' } as const;

/**
 * The time the row's actions are worked out at: now, and once more when the import's "preparing" window ends, so the
 * button gives way by itself (spec part 1 §4: 35 seconds after the import started), without a reload.
 */
function useNowThroughPreparing(connection: ConnectionDto): number {
  const [, setTick] = useState(0);
  const { importOldMessages, importStartedAt, statusImportMessages } = connection;
  useEffect(() => {
    const left = importPreparingMs({ importOldMessages, importStartedAt, statusImportMessages }, Date.now());
    if (left <= 0) return;
    const timer = setTimeout(() => setTick((n) => n + 1), left);
    return () => clearTimeout(timer);
  }, [importOldMessages, importStartedAt, statusImportMessages]);
  return Date.now();
}

/**
 * The "session" cell of a connection row (spec part 1 §4): what its status offers. The command is answered at once;
 * the new status arrives on `company-{id}-whatsappSession` and the row follows it.
 */
export function SessionActions({
  connection,
  onShowQr,
}: {
  connection: ConnectionDto;
  onShowQr(connection: ConnectionDto): void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<SessionCommand | 'closeImported' | null>(null);
  const now = useNowThroughPreparing(connection);

  const run = async (command: SessionCommand) => {
    setBusy(command);
    try {
      await sessionCommand(connection.id, command);
      toastSuccess(
        t(command === 'disconnect' ? 'connections.session.disconnected' : 'connections.session.retried'),
      );
      if (command === 'newQr') onShowQr(connection);
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(null);
    }
  };

  const closeImported = async () => {
    setBusy('closeImported');
    try {
      const { closed } = await closeImportedTickets(connection.id);
      toastSuccess(t('connections.session.importedClosed', { count: closed }));
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="session-actions" data-testid="connection-session">
      {sessionActions(connection, now).map((action) => {
        if (action === 'qrcode')
          return (
            <Button
              key={action}
              size="small"
              intent="primary"
              icon="grid-view"
              text={t('connections.session.qrcode')}
              onClick={() => onShowQr(connection)}
              data-testid="session-qrcode"
            />
          );
        // Work under way (the session connecting, an import being prepared): a disabled button that says so.
        if (action === 'preparing' || action === 'connecting')
          return (
            <Button
              key={action}
              size="small"
              disabled
              icon={<Spinner size={12} />}
              text={t(`connections.session.${action}`)}
              data-testid={`session-${action}`}
            />
          );
        if (action === 'closeImported')
          return (
            <Button
              key={action}
              size="small"
              variant="outlined"
              icon="archive"
              loading={busy === action}
              disabled={busy !== null && busy !== action}
              text={t('connections.session.closeImported')}
              onClick={() => void closeImported()}
              data-testid="session-closeImported"
            />
          );
        return (
          <Button
            key={action}
            size="small"
            variant={action === 'newQr' ? 'outlined' : 'solid'}
            intent={action === 'disconnect' ? 'danger' : 'none'}
            icon={ICONS[action]}
            loading={busy === action}
            disabled={busy !== null && busy !== action}
            text={t(`connections.session.${action}`)}
            onClick={() => void run(action)}
            data-testid={`session-${action}`}
          />
        );
      })}
    </div>
  );
}
