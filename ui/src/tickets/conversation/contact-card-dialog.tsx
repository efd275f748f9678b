import type { ContactDto } from '@balcao/sdk';
import { Dialog, DialogBody } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmFooter } from '../../forms/confirm-footer';
import { ContactPicker } from '../dialogs/contact-picker';

/** Send-contact (spec part 1 §2 Composer): pick one of the company's contacts to send as a card. */
export function ContactCardDialog({
  isOpen,
  onClose,
  onPick,
}: {
  isOpen: boolean;
  onClose(): void;
  onPick(contact: ContactDto): Promise<void>;
}) {
  const { t } = useTranslation();
  const [contact, setContact] = useState<ContactDto | null>(null);
  const [invalid, setInvalid] = useState(false);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setContact(null);
    setInvalid(false);
    onClose();
  };
  const submit = async () => {
    if (!contact) {
      setInvalid(true);
      return;
    }
    setBusy(true);
    try {
      await onPick(contact);
      close();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      isOpen={isOpen}
      onClose={close}
      title={t('tickets.media.sendContact')}
      icon="id-number"
      className="ticket-dialog"
    >
      <DialogBody>
        <ContactPicker id="card-contact" value={contact} onChange={setContact} invalid={invalid} />
      </DialogBody>
      <ConfirmFooter
        text={t('tickets.composer.send')}
        busy={busy}
        onCancel={close}
        onConfirm={submit}
        testId="card-submit"
      />
    </Dialog>
  );
}
