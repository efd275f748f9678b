import {
  type AuthUser,
  type Channel,
  type ContactDto,
  type ContactListQuery,
  PG_INT_MAX,
  type ViewerContacts,
} from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Contact } from './contact.entity.js';
import { walkContacts } from './contact-walk.js';
import { contactIdByNumber } from './contacts-port.js';
import type { ContactsService } from './contacts-service.js';

declare module '../../kernel/container.js' {
  interface Cradle {
    /** The contact reads as this user sees them, for the viewer port (kernel/viewer-port.ts). */
    viewerContacts: (viewer: AuthUser) => ViewerContacts;
  }
}

/** Ids a contact can have (int4); any other finds nothing rather than failing in SQL. */
const isContactId = (id: number) => Number.isInteger(id) && id > 0 && id <= PG_INT_MAX;

/**
 * The contact reads of the viewer port (sdk viewer-port.ts): each contact as `GET /api/contacts/:id` answers this
 * user, by the same code (ContactsService.get: the LGPD mask for who must not see numbers); `list` is the port's list
 * masked as `GET /api/contacts` masks it (ContactsService.hidesNumbers). Every signed-in user reads the company's
 * contacts, as on the contacts screen.
 */
export class ViewerContactsReads implements ViewerContacts {
  constructor(
    private readonly em: EntityManager,
    private readonly viewer: AuthUser,
    private readonly contacts: ContactsService,
  ) {}

  async find(contactId: number): Promise<ContactDto | null> {
    if (!isContactId(contactId)) return null;
    const found = await this.em.findOne(Contact, { id: contactId, companyId: this.viewer.companyId });
    return found ? this.contacts.get(this.viewer, found.id) : null;
  }

  async findByNumber(number: string, channel: Channel = 'whatsapp'): Promise<ContactDto | null> {
    if (number.includes('\0')) return null;
    const id = await contactIdByNumber(
      this.em,
      this.viewer.companyId,
      number,
      this.contacts.normalisedNumber(number, channel),
      channel,
    );
    return id === null ? null : this.contacts.get(this.viewer, id);
  }

  async list(query: ContactListQuery): Promise<ContactDto[]> {
    return walkContacts(this.em, this.viewer.companyId, query, await this.contacts.hidesNumbers(this.viewer));
  }
}
