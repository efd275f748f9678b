import type { ConnectionDto } from '@balcao/sdk';
import { Alert } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError, toastSuccess } from '../notify/toaster';
import { importFromPhone } from './contacts-api';

/**
 * The connection "Import from phone" reads: the company's default one, when its channel can read an address book
 * (its `capabilities`); null keeps the menu entry disabled.
 */
export function phoneImportSource(connections: ConnectionDto[]): ConnectionDto | null {
  const source = connections.find((c) => c.isDefault);
  return source?.capabilities.importContacts ? source : null;
}

interface Props {
  /** The default connection to read; the alert is open while set. */
  connection: ConnectionDto | null;
  onClose(): void;
  /** After an import, so the list shows the new contacts even if its live events were missed. */
  onImported(): void;
}

/** Asks before importing the default connection's address book, shows the work in progress, then the result. */
export function PhoneImportAlert({ connection, onClose, onImported }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  const handleConfirm = async () => {
    setBusy(true);
    try {
      const summary = await importFromPhone();
      toastSuccess(t('contacts.phoneImport.done', { ...summary }));
      onImported();
      onClose();
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Alert
      isOpen={connection !== null}
      icon="mobile-phone"
      intent="primary"
      loading={busy}
      canEscapeKeyCancel={!busy}
      cancelButtonText={t('common.cancel')}
      confirmButtonText={t('contacts.phoneImport.confirm')}
      onCancel={onClose}
      onConfirm={handleConfirm}
    >
      <div data-testid="phone-import-alert" aria-busy={busy}>
        <p>
          <strong>{t('contacts.phoneImport.title')}</strong>
        </p>
        <p>
          {busy
            ? t('contacts.phoneImport.working')
            : t('contacts.phoneImport.text', { connection: connection?.name ?? '' })}
        </p>
      </div>
    </Alert>
  );
}
