import { AppError, type CorePorts, companyChannel } from '@balcao/sdk';
import {
  type ContactListItemDto,
  type ContactListItemPageDto,
  ITEM_TOPIC,
  PAGE_SIZE,
} from '../shared/contact-lists.js';
import { listErrors } from './errors.js';
import { isUniqueViolation, likePattern, listNumber } from './numbers.js';

export interface ItemRow {
  id: number;
  company_id: number;
  contact_list_id: number;
  name: string;
  number: string;
  email: string;
  is_whatsapp_valid: boolean | null;
}

export const toItemDto = (r: ItemRow): ContactListItemDto => ({
  id: r.id,
  companyId: r.company_id,
  contactListId: r.contact_list_id,
  name: r.name,
  number: r.number,
  email: r.email,
  isWhatsappValid: r.is_whatsapp_valid,
});

export const COLUMNS = 'id, company_id, contact_list_id, name, number, email, is_whatsapp_valid';

export interface ItemFields {
  name: string;
  number: string;
  email: string;
}

/** The digits of a typed number, or the form's 400 on `number` (fewer than 8 digits once the rest is dropped). */
export function digitsOrRefuse(typed: string): string {
  const digits = listNumber(typed);
  if (!digits)
    throw new AppError('ERR_VALIDATION', 400, { fields: [{ path: 'number', message: 'Too Short!' }] });
  return digits;
}

/** The numbers of one company's lists. Raw SQL carries `company_id` itself. */
export class ContactListItemsService {
  private readonly em: CorePorts['em'];
  private readonly realtime: CorePorts['realtime'];

  constructor({ em, realtime }: Pick<CorePorts, 'em' | 'realtime'>) {
    this.em = em;
    this.realtime = realtime;
  }

  async page(
    companyId: number,
    q: { contactListId: number; searchParam: string; pageNumber: number },
  ): Promise<ContactListItemPageDto> {
    await this.requireList(companyId, q.contactListId);
    const like = likePattern(q.searchParam);
    const rows = await this.em.execute<ItemRow[]>(
      `select ${COLUMNS} from contact_list_items
        where company_id = ? and contact_list_id = ? and (name ilike ? or number ilike ? or email ilike ?)
        order by name, id limit ? offset ?`,
      [companyId, q.contactListId, like, like, like, PAGE_SIZE + 1, PAGE_SIZE * (q.pageNumber - 1)],
    );
    return { contacts: rows.slice(0, PAGE_SIZE).map(toItemDto), hasMore: rows.length > PAGE_SIZE };
  }

  async find(companyId: number, id: number): Promise<ContactListItemDto> {
    const [row] = await this.em.execute<ItemRow[]>(
      `select ${COLUMNS} from contact_list_items where company_id = ? and id = ?`,
      [companyId, id],
    );
    if (!row) throw listErrors.raise('ERR_NO_CONTACT_LIST_ITEM_FOUND');
    return toItemDto(row);
  }

  async create(companyId: number, contactListId: number, fields: ItemFields): Promise<ContactListItemDto> {
    await this.requireList(companyId, contactListId);
    const number = digitsOrRefuse(fields.number);
    await this.refuseDuplicate(companyId, contactListId, number, null);
    const [row] = await this.write(
      `insert into contact_list_items (company_id, contact_list_id, name, number, email)
        values (?, ?, ?, ?, ?) returning ${COLUMNS}`,
      [companyId, contactListId, fields.name, number, fields.email],
    );
    return this.announce(companyId, 'create', toItemDto(row));
  }

  /** A changed number is checked again (is_whatsapp_valid back to null, and unchecked for the next check run). */
  async update(companyId: number, id: number, fields: ItemFields): Promise<ContactListItemDto> {
    const current = await this.find(companyId, id);
    const number = digitsOrRefuse(fields.number);
    await this.refuseDuplicate(companyId, current.contactListId, number, id);
    const [row] = await this.write(
      `update contact_list_items set name = ?, number = ?, email = ?, updated_at = now(),
        is_whatsapp_valid = case when number = ? then is_whatsapp_valid end,
        whatsapp_checked_at = case when number = ? then whatsapp_checked_at end,
        whatsapp_check_claimed_at = case when number = ? then whatsapp_check_claimed_at end
        where company_id = ? and id = ? returning ${COLUMNS}`,
      [fields.name, number, fields.email, number, number, number, companyId, id],
    );
    return this.announce(companyId, 'update', toItemDto(row));
  }

  async remove(companyId: number, id: number): Promise<ContactListItemDto> {
    const [row] = await this.em.execute<ItemRow[]>(
      `delete from contact_list_items where company_id = ? and id = ? returning ${COLUMNS}`,
      [companyId, id],
    );
    if (!row) throw listErrors.raise('ERR_NO_CONTACT_LIST_ITEM_FOUND');
    const item = toItemDto(row);
    await this.realtime.publish({
      companyId,
      channel: companyChannel(companyId, ITEM_TOPIC),
      data: { action: 'delete', id, contactListId: item.contactListId },
    });
    return item;
  }

  async requireList(companyId: number, contactListId: number): Promise<void> {
    const rows = await this.em.execute('select 1 from contact_lists where company_id = ? and id = ?', [
      companyId,
      contactListId,
    ]);
    if (!rows.length) throw listErrors.raise('ERR_NO_CONTACT_LIST_FOUND');
  }

  /** One number per list, counting a Brazilian mobile with and without its ninth digit as one (core's twin rule). */
  private async refuseDuplicate(companyId: number, listId: number, number: string, exceptId: number | null) {
    const rows = await this.em.execute(
      `select 1 from contact_list_items where company_id = ? and contact_list_id = ?
        and number in (?, balcao_number_twin(?)) and id <> ? limit 1`,
      [companyId, listId, number, number, exceptId ?? 0],
    );
    if (rows.length) throw listErrors.raise('ERR_DUPLICATED_NUMBER');
  }

  private async write(sql: string, params: unknown[]): Promise<ItemRow[]> {
    try {
      return await this.em.execute<ItemRow[]>(sql, params);
    } catch (err) {
      if (isUniqueViolation(err)) throw listErrors.raise('ERR_DUPLICATED_NUMBER');
      throw err;
    }
  }

  private async announce(companyId: number, action: 'create' | 'update', record: ContactListItemDto) {
    await this.realtime.publish({
      companyId,
      channel: companyChannel(companyId, ITEM_TOPIC),
      data: { action, record },
    });
    return record;
  }
}
