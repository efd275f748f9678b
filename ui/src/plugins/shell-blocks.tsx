import type { FormFooterProps, ListPageProps, ShellBlocks, TicketRowProps } from '@balcao/sdk/ui';
import { H3, NonIdealState, Tag } from '@blueprintjs/core';
import { useNavigate } from 'react-router-dom';
import { ConfirmFooter } from '../forms/confirm-footer';
import { DeleteAlert } from '../forms/delete-alert';
import { useSave } from '../forms/use-save';
import { TicketRow } from '../tickets/list/ticket-row';
import { ContactAvatar } from '../tickets/shared/contact-avatar';

/** The shell's ticket row for plugins: opens the ticket in the tickets screen unless told otherwise. */
function PluginTicketRow({ ticket, selected = false, onOpen }: TicketRowProps) {
  const navigate = useNavigate();
  const open = onOpen ?? ((t: TicketRowProps['ticket']) => navigate(`/tickets/${t.uuid}`));
  return (
    <TicketRow
      ticket={ticket}
      selected={selected}
      showUser={false}
      onOpen={open}
      onAccept={open}
      onIgnore={open}
    />
  );
}

function FormFooter(props: FormFooterProps) {
  return <ConfirmFooter {...props} />;
}

/** A list screen as the shell's own (queues, connections): header with title, count and actions, then the list. */
export function ListPage({ title, count, actions, empty, testId, children }: ListPageProps) {
  return (
    <div className="list-screen" data-testid={testId}>
      <header className="page-header">
        <H3 className="page-header__title">
          {title}
          {count !== undefined && (
            <Tag round minimal>
              {count}
            </Tag>
          )}
        </H3>
        {actions}
      </header>
      <div className="list-screen__body">
        {empty ? <NonIdealState icon="inbox" description={empty} className="list-screen__empty" /> : children}
      </div>
    </div>
  );
}

/** What `@balcao/sdk/ui`'s building blocks render: the shell's own components. */
export const SHELL_BLOCKS: ShellBlocks = {
  TicketRow: PluginTicketRow,
  ContactAvatar,
  DeleteConfirmation: DeleteAlert,
  FormFooter,
  ListPage,
  useSave,
};
