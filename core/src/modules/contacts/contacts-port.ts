import {
  AppError,
  type AuthUser,
  type Channel,
  type ContactDto,
  type ContactListQuery,
  type ContactsPort,
  validate,
} from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TagsService } from '../tags/tags-service.js';
import { Contact } from './contact.entity.js';
import { contactCreateSchema, contactUpdateSchema } from './contact-schemas.js';
import { walkContacts } from './contact-walk.js';
import type { ContactsService } from './contacts-service.js';

/**
 * The company's contact with this number on the channel, as given or as `normal` (the number normalised as contacts
 * are: ContactsService.normalisedNumber); null: none.
 */
export async function contactIdByNumber(
  em: EntityManager,
  companyId: number,
  number: string,
  normal: string,
  channel: Channel,
): Promise<number | null> {
  const found = await em.findOne(Contact, {
    companyId,
    channel,
    number: { $in: [...new Set([number, normal])] },
  });
  return found?.id ?? null;
}

/**
 * ContactsPort for one company, over ContactsService: the same rules as the contacts screen (numbers normalised, one
 * contact per number and channel, realtime to attendants), read as an admin reads them (numbers never masked).
 */
export class CompanyContactsPort implements ContactsPort {
  private readonly viewer: AuthUser;

  constructor(
    private readonly em: EntityManager,
    companyId: number,
    private readonly contacts: ContactsService,
    private readonly tags: TagsService,
  ) {
    // The company's own software, not an attendant: no LGPD mask, no per-user rule applies.
    this.viewer = { id: 0, companyId, profile: 'admin', super: false, sessionId: 'plugin' };
  }

  async find(contactId: number): Promise<ContactDto | null> {
    const found = await this.em.findOne(Contact, { id: contactId, companyId: this.viewer.companyId });
    return found ? this.contacts.get(this.viewer, found.id) : null;
  }

  async findByNumber(number: string, channel: Channel = 'whatsapp'): Promise<ContactDto | null> {
    const id = await contactIdByNumber(
      this.em,
      this.viewer.companyId,
      number,
      this.contacts.normalisedNumber(number, channel),
      channel,
    );
    return id === null ? null : this.contacts.get(this.viewer, id);
  }

  async findOrCreate(input: {
    number: string;
    name: string;
    channel?: Channel;
    email?: string;
  }): Promise<ContactDto> {
    const channel = input.channel ?? 'whatsapp';
    const existing = await this.findByNumber(input.number, channel);
    if (existing) return existing;
    const parsed = validate(contactCreateSchema, { ...input, channel, extraInfo: [] });
    try {
      return await this.contacts.create(this.viewer, parsed);
    } catch (err) {
      // Created meanwhile by someone else (the unique index decided): that one is the contact.
      if (err instanceof AppError && err.code === 'ERR_DUPLICATED_CONTACT') {
        const raced = await this.findByNumber(input.number, channel);
        if (raced) return raced;
      }
      throw err;
    }
  }

  async findOrCreateId(input: {
    number: string;
    name: string;
    channel?: Channel;
    email?: string;
  }): Promise<{ id: number; created: boolean }> {
    const channel = input.channel ?? 'whatsapp';
    const { companyId } = this.viewer;
    const lookup = () =>
      contactIdByNumber(
        this.em,
        companyId,
        input.number,
        this.contacts.normalisedNumber(input.number, channel),
        channel,
      );
    const existing = await lookup();
    if (existing !== null) return { id: existing, created: false };
    const parsed = validate(contactCreateSchema, { ...input, channel, extraInfo: [] });
    const id = await this.contacts.createId(companyId, parsed);
    if (id !== null) return { id, created: true };
    // Created meanwhile by someone else (the unique index decided): that one is the contact.
    const raced = await lookup();
    if (raced === null) throw new AppError('ERR_DUPLICATED_CONTACT', 409);
    return { id: raced, created: false };
  }

  async update(contactId: number, fields: { name?: string; email?: string }): Promise<ContactDto> {
    const current = await this.contacts.find(contactId);
    const input = validate(contactUpdateSchema, {
      name: fields.name ?? current.name,
      ...(fields.email !== undefined ? { email: fields.email } : {}),
    });
    return this.contacts.update(this.viewer, contactId, input);
  }

  async setTags(contactId: number, tagIds: number[]): Promise<void> {
    await this.tags.syncContact(this.viewer.companyId, contactId, tagIds);
  }

  block(contactId: number, blocked: boolean): Promise<ContactDto> {
    return this.contacts.setActive(this.viewer, contactId, !blocked);
  }

  list(query: ContactListQuery): Promise<ContactDto[]> {
    return walkContacts(this.em, this.viewer.companyId, query);
  }
}
