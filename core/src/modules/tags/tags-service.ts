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

/** `PUT /tags/{id}`: colour and kanban stay as they are when not sent. */
export const tagUpdateSchema = tagSchema.extend({ kanban: tagSchema.shape.kanban.unwrap().optional() });
type TagUpdateInput = z.infer<typeof tagUpdateSchema>;

/** `kanban` as a filter: absent for every tag, 0 for ordinary tags, anything else for kanban lanes. */
export type KanbanFilter = number | undefined;

const nameTaken = () =>
  new AppError('ERR_VALIDATION', 409, { fields: [{ path: 'name', message: 'ERR_NAME_TAKEN' }] });

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
      `select t.id, t.name, t.color, t.kanban,
              (select count(*) from contact_tags ct where ct.tag_id = t.id)::int as "contactsCount",
              (select count(*) from ticket_tags tt where tt.tag_id = t.id)::int as "ticketsCount"
         from tags t
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

  async get(id: number): Promise<TagDto> {
    return toTagDto(await this.find(id));
  }

  async create(companyId: number, userId: number, input: TagInput): Promise<TagDto> {
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

  /** Replaces the contact's tags with `tagIds`; ids of another company's tags are refused. */
  async syncContact(companyId: number, contactId: number, tagIds: number[]): Promise<TagDto[]> {
    const contact = await this.contacts.find(contactId);
    if (!(await allOwned(this.em, 'tags', companyId, tagIds))) {
      throw new AppError('ERR_VALIDATION', 400, { fields: [{ path: 'tags', message: 'Unknown tag' }] });
    }
    await replaceContactTags(this.em, companyId, contactId, tagIds);
    await this.contacts.announce(contact);
    // A ticket carries its contact's tags (tickets.tag_ids, core-0009): the contact's tickets in progress changed too.
    const tickets = await this.em
      .getConnection()
      .execute<{ id: number; tag_ids: number[] }[]>(
        `select id, tag_ids from tickets where company_id = ? and contact_id = ? and status <> 'closed'`,
        [companyId, contactId],
      );
    for (const t of tickets)
      await this.events.emit('ticket.tags.changed', {
        companyId,
        ticketId: t.id,
        tagIds: t.tag_ids.map(Number),
      });
    return this.ofContact(companyId, contactId);
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
