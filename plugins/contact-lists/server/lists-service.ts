import { type CorePorts, companyChannel } from '@balcao/sdk';
import {
  type ContactListDto,
  type ContactListPageDto,
  LIST_TOPIC,
  PAGE_SIZE,
} from '../shared/contact-lists.js';
import { listErrors } from './errors.js';
import { likePattern } from './numbers.js';

interface ListRow {
  id: number;
  name: string;
  contacts_count: string | number;
  created_at: Date;
  updated_at: Date;
}

const toDto = (r: ListRow): ContactListDto => ({
  id: r.id,
  name: r.name,
  contactsCount: Number(r.contacts_count),
  createdAt: new Date(r.created_at).toISOString(),
  updatedAt: new Date(r.updated_at).toISOString(),
});

const SELECT = `select l.id, l.name, l.created_at, l.updated_at,
  (select count(*) from contact_list_items i where i.contact_list_id = l.id) as contacts_count
  from contact_lists l`;

/** The company's contact lists. Raw SQL carries `company_id` itself: the tenant filter covers ORM queries only. */
export class ContactListsService {
  private readonly em: CorePorts['em'];
  private readonly realtime: CorePorts['realtime'];

  constructor({ em, realtime }: Pick<CorePorts, 'em' | 'realtime'>) {
    this.em = em;
    this.realtime = realtime;
  }

  async page(companyId: number, q: { searchParam: string; pageNumber: number }): Promise<ContactListPageDto> {
    const offset = PAGE_SIZE * (q.pageNumber - 1);
    const rows = await this.em.execute<ListRow[]>(
      `${SELECT} where l.company_id = ? and l.name ilike ? order by l.name, l.id limit ? offset ?`,
      [companyId, likePattern(q.searchParam), PAGE_SIZE + 1, offset],
    );
    return { records: rows.slice(0, PAGE_SIZE).map(toDto), hasMore: rows.length > PAGE_SIZE };
  }

  /** Every list by name, for pickers (a campaign's audience). */
  async all(companyId: number): Promise<ContactListDto[]> {
    const rows = await this.em.execute<ListRow[]>(`${SELECT} where l.company_id = ? order by l.name, l.id`, [
      companyId,
    ]);
    return rows.map(toDto);
  }

  async find(companyId: number, id: number): Promise<ContactListDto> {
    const [row] = await this.em.execute<ListRow[]>(`${SELECT} where l.company_id = ? and l.id = ?`, [
      companyId,
      id,
    ]);
    if (!row) throw listErrors.raise('ERR_NO_CONTACT_LIST_FOUND');
    return toDto(row);
  }

  async create(companyId: number, name: string): Promise<ContactListDto> {
    const [row] = await this.em.execute<{ id: number }[]>(
      'insert into contact_lists (company_id, name) values (?, ?) returning id',
      [companyId, name],
    );
    return this.announce(companyId, 'create', await this.find(companyId, row.id));
  }

  async update(companyId: number, id: number, name: string): Promise<ContactListDto> {
    const rows = await this.em.execute<{ id: number }[]>(
      'update contact_lists set name = ?, updated_at = now() where company_id = ? and id = ? returning id',
      [name, companyId, id],
    );
    if (!rows.length) throw listErrors.raise('ERR_NO_CONTACT_LIST_FOUND');
    return this.announce(companyId, 'update', await this.find(companyId, id));
  }

  /** Removes the list and, by the foreign key's cascade, its numbers. */
  async remove(companyId: number, id: number): Promise<void> {
    const rows = await this.em.execute<{ id: number }[]>(
      'delete from contact_lists where company_id = ? and id = ? returning id',
      [companyId, id],
    );
    if (!rows.length) throw listErrors.raise('ERR_NO_CONTACT_LIST_FOUND');
    await this.realtime.publish({
      companyId,
      channel: companyChannel(companyId, LIST_TOPIC),
      data: { action: 'delete', id },
    });
  }

  /** Tells the company's screens the list changed (its count too, after items move). */
  async touch(companyId: number, id: number): Promise<void> {
    await this.announce(companyId, 'update', await this.find(companyId, id));
  }

  private async announce(companyId: number, action: 'create' | 'update', record: ContactListDto) {
    await this.realtime.publish({
      companyId,
      channel: companyChannel(companyId, LIST_TOPIC),
      data: { action, record },
    });
    return record;
  }
}
