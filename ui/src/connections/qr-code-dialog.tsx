import type { ConnectionDto } from '@balcao/sdk';
import { Button, Callout, Dialog, DialogBody, DialogFooter, NonIdealState, Spinner } from '@blueprintjs/core';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../notify/toaster';
import { failureOf } from './connection-rules';

/**
 * The QR-code modal (spec part 1 §2): the live connection's QR code while it waits to be scanned (each new code the
 * session reports replaces it), "linking" while PAIRING or OPENING. It closes by itself once the session leaves
 * those states (CONNECTED tells so), or with Close; a failure the channel explained (issue 24) keeps it open with why.
 */
export function QrCodeDialog({ connection, onClose }: { connection: ConnectionDto | null; onClose(): void }) {
  const { t } = useTranslation();
  const status = connection?.status;
  const waiting = status === 'qrcode' || status === 'PAIRING' || status === 'OPENING';
  const failure = failureOf(connection);
  const wasWaiting = useRef(false);

  useEffect(() => {
    if (!connection) return;
    if (waiting) {
      wasWaiting.current = true;
      return;
    }
    if (!wasWaiting.current || failure) return;
    wasWaiting.current = false;
    if (status === 'CONNECTED') toastSuccess(t('connections.qr.linked', { name: connection.name }));
    onClose();
  }, [connection, waiting, failure, status, onClose, t]);

  const name = connection?.name ?? '';
  return (
    <Dialog
      isOpen={connection !== null}
      onClose={onClose}
      title={t('connections.qr.title', { name })}
      icon="grid-view"
      className="qr-code-dialog"
    >
      <DialogBody>
        <p>{t('connections.qr.help')}</p>
        {failure && (
          <Callout intent={status === 'TIMEOUT' ? 'warning' : 'danger'} icon="error" data-testid="qr-failure">
            {t(`connections.failure.${failure}`)}{' '}
            {t(status === 'TIMEOUT' ? 'connections.qr.retrying' : 'connections.qr.gaveUp')}
          </Callout>
        )}
        <div className="qr-code-dialog__code" data-testid="qr-code" data-status={status}>
          {status === 'qrcode' && connection?.qrcode ? (
            <QRCodeSVG
              value={connection.qrcode}
              size={256}
              marginSize={2}
              title={t('connections.qr.label', { name })}
              data-testid="qr-code-image"
              data-value={connection.qrcode}
            />
          ) : (
            <NonIdealState
              icon={<Spinner size={48} />}
              description={t(status === 'PAIRING' ? 'connections.qr.pairing' : 'connections.qr.waiting')}
            />
          )}
        </div>
      </DialogBody>
      <DialogFooter actions={<Button text={t('connections.qr.close')} onClick={onClose} />} />
    </Dialog>
  );
}
