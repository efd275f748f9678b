import type { TicketLogDto, TicketLogType } from '@balcao/sdk';
import { Dialog, DialogBody, Icon, type IconName, NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../notify/toaster';
import { formatDateTime } from '../shared/format';
import { fetchTicketLogs } from '../shared/tickets-api';

const ICONS: Record<TicketLogType, IconName> = {
  create: 'add',
  lgpd: 'shield',
  chatBot: 'predictive-analysis',
  queue: 'layers',
  open: 'inbox',
  access: 'eye-open',
  transfered: 'exchange',
  receivedTransfer: 'import',
  pending: 'undo',
  closed: 'tick-circle',
  reopen: 'refresh',
  nps: 'star',
  autoClose: 'time',
  redirect: 'flow-end',
  clientClosed: 'log-out',
  merged: 'git-merge',
};

/** The ticket's history as a timeline (spec "ticket log timeline"). */
export function TicketLogDialog({
  ticketId,
  isOpen,
  onClose,
}: {
  ticketId: number;
  isOpen: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [logs, setLogs] = useState<TicketLogDto[] | null>(null);

  useEffect(() => {
    if (!isOpen) return;
    setLogs(null);
    fetchTicketLogs(ticketId).then(setLogs, (err: unknown) => {
      toastError(err);
      setLogs([]);
    });
  }, [isOpen, ticketId]);

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={t('tickets.log.title')}
      icon="timeline-events"
      className="ticket-dialog"
    >
      <DialogBody>
        {logs === null && <Spinner size={24} />}
        {logs?.length === 0 && <NonIdealState icon="history" description={t('tickets.log.empty')} />}
        {logs && logs.length > 0 && (
          <ol className="ticket-log" data-testid="ticket-log">
            {logs.map((log) => (
              <li key={log.id} className="ticket-log__item">
                <span className="ticket-log__icon">
                  <Icon icon={ICONS[log.type] ?? 'dot'} size={12} />
                </span>
                <div>
                  <div className="ticket-log__text">
                    {t(
                      `tickets.log.types.${log.plugin && log.type === 'create' ? 'createByPlugin' : log.type}`,
                      {
                        user:
                          log.user?.name ??
                          (log.plugin
                            ? t('tickets.log.plugin', { plugin: log.plugin })
                            : t('tickets.log.system')),
                        plugin: log.plugin,
                        queue: log.queue?.name ?? t('tickets.row.noQueue'),
                      },
                    )}
                  </div>
                  <time className="ticket-log__time" dateTime={log.createdAt}>
                    {formatDateTime(log.createdAt)}
                  </time>
                </div>
              </li>
            ))}
          </ol>
        )}
      </DialogBody>
    </Dialog>
  );
}
