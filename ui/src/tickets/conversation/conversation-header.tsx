import type { TicketDto } from '@balcao/sdk';
import { SlotTicketContext } from '@balcao/sdk/ui';
import { Alert, Button, Menu, MenuDivider, MenuItem, PopoverNext, Switch, Tag } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ContactAddress } from '../../contacts/contact-address';
import { useIsNarrow, useMediaQuery } from '../../layout/use-media-query';
import { toastError, toastSuccess } from '../../notify/toaster';
import { Slot } from '../../plugins/slot';
import { requireUser, userAtom } from '../../session/session-store';
import { ResolveDialog } from '../dialogs/resolve-dialog';
import { TicketLogDialog } from '../dialogs/ticket-log-dialog';
import { TransferDialog } from '../dialogs/transfer-dialog';
import { ChannelIcon } from '../shared/channel-icon';
import { ContactAvatar } from '../shared/contact-avatar';
import { CONTACT_NAME_MAX, truncate } from '../shared/format';
import { PresenceLabel } from '../shared/presence-label';
import { deleteTicket, updateTicket } from '../shared/tickets-api';
import { useTicketActions } from '../shared/use-ticket-actions';

type DialogName = 'resolve' | 'transfer' | 'log' | 'delete' | null;

const STATUS_INTENT = {
  open: 'success',
  pending: 'warning',
  closed: 'none',
  group: 'primary',
  lgpd: 'none',
  nps: 'none',
  held: 'none',
} as const;

interface Props {
  ticket: TicketDto;
  drawerOpen: boolean;
  onToggleDrawer(): void;
}

/** Contact, status and the ticket's actions for its status (spec part 1 §4 table). */
export function ConversationHeader({ ticket, drawerOpen, onToggleDrawer }: Props) {
  const { t } = useTranslation();
  const user = requireUser(useAtomValue(userAtom));
  const navigate = useNavigate();
  const roomy = useMediaQuery('(min-width: 1280px)');
  const narrow = useIsNarrow();
  const { accept } = useTicketActions();
  const [dialog, setDialog] = useState<DialogName>(null);
  const [busy, setBusy] = useState(false);
  const active = ticket.status === 'open' || ticket.status === 'group';
  const label = (key: string) => (roomy && !drawerOpen ? t(key) : undefined);

  const handleReturn = async () => {
    setBusy(true);
    try {
      await updateTicket(ticket.id, { status: 'pending', userId: null });
      navigate('/tickets');
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };

  // Spec part 1 §4: the integration flag is toggled on its own; every viewer sees it through the ticket's update event.
  const handleIntegration = async () => {
    const on = !ticket.useIntegration;
    try {
      await updateTicket(ticket.id, { useIntegration: on });
      toastSuccess(t(on ? 'tickets.integration.enabled' : 'tickets.integration.disabled'));
    } catch (err) {
      toastError(err);
    }
  };

  const handleDelete = async () => {
    setDialog(null);
    try {
      await deleteTicket(ticket.id);
      toastSuccess(t('tickets.deleted'));
      navigate('/tickets');
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <header className="conversation-header" data-testid="conversation-header">
      <button
        type="button"
        className="conversation-header__contact"
        onClick={onToggleDrawer}
        title={t('tickets.contact.show')}
      >
        <ContactAvatar name={ticket.contact.name} url={ticket.contact.urlPicture} size={38} />
        <span className="conversation-header__who">
          <span className="conversation-header__name" data-testid="conversation-name">
            {truncate(ticket.contact.name, CONTACT_NAME_MAX)} <ChannelIcon channel={ticket.channel} />
          </span>
          <span className="conversation-header__sub">
            <PresenceLabel ticketId={ticket.id}>
              <ContactAddress contact={{ channel: ticket.channel, number: ticket.contact.number }} />
              {ticket.user && ` · ${t('tickets.header.assignedTo', { name: ticket.user.name })}`}
            </PresenceLabel>
          </span>
        </span>
      </button>
      <Tag
        round
        intent={STATUS_INTENT[ticket.status]}
        data-testid="conversation-status"
        className="conversation-header__status"
      >
        {t(`tickets.status.${ticket.status}`)}
      </Tag>
      {ticket.queue && (
        <Tag round minimal className="conversation-header__queue">
          <span className="queue-dot" style={{ background: ticket.queue.color }} />
          {ticket.queue.name}
        </Tag>
      )}
      <span className="conversation-header__spacer" />
      <div className="conversation-header__actions">
        <SlotTicketContext.Provider value={ticket}>
          <Slot id="ticket.header.actions" />
        </SlotTicketContext.Provider>
        {ticket.status === 'pending' && (
          <Button
            intent="primary"
            icon="inbox"
            text={t('tickets.actions.accept')}
            onClick={() => accept(ticket)}
            data-testid="header-accept"
          />
        )}
        {ticket.status === 'closed' && (
          <Button
            intent="primary"
            icon="refresh"
            text={t('tickets.actions.reopen')}
            onClick={() => accept(ticket)}
            data-testid="header-reopen"
          />
        )}
        {active && (
          <Button
            variant="outlined"
            icon="undo"
            text={label('tickets.actions.return')}
            title={t('tickets.actions.return')}
            loading={busy}
            onClick={handleReturn}
            data-testid="header-return"
          />
        )}
        {/* Also while it waits for the contact's rating or LGPD consent: it may still be closed at once. */}
        {(active || ticket.status === 'nps' || ticket.status === 'lgpd') && (
          <Button
            intent="primary"
            icon="tick"
            text={narrow ? undefined : t('tickets.actions.resolve')}
            title={t('tickets.actions.resolve')}
            onClick={() => setDialog('resolve')}
            data-testid="header-resolve"
          />
        )}
        <PopoverNext
          placement="bottom-end"
          content={
            <Menu>
              {ticket.status !== 'closed' && (
                <MenuItem
                  icon="exchange"
                  text={t('tickets.actions.transfer')}
                  onClick={() => setDialog('transfer')}
                  data-testid="header-transfer"
                />
              )}
              <MenuItem
                icon="timeline-events"
                text={t('tickets.log.title')}
                onClick={() => setDialog('log')}
                data-testid="header-log"
              />
              <MenuItem
                icon="person"
                text={t(drawerOpen ? 'tickets.contact.hide' : 'tickets.contact.show')}
                onClick={onToggleDrawer}
                data-testid="header-contact"
              />
              {/* Integrations are a plan feature (useIntegration): without it the switch would change nothing. */}
              {user.company.plan.useIntegration && (
                <>
                  <MenuDivider />
                  <li className="conversation-header__switch">
                    <Switch
                      checked={ticket.useIntegration}
                      label={t('tickets.integration.label')}
                      onChange={handleIntegration}
                      alignIndicator="end"
                      data-testid="header-integration"
                    />
                  </li>
                </>
              )}
              {user.profile === 'admin' && (
                <>
                  <MenuDivider />
                  <MenuItem
                    icon="trash"
                    intent="danger"
                    text={t('tickets.actions.delete')}
                    onClick={() => setDialog('delete')}
                    data-testid="header-delete"
                  />
                </>
              )}
            </Menu>
          }
        >
          <Button
            variant="minimal"
            icon="more"
            aria-label={t('tickets.header.more')}
            title={t('tickets.header.more')}
            data-testid="header-more"
          />
        </PopoverNext>
      </div>
      <ResolveDialog ticket={ticket} isOpen={dialog === 'resolve'} onClose={() => setDialog(null)} />
      <TransferDialog ticket={ticket} isOpen={dialog === 'transfer'} onClose={() => setDialog(null)} />
      <TicketLogDialog ticketId={ticket.id} isOpen={dialog === 'log'} onClose={() => setDialog(null)} />
      <Alert
        isOpen={dialog === 'delete'}
        icon="trash"
        intent="danger"
        cancelButtonText={t('common.cancel')}
        confirmButtonText={t('tickets.actions.delete')}
        onCancel={() => setDialog(null)}
        onConfirm={handleDelete}
      >
        <p>{t('tickets.confirmDelete')}</p>
      </Alert>
    </header>
  );
}
