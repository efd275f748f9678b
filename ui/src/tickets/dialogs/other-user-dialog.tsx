import { Button, Callout, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { otherUserDialogAtom } from '../shared/ticket-store';

/** "Already open with another user" (spec part 1 §2 dialogs): who has the ticket, and in which queue. */
export function OtherUserDialog() {
  const { t } = useTranslation();
  const [ticket, setTicket] = useAtom(otherUserDialogAtom);
  const close = () => setTicket(null);
  return (
    <Dialog
      isOpen={ticket !== null}
      onClose={close}
      title={t('tickets.otherUser.title')}
      icon="warning-sign"
      className="ticket-dialog"
    >
      <DialogBody>
        <Callout intent="warning" data-testid="other-user-dialog">
          <p>{t('tickets.otherUser.text')}</p>
          <p>
            <strong>{t('tickets.fields.user')}:</strong> {ticket?.user?.name ?? '—'}
            <br />
            <strong>{t('tickets.fields.queue')}:</strong> {ticket?.queue?.name ?? t('tickets.row.noQueue')}
          </p>
        </Callout>
      </DialogBody>
      <DialogFooter actions={<Button intent="primary" text={t('tickets.otherUser.ok')} onClick={close} />} />
    </Dialog>
  );
}
