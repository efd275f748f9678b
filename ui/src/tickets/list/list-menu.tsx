import { Alert, Button, Menu, MenuItem, PopoverNext } from '@blueprintjs/core';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError, toastSuccess, toastWarning } from '../../notify/toaster';
import { requireUser, userAtom } from '../../session/session-store';
import { newTicketDialogAtom } from '../shared/ticket-store';
import { closeAllTickets } from '../shared/tickets-api';
import type { OpenTab } from './list-filters';

/** The speed-dial: New ticket for everyone, Close all (of the current Open sub-tab) for admins. */
export function ListMenu({ closeAllStatus, queueIds }: { closeAllStatus: OpenTab; queueIds: number[] }) {
  const { t } = useTranslation();
  const user = requireUser(useAtomValue(userAtom));
  const openNewTicket = useSetAtom(newTicketDialogAtom);
  const [confirmClose, setConfirmClose] = useState(false);

  const handleCloseAll = async () => {
    setConfirmClose(false);
    try {
      const { closed, skipped } = await closeAllTickets(closeAllStatus, queueIds);
      toastSuccess(t('tickets.closeAll.done', { n: closed }));
      // Those the tag rule held back stay in the list: say why.
      if (skipped.length) toastWarning(t('tickets.closeAll.skippedTag', { n: skipped.length }));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <>
      <PopoverNext
        placement="bottom-end"
        content={
          <Menu>
            <MenuItem
              icon="add"
              text={t('tickets.newTicket.title')}
              onClick={() => openNewTicket({ contact: null })}
              data-testid="menu-new-ticket"
            />
            {user.profile === 'admin' && (
              <MenuItem
                icon="tick-circle"
                text={t('tickets.closeAll.title')}
                onClick={() => setConfirmClose(true)}
                data-testid="menu-close-all"
              />
            )}
          </Menu>
        }
      >
        <Button
          icon="plus"
          intent="primary"
          aria-label={t('tickets.list.actions')}
          title={t('tickets.list.actions')}
          data-testid="ticket-speed-dial"
        />
      </PopoverNext>
      <Alert
        isOpen={confirmClose}
        icon="tick-circle"
        intent="warning"
        cancelButtonText={t('common.cancel')}
        confirmButtonText={t('tickets.closeAll.confirm')}
        onCancel={() => setConfirmClose(false)}
        onConfirm={handleCloseAll}
      >
        <p>{t('tickets.closeAll.text', { status: t(`tickets.status.${closeAllStatus}`) })}</p>
      </Alert>
    </>
  );
}
