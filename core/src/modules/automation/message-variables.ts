import { renderVariables as renderMessageVariables, type VariableValues } from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import { companyClock } from '../../db/local-days.js';
import { type CustomerTexts, textsIn } from './customer-texts.js';

/** What an automatic text's variables are filled with (see the SDK's `renderVariables`), on the company's clock. */
export interface VariableContext
  extends Pick<
    VariableValues,
    'contactName' | 'ticketId' | 'userName' | 'queueName' | 'connectionName' | 'companyName'
  > {
  /** The moment the text is sent (the kernel's clock); now when absent. */
  now?: Date;
  /** The company's time zone (IANA); America/Sao_Paulo when absent (CONVENTIONS "Time"). */
  timeZone?: string;
  /** The company's texts for {{ms}} and {{data_hora}}; pt-BR when absent. */
  texts?: Pick<CustomerTexts, 'periods' | 'at'>;
}

/**
 * The SDK's renderer with the company's wall clock and texts: the one renderer of every automatic message.
 * @example renderVariables('{{ms}}, {{firstName}}!', { contactName: 'Maria Souza', … }) // 'Boa tarde, Maria!'
 */
export function renderVariables(template: string, c: VariableContext): string {
  const now = c.now ?? new Date();
  const texts = c.texts ?? textsIn('pt-BR');
  const { weekday: _, ...clock } = companyClock(now, c.timeZone);
  return renderMessageVariables(template, {
    ...c,
    clock: { ...clock, millisecond: now.getMilliseconds() },
    periods: texts.periods,
    at: texts.at,
  });
}

/** The context of a ticket, read in one query (company-scoped). */
export async function ticketVariables(
  em: EntityManager,
  companyId: number,
  ticketId: number,
  userName: string,
): Promise<VariableContext> {
  const [row] = await em.getConnection().execute<
    {
      contact: string;
      queue: string | null;
      connection: string | null;
      company: string;
      user: string | null;
    }[]
  >(
    `select c.name as contact, q.name as queue, w.name as connection, co.name as company, u.name as user
       from tickets t join contacts c on c.id = t.contact_id join companies co on co.id = t.company_id
       left join queues q on q.id = t.queue_id left join whatsapps w on w.id = t.whatsapp_id
       left join users u on u.id = t.user_id
      where t.company_id = ? and t.id = ?`,
    [companyId, ticketId],
  );
  return {
    contactName: row?.contact ?? '',
    ticketId,
    // The one who speaks (an attendant accepting), else the ticket's attendant, else none (GB: "" without a user).
    userName: userName || row?.user || '',
    queueName: row?.queue ?? '',
    connectionName: row?.connection ?? '',
    companyName: row?.company ?? '',
  };
}
