import { randomInt } from 'node:crypto';
import {
  AppError,
  companyChannel,
  type EventsPort,
  type RealtimePort,
  type TagDto,
  type TagInput,
  tagSchema,
} from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { allOwned, flushOrConflict, likeTerm } from '../../db/sql-helpers.js';
import { definedOnly } from '../../http/validate.js';
import type { ContactsService } from '../contacts/contacts-service.js';
import { loadContactTags, replaceContactTags } from './contact-tags.js';
import { type ITag, Tag } from './tag.entity.js';
import { toTagDto } from './tag-presenter.js';

declare module '../../kernel/container.js' {
  interface Cradle {
    tags: TagsService;
  }
}

export const TAGS_PAGE_SIZE = 20;

/** Tags (alias t) with how many contacts and tickets (as their own tag) carry each. */
const COUNTED_TAGS = `select t.id, t.name, t.color, t.kanban,
        (select count(*) from contact_tags ct where ct.tag_id = t.id)::int as "contactsCount",
        (select count(*) from ticket_tags tt where tt.tag_id = t.id)::int as "ticketsCount"
   from tags t`;

/** `PUT /tags/{id}`: colour and kanban stay as they are when not sent. */
export const tagUpdateSchema = tagSchema.extend({ kanban: tagSchema.shape.kanban.unwrap().optional() });
type TagUpdateInput = z.infer<typeof tagUpdateSchema>;

/** `kanban` as a filter: absent for every tag, 0 for ordinary tags, anything else for kanban lanes. */
export type KanbanFilter = number | undefined;

const nameTaken = () =>
  new AppError('ERR_VALIDATION', 409, { fields: [{ path: 'name', message: 'ERR_NAME_TAKEN' }] });

const sameIds = (a: number[], b: number[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** A colour for a tag created without one (spec: default colour random). */
const randomColor = () => `#${randomInt(0, 0x1000000).toString(16).padStart(6, '0')}`;

const kanbanWhere = (kanban: KanbanFilter) =>
  kanban === undefined ? {} : kanban === 0 ? { kanban: 0 } : { kanban: { $ne: 0 } };

/** Tags of the current tenant and the tags of its contacts. */
export class TagsService {
  private readonly events: EventsPort;
  private readonly em: EntityManager;
  private readonly realtime: RealtimePort;
  private readonly contacts: ContactsService;

  constructor({
    em,
    realtime,
    contacts,
    events,
  }: { em: EntityManager; realtime: RealtimePort; contacts: ContactsService; events: EventsPort }) {
    this.events = events;
    this.em = em;
    this.realtime = realtime;
    this.contacts = contacts;
  }

  /** A page of tags with how many contacts and tickets carry each, counted in the same query. */
  async page(
    companyId: number,
    q: { searchParam: string; pageNumber: number; kanban?: KanbanFilter },
  ): Promise<{ tags: TagDto[]; hasMore: boolean }> {
    const params: unknown[] = [companyId];
    let where = 't.company_id = ?';
    if (q.searchParam) {
      where += ' and t.name ilike ?';
      params.push(`%${likeTerm(q.searchParam)}%`);
    }
    if (q.kanban !== undefined) where += q.kanban === 0 ? ' and t.kanban = 0' : ' and t.kanban <> 0';
    // One row more than a page tells whether another page exists.
    params.push(TAGS_PAGE_SIZE + 1, TAGS_PAGE_SIZE * (q.pageNumber - 1));
    const rows = await this.em.execute<TagDto[]>(
      `${COUNTED_TAGS}
        where ${where}
        order by t.name, t.id
        limit ? offset ?`,
      params,
    );
    return { tags: rows.slice(0, TAGS_PAGE_SIZE), hasMore: rows.length > TAGS_PAGE_SIZE };
  }

  /** Every tag of the company (pickers), optionally only ordinary or only kanban ones. */
  async list(kanban: KanbanFilter): Promise<TagDto[]> {
    const rows = await this.em.find(Tag, kanbanWhere(kanban), { orderBy: { name: 'asc', id: 'asc' } });
    return rows.map(toTagDto);
  }

  /** Every tag of the company with its counts (TagsPort.list), or only `id` (TagsPort.find), in name order. */
  async counted(companyId: number, q: { kanban?: KanbanFilter; id?: number }): Promise<TagDto[]> {
    const params: unknown[] = [companyId];
    let where = 't.company_id = ?';
    if (q.kanban !== undefined) where += q.kanban === 0 ? ' and t.kanban = 0' : ' and t.kanban <> 0';
    if (q.id !== undefined) {
      where += ' and t.id = ?';
      params.push(q.id);
    }
    return this.em.execute<TagDto[]>(`${COUNTED_TAGS} where ${where} order by t.name, t.id`, params);
  }

  async get(id: number): Promise<TagDto> {
    return toTagDto(await this.find(id));
  }

  /** `userId`: who created it; null for a plugin (TagsPort.create). */
  async create(companyId: number, userId: number | null, input: TagInput): Promise<TagDto> {
    await this.assertNameFree(input.name);
    const tag = this.em.create(Tag, { ...input, color: input.color ?? randomColor(), companyId, userId });
    await this.save();
    return this.publish(tag, 'create');
  }

  async update(id: number, input: TagUpdateInput): Promise<TagDto> {
    const tag = await this.find(id);
    await this.assertNameFree(input.name, id);
    this.em.assign(tag, definedOnly(input));
    await this.save();
    return this.publish(tag, 'update');
  }

  async remove(id: number): Promise<void> {
    const tag = await this.find(id);
    await this.em.remove(tag).flush();
    const { companyId } = tag;
    await this.events.emit('tag.deleted', { companyId, tagId: id });
    await this.realtime.publish({
      companyId,
      channel: companyChannel(companyId, 'tag'),
      data: { action: 'delete', tagId: id },
    });
  }

  /** The contact's tags, in name order. */
  async ofContact(companyId: number, contactId: number): Promise<TagDto[]> {
    await this.contacts.find(contactId);
    return (await loadContactTags(this.em, companyId, [contactId])).get(contactId) ?? [];
  }

  /**
   * Replaces the contact's tags with `tagIds`; ids of another company's tags are refused. Emits `contact.tags.changed`
   * and, for each of its tickets in progress (they carry its tags), `ticket.tags.changed`, when they changed.
   */
  async syncContact(companyId: number, contactId: number, tagIds: number[]): Promise<TagDto[]> {
    const contact = await this.contacts.find(contactId);
    if (!(await allOwned(this.em, 'tags', companyId, tagIds))) {
      throw new AppError('ERR_VALIDATION', 400, { fields: [{ path: 'tags', message: 'Unknown tag' }] });
    }
    const before = await this.contactTagState(companyId, contactId);
    await replaceContactTags(this.em, companyId, contactId, tagIds);
    await this.contacts.announce(contact);
    const after = await this.contactTagState(companyId, contactId);
    if (!sameIds(before.tagIds, after.tagIds))
      await this.events.emit('contact.tags.changed', {
        companyId,
        contactId,
        oldTagIds: before.tagIds,
        tagIds: after.tagIds,
      });
    // A ticket carries its contact's tags (tickets.tag_ids, core-0009): the contact's tickets in progress changed too.
    for (const [ticketId, tagIds] of after.tickets) {
      const oldTagIds = before.tickets.get(ticketId) ?? [];
      if (!sameIds(oldTagIds, tagIds))
        await this.events.emit('ticket.tags.changed', { companyId, ticketId, oldTagIds, tagIds });
    }
    return this.ofContact(companyId, contactId);
  }

  /** The contact's tag ids and its tickets' in progress (tickets.tag_ids), sorted. */
  private async contactTagState(
    companyId: number,
    contactId: number,
  ): Promise<{ tagIds: number[]; tickets: Map<number, number[]> }> {
    const conn = this.em.getConnection();
    const tags = await conn.execute<{ id: number }[]>(
      `select t.id from contact_tags ct join tags t on t.id = ct.tag_id
        where t.company_id = ? and ct.contact_id = ? order by t.id`,
      [companyId, contactId],
    );
    const tickets = await conn.execute<{ id: number; tag_ids: number[] }[]>(
      `select id, tag_ids from tickets where company_id = ? and contact_id = ? and status <> 'closed'`,
      [companyId, contactId],
    );
    return {
      tagIds: tags.map((t) => Number(t.id)),
      tickets: new Map(tickets.map((t) => [t.id, t.tag_ids.map(Number)])),
    };
  }

  private async find(id: number): Promise<ITag> {
    const tag = await this.em.findOne(Tag, { id });
    if (!tag) throw new AppError('ERR_NO_TAG_FOUND', 404);
    return tag;
  }

  private async assertNameFree(name: string, exceptId?: number): Promise<void> {
    const others = exceptId ? { id: { $ne: exceptId } } : {};
    if (await this.em.count(Tag, { name: { $ilike: likeTerm(name) }, ...others })) throw nameTaken();
  }

  private save(): Promise<void> {
    return flushOrConflict(this.em, { tags_company_name_unique: nameTaken });
  }

  private async publish(tag: ITag, action: 'create' | 'update'): Promise<TagDto> {
    const dto = toTagDto(tag);
    const { companyId } = tag;
    await this.events.emit(action === 'create' ? 'tag.created' : 'tag.updated', { companyId, tagId: tag.id });
    await this.realtime.publish({
      companyId,
      channel: companyChannel(companyId, 'tag'),
      data: { action, tag: dto },
    });
    return dto;
  }
}
