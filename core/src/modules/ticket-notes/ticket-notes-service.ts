import type { ticketNoteSchema } from '@balcao/sdk';
import { AppError, type AuthUser, type TicketNoteDto } from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { plainRows } from '../../db/prepared.js';
import { likeTerm } from '../../db/sql-helpers.js';
import type { ContactsService } from '../contacts/contacts-service.js';
import { type ITicketNote, Ticket, TicketNote } from '../tickets/ticket.entity.js';
import { visibleTicketSql } from '../tickets/ticket-list-sql.js';
import { audienceOf, canSeeTicket, loadTicketAccess, type TicketAccess } from '../tickets/visibility.js';
import { User } from '../users/user.entity.js';
import { toTicketNoteDto } from './ticket-note-presenter.js';

/** The ticket fields the visibility rule reads. */
const AUDIENCE = ['id', 'userId', 'queueId', 'isGroup'] as const;

declare module '../../kernel/container.js' {
  interface Cradle {
    ticketNotes: TicketNotesService;
  }
}

/** Page size of `GET /ticket-notes`. */
export const TICKET_NOTES_PAGE_SIZE = 20;

/** Which notes a read wants: of a ticket, of a contact, containing a text. */
export interface TicketNoteFilter {
  ticketId?: number;
  contactId?: number;
  searchParam?: string;
}

/**
 * Notes attendants leave on a ticket of a contact; never sent to the contact. A note is as visible as its ticket
 * (spec part 1 §6): a user who may not see the ticket can neither read nor add its notes.
 */
export class TicketNotesService {
  private readonly em: EntityManager;
  private readonly contacts: ContactsService;

  constructor({ em, contacts }: { em: EntityManager; contacts: ContactsService }) {
    this.em = em;
    this.contacts = contacts;
  }

  /** The ticket and the contact must be the company's, and the contact must be the ticket's. */
  async create(author: AuthUser, input: z.infer<typeof ticketNoteSchema>): Promise<TicketNoteDto> {
    const ticket = await this.visibleTicket(author, input.ticketId);
    await this.contacts.find(input.contactId);
    if (ticket.contactId !== input.contactId) {
      throw new AppError('ERR_VALIDATION', 400, {
        fields: [{ path: 'contactId', message: "Not the ticket's contact" }],
      });
    }
    const note = this.em.create(TicketNote, { ...input, companyId: author.companyId, userId: author.id });
    await this.em.flush();
    const [dto] = await this.present([note]);
    return dto;
  }

  /** Notes of a ticket and/or a contact the actor may see, newest first, each with its author's name. */
  async list(actor: AuthUser, filter: { ticketId?: number; contactId?: number }): Promise<TicketNoteDto[]> {
    if (filter.ticketId) await this.visibleTicket(actor, filter.ticketId);
    const { ids } = await this.visibleIds(actor, filter);
    return this.present(await this.byIds(ids));
  }

  /** `GET /ticket-notes`: one page of the notes the actor may see, newest first, optionally searched by text. */
  async page(
    actor: AuthUser,
    filter: TicketNoteFilter & { pageNumber: number },
  ): Promise<{ ticketNotes: TicketNoteDto[]; count: number; hasMore: boolean }> {
    const { ids, count } = await this.visibleIds(actor, filter, filter.pageNumber);
    const ticketNotes = await this.present(await this.byIds(ids));
    return { ticketNotes, count, hasMore: count > TICKET_NOTES_PAGE_SIZE * filter.pageNumber };
  }

  async get(actor: AuthUser, id: number): Promise<TicketNoteDto> {
    const [dto] = await this.present([await this.find(actor, id)]);
    return dto;
  }

  /** Only the note's author or an admin removes it. */
  async remove(actor: AuthUser, id: number): Promise<void> {
    const note = await this.find(actor, id);
    if (note.userId !== actor.id && actor.profile !== 'admin' && !actor.super) {
      throw new AppError('ERR_NO_PERMISSION', 403);
    }
    await this.em.remove(note).flush();
  }

  /** A note of a ticket the actor may see; otherwise 404, as for a note that does not exist. */
  private async find(actor: AuthUser, id: number): Promise<ITicketNote> {
    const note = await this.em.findOne(TicketNote, { id });
    if (!note) throw new AppError('ERR_NO_TICKET_NOTE_FOUND', 404);
    if (note.ticketId) {
      const ticket = await this.em.findOne(Ticket, { id: note.ticketId }, { fields: AUDIENCE });
      if (ticket && !canSeeTicket(await this.access(actor), audienceOf(ticket))) {
        throw new AppError('ERR_NO_TICKET_NOTE_FOUND', 404);
      }
    }
    return note;
  }

  /** The ticket, if the actor may see it; otherwise 404 ERR_NO_TICKET_FOUND, as GET /tickets/:id answers. */
  private async visibleTicket(actor: AuthUser, id: number): Promise<{ id: number; contactId: number }> {
    const ticket = await this.em.findOne(Ticket, { id }, { fields: ['contactId', ...AUDIENCE] });
    if (!ticket || !canSeeTicket(await this.access(actor), audienceOf(ticket))) {
      throw new AppError('ERR_NO_TICKET_FOUND', 404);
    }
    return ticket;
  }

  private access(actor: AuthUser): Promise<TicketAccess> {
    return loadTicketAccess(this.em, actor.id);
  }

  /** Ids of the notes the actor may see (newest first) and how many there are; one page when a page is given. */
  private async visibleIds(
    actor: AuthUser,
    filter: TicketNoteFilter,
    pageNumber?: number,
  ): Promise<{ ids: number[]; count: number }> {
    const visible = visibleTicketSql(await this.access(actor));
    const where = ['n.company_id = ?', `(n.ticket_id is null or ${visible.sql})`];
    const params: unknown[] = [actor.companyId, ...visible.params];
    if (filter.ticketId) where.push('n.ticket_id = ?') && params.push(filter.ticketId);
    if (filter.contactId) where.push('n.contact_id = ?') && params.push(filter.contactId);
    if (filter.searchParam) where.push('n.note ilike ?') && params.push(`%${likeTerm(filter.searchParam)}%`);
    const from = `from ticket_notes n left join tickets t on t.id = n.ticket_id where ${where.join(' and ')}`;
    const limit = pageNumber ? ' limit ? offset ?' : '';
    const pageParams = pageNumber ? [TICKET_NOTES_PAGE_SIZE, TICKET_NOTES_PAGE_SIZE * (pageNumber - 1)] : [];
    const rows = await plainRows<{ id: number }>(
      this.em,
      `select n.id ${from} order by n.created_at desc, n.id desc${limit}`,
      [...params, ...pageParams],
    );
    const ids = rows.map((r) => r.id);
    if (!pageNumber) return { ids, count: ids.length };
    const [total] = await plainRows<{ count: string }>(this.em, `select count(*) as count ${from}`, params);
    return { ids, count: Number(total?.count ?? 0) };
  }

  /** The notes of these ids, in the ids' order. */
  private async byIds(ids: number[]): Promise<ITicketNote[]> {
    if (!ids.length) return [];
    const notes = await this.em.find(TicketNote, { id: { $in: ids } });
    const byId = new Map(notes.map((n) => [n.id, n]));
    return ids.map((id) => byId.get(id)).filter((n): n is ITicketNote => !!n);
  }

  /** DTOs with their authors, loaded for all notes in one query. */
  private async present(notes: ITicketNote[]): Promise<TicketNoteDto[]> {
    const ids = [...new Set(notes.map((n) => n.userId).filter((id): id is number => !!id))];
    const users = ids.length
      ? await this.em.find(User, { id: { $in: ids } }, { fields: ['id', 'name'] })
      : [];
    const byId = new Map(users.map((u) => [u.id, { id: u.id, name: u.name }]));
    return notes.map((n) => toTicketNoteDto(n, (n.userId && byId.get(n.userId)) || null));
  }
}
