import type { TicketDto } from '@balcao/sdk';
import { Button, Dialog, DialogBody, DialogFooter, FormGroup } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toastError } from '../../notify/toaster';
import { useCompanySettingEnabled } from '../../session/company-settings';
import { ContactTags } from '../contact/contact-tags';
import { updateTicket } from '../shared/tickets-api';

/**
 * Resolve (spec part 1 §4): close with or without the farewell message; the farewell passes the queue. With the
 * company's requiredTag on, the contact's tags are edited right here, and resolving waits until there is one (the
 * server refuses a close without, ERR_TAG_REQUIRED).
 */
export function ResolveDialog({
  ticket,
  isOpen,
  onClose,
}: {
  ticket: TicketDto;
  isOpen: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<'with' | 'without' | null>(null);
  const requiredTag = useCompanySettingEnabled('requiredTag');
  const [tags, setTags] = useState(ticket.contact.tags);
  useEffect(() => setTags(ticket.contact.tags), [ticket.contact.tags]);
  const needsTag = requiredTag && tags.length === 0;

  const resolve = async (farewell: boolean) => {
    setBusy(farewell ? 'with' : 'without');
    try {
      await updateTicket(ticket.id, {
        status: 'closed',
        sendFarewellMessage: farewell,
        ...(farewell && ticket.queueId !== null ? { queueId: ticket.queueId } : {}),
      });
      onClose();
      navigate('/tickets');
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={t('tickets.resolve.title')}
      icon="tick-circle"
      className="ticket-dialog"
    >
      <DialogBody>
        <p>{t('tickets.resolve.text')}</p>
        {requiredTag && (
          <FormGroup
            label={t('tickets.resolve.tags')}
            helperText={needsTag ? t('tickets.resolve.tagRequired') : undefined}
            intent={needsTag ? 'warning' : 'none'}
            data-testid="resolve-tags"
          >
            <ContactTags contactId={ticket.contact.id} tags={tags} onChange={setTags} />
          </FormGroup>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('common.cancel')} onClick={onClose} />
            <Button
              variant="outlined"
              text={t('tickets.resolve.without')}
              loading={busy === 'without'}
              disabled={busy !== null || needsTag}
              onClick={() => resolve(false)}
              data-testid="resolve-without"
            />
            <Button
              intent="primary"
              text={t('tickets.resolve.with')}
              loading={busy === 'with'}
              disabled={busy !== null || needsTag}
              onClick={() => resolve(true)}
              data-testid="resolve-with"
            />
          </>
        }
      />
    </Dialog>
  );
}
