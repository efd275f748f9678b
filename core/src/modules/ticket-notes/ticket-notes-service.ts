import type { ticketNoteSchema } from '@balcao/sdk';
import { AppError, type AuthUser, type TicketNoteDto } from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { ContactsService } from '../contacts/contacts-service.js';
import { type ITicketNote, Ticket, TicketNote } from '../tickets/ticket.entity.js';
import { User } from '../users/user.entity.js';
import { toTicketNoteDto } from './ticket-note-presenter.js';

declare module '../../kernel/container.js' {
  interface Cradle {
    ticketNotes: TicketNotesService;
  }
}

/** Notes attendants leave on a ticket of a contact; never sent to the contact. */
export class TicketNotesService {
  private readonly em: EntityManager;
  private readonly contacts: ContactsService;

  constructor({ em, contacts }: { em: EntityManager; contacts: ContactsService }) {
    this.em = em;
    this.contacts = contacts;
  }

  /** The ticket and the contact must be the company's, and the contact must be the ticket's. */
  async create(author: AuthUser, input: z.infer<typeof ticketNoteSchema>): Promise<TicketNoteDto> {
    const ticket = await this.em.findOne(Ticket, { id: input.ticketId }, { fields: ['id', 'contactId'] });
    if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND', 404);
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

  /** Notes of a ticket and/or a contact, newest first, each with its author's name. */
  async list(filter: { ticketId?: number; contactId?: number }): Promise<TicketNoteDto[]> {
    const where = {
      ...(filter.ticketId ? { ticketId: filter.ticketId } : {}),
      ...(filter.contactId ? { contactId: filter.contactId } : {}),
    };
    const notes = await this.em.find(TicketNote, where, { orderBy: { createdAt: 'desc', id: 'desc' } });
    return this.present(notes);
  }

  async get(id: number): Promise<TicketNoteDto> {
    const [dto] = await this.present([await this.find(id)]);
    return dto;
  }

  /** Only the note's author or an admin removes it. */
  async remove(actor: AuthUser, id: number): Promise<void> {
    const note = await this.find(id);
    if (note.userId !== actor.id && actor.profile !== 'admin' && !actor.super) {
      throw new AppError('ERR_NO_PERMISSION', 403);
    }
    await this.em.remove(note).flush();
  }

  private async find(id: number): Promise<ITicketNote> {
    const note = await this.em.findOne(TicketNote, { id });
    if (!note) throw new AppError('ERR_NOT_FOUND', 404);
    return note;
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
