import {
  AppError,
  type ChannelConnection,
  companyChannel,
  type HistoryImportReporter,
  type HistoryImportWindow,
  IMPORT_STATUS,
  type ImportMessagesFrame,
  type RealtimePort,
} from '@balcao/sdk';
import type { AwilixContainer } from 'awilix';
import { type Cradle, createRequestScope } from '../../kernel/container.js';
import { withoutSecrets } from '../connections/connection-presenter.js';

declare module '../../kernel/container.js' {
  interface Cradle {
    /** History imports: the sessions' reporter door and "close imported tickets". */
    historyImports: HistoryImports;
  }
}

/**
 * A connection's history import as core keeps it: the window its row asks for, `statusImportMessages` ('Running',
 * then 'renderButtonCloseTickets' or nothing), `importStartedAt` (stamped at the import's first progress report, the
 * moment WhatsApp starts handing the history over), the `company-{id}-importMessages` frames (IMPORT_MESSAGES_FRAME) and
 * the connection's own update frame whenever its status changes. Closing imported tickets is a bulk write: no
 * farewell message or event per ticket (they are history, the contact is not waiting).
 */
export class HistoryImports {
  constructor(private readonly root: AwilixContainer<Cradle>) {}

  private get db() {
    return this.root.cradle.orm.em.getConnection();
  }

  private get realtime(): RealtimePort {
    return this.root.cradle.realtime;
  }

  /** The door a session of `connection` reports through (ChannelSessionContext.history). */
  reporter(connection: ChannelConnection): HistoryImportReporter {
    const { companyId, id } = connection;
    let running = false;
    return {
      window: () => this.window(companyId, id),
      progress: async (processed, total) => {
        if (!running) {
          running = true;
          await this.setStatus(companyId, id, IMPORT_STATUS.running, true);
        }
        await this.frame(companyId, {
          action: 'update',
          status: { this: processed, all: total },
          whatsappId: id,
        });
      },
      finished: async () => {
        running = false;
        const [row] = await this.db.execute<{ closed_tickets_post_imported: boolean }[]>(
          'select closed_tickets_post_imported from whatsapps where company_id = ? and id = ?',
          [companyId, id],
        );
        if (row?.closed_tickets_post_imported) await this.closeTickets(companyId, id);
        await this.setStatus(
          companyId,
          id,
          row?.closed_tickets_post_imported ? null : IMPORT_STATUS.offerClose,
        );
        await this.frame(companyId, { action: 'refresh', whatsappId: id });
      },
    };
  }

  /**
   * `POST /closedimported/{id}`: closes the connection's imported tickets still open or pending and clears the
   * offer. Another company's connection is not found. Answers how many closed.
   */
  async closeImported(companyId: number, connectionId: number): Promise<number> {
    const [row] = await this.db.execute<{ id: number }[]>(
      'select id from whatsapps where company_id = ? and id = ?',
      [companyId, connectionId],
    );
    if (!row) throw new AppError('ERR_NO_WAPP_FOUND', 404);
    const closed = await this.closeTickets(companyId, connectionId);
    await this.setStatus(companyId, connectionId, null);
    await this.frame(companyId, { action: 'refresh', whatsappId: connectionId });
    return closed;
  }

  private async window(companyId: number, id: number): Promise<HistoryImportWindow | null> {
    const [row] = await this.db.execute<
      {
        import_old_messages: Date | string | null;
        import_recent_messages: Date | string | null;
        import_old_messages_groups: boolean;
        status_import_messages: string | null;
      }[]
    >(
      `select import_old_messages, import_recent_messages, import_old_messages_groups, status_import_messages
         from whatsapps where company_id = ? and id = ?`,
      [companyId, id],
    );
    if (!row?.import_old_messages) return null;
    return {
      from: new Date(row.import_old_messages),
      until: row.import_recent_messages ? new Date(row.import_recent_messages) : null,
      groups: row.import_old_messages_groups,
    };
  }

  private async closeTickets(companyId: number, connectionId: number): Promise<number> {
    const rows = await this.db.execute<{ id: number }[]>(
      `update tickets set status = 'closed', unread_messages = 0, updated_at = now()
        where company_id = ? and whatsapp_id = ? and imported_at is not null and status in ('open', 'pending')
        returning id`,
      [companyId, connectionId],
    );
    return rows.length;
  }

  /** Sets statusImportMessages; `started`: the import starts now (importStartedAt, the screen's preparing window). */
  private async setStatus(
    companyId: number,
    id: number,
    status: string | null,
    started = false,
  ): Promise<void> {
    await this.db.execute(
      `update whatsapps set status_import_messages = ?, updated_at = now(),
              import_started_at = case when ? then now() else import_started_at end
        where company_id = ? and id = ?`,
      [status, started, companyId, id],
    );
    const dto = await createRequestScope(this.root, companyId).cradle.connections.get(id);
    await this.realtime.publish({
      companyId,
      channel: companyChannel(companyId, 'whatsapp'),
      data: { action: 'update', whatsapp: withoutSecrets(dto) },
    });
  }

  private async frame(companyId: number, data: ImportMessagesFrame): Promise<void> {
    await this.realtime.publish({ companyId, channel: companyChannel(companyId, 'importMessages'), data });
  }
}
