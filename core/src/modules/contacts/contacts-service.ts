import {
  AppError,
  type AuthUser,
  CONTACT_COUNT_CAP,
  type ContactDto,
  type ContactSheetRowsDto,
  channelTraits,
  companyChannel,
  type EventsPort,
  type Logger,
  maskNumber,
  type PhoneImportSummaryDto,
  type RealtimePort,
} from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import { plainRows, preparedRows } from '../../db/prepared.js';
import { flushOrConflict } from '../../db/sql-helpers.js';
import { definedOnly } from '../../http/validate.js';
import type { SpreadsheetReader } from '../../spreadsheets/spreadsheet-reader.js';
import type { ChannelRegistry } from '../conversations/outbound.js';
import type { SessionManager } from '../sessions/session-manager.js';
import type { SettingsService } from '../settings/settings-service.js';
import { Contact, ContactCustomField, type IContact } from './contact.entity.js';
import { checkedAddress } from './contact-address-check.js';
import { contactExtras } from './contact-extras.js';
import { insertContact } from './contact-insert.js';
import { normaliseNumber } from './contact-number.js';
import { contactDtoOfRow, toContactDto } from './contact-presenter.js';
import { CONTACTS_PAGE_SIZE, type ContactCreateInput, type ContactUpdateInput } from './contact-schemas.js';
import { exportContacts } from './contacts-export.js';
import { type ImportSummary, importContacts, readContactRows } from './contacts-import.js';
import { importPhoneContacts, type PhoneImportSource } from './contacts-phone-import.js';
import {
  type ContactFilter,
  type ContactPageRow,
  type ContactSearchRead,
  type ContactShapePlanRow,
  contactPageSql,
  contactSearchReadOfPlan,
  contactSearchShapeSql,
  contactsQuery,
} from './contacts-query.js';

declare module '../../kernel/container.js' {
  interface Cradle {
    contacts: ContactsService;
  }
}

const CONTACT_UNIQUE_INDEX = 'contacts_company_channel_number_unique';

/** Contacts of the current tenant; numbers are masked for viewers the LGPD setting hides them from. */
export class ContactsService {
  private readonly events: EventsPort;
  private readonly em: EntityManager;
  private readonly realtime: RealtimePort;
  private readonly settings: SettingsService;
  private readonly channels: ChannelRegistry;
  private readonly sessions: Pick<SessionManager, 'call'>;
  private readonly dataDir: string;
  private readonly logger: Logger;
  private readonly spreadsheets: SpreadsheetReader;

  constructor({
    em,
    realtime,
    settings,
    channels,
    events,
    sessions,
    config,
    logger,
    spreadsheets,
  }: {
    em: EntityManager;
    realtime: RealtimePort;
    settings: SettingsService;
    channels: ChannelRegistry;
    events: EventsPort;
    sessions: Pick<SessionManager, 'call'>;
    config: { dataDir: string };
    logger: Logger;
    spreadsheets: SpreadsheetReader;
  }) {
    this.spreadsheets = spreadsheets;
    this.sessions = sessions;
    this.dataDir = config.dataDir;
    this.logger = logger;
    this.events = events;
    this.em = em;
    this.realtime = realtime;
    this.settings = settings;
    this.channels = channels;
  }

  /** True when `viewer` must see masked numbers: profile user while the company's lgpdHideNumber is enabled. */
  async hidesNumbers(viewer: AuthUser): Promise<boolean> {
    return viewer.profile === 'user' && (await this.settings.isEnabled(viewer.companyId, 'lgpdHideNumber'));
  }

  /**
   * A page of the contacts screen. A text search's count stops at CONTACT_COUNT_CAP (`countCapped`: there are more);
   * other filters are counted exactly.
   */
  async page(
    viewer: AuthUser,
    f: ContactFilter,
  ): Promise<{ contacts: ContactDto[]; hasMore: boolean; count: number; countCapped: boolean }> {
    const read = f.searchParam ? await this.searchRead(viewer.companyId, f) : 'gather';
    const q = contactPageSql(viewer.companyId, f, CONTACTS_PAGE_SIZE, read);
    // One generic plan per statement text, searches too: the read (words, walk, gather) is chosen by the term and
    // each has its own text; planning each term anew cost more database CPU than reading its page.
    const rows = await preparedRows<ContactPageRow>(this.em, q.sql, q.params);
    const hide = await this.hidesNumbers(viewer);
    const total = rows[0]?.total ?? 0;
    const countCapped = Boolean(f.searchParam) && total > CONTACT_COUNT_CAP;
    const found = rows.filter((r) => r.id !== null);
    const contacts = found.slice(0, CONTACTS_PAGE_SIZE).map((r) => contactDtoOfRow(r, hide));
    return {
      contacts,
      count: countCapped ? CONTACT_COUNT_CAP : total,
      countCapped,
      hasMore: found.length > CONTACTS_PAGE_SIZE,
    };
  }

  /** How a search's page reads (name words, a walk in name order, or its hits gathered): one EXPLAIN. */
  private async searchRead(companyId: number, f: ContactFilter): Promise<ContactSearchRead> {
    const q = contactSearchShapeSql(companyId, f);
    return contactSearchReadOfPlan(
      await plainRows<ContactShapePlanRow>(this.em, q.sql, q.params),
      f,
      CONTACTS_PAGE_SIZE,
    );
  }

  /** Id, name, number and e-mail of every contact (pickers), optionally only those matching `searchParam`. */
  async names(viewer: AuthUser, searchParam: string) {
    const rows = await contactsQuery(this.em, viewer.companyId, { searchParam }).getResultList();
    const hide = await this.hidesNumbers(viewer);
    return rows.map((c) => ({
      id: c.id,
      name: c.name,
      number: hide ? maskNumber(c.number) : c.number,
      email: c.email ?? null,
    }));
  }

  async get(viewer: AuthUser, id: number): Promise<ContactDto> {
    const [dto] = await this.present(viewer, [await this.find(id)]);
    return dto;
  }

  /** The contact with `number` (as typed or normalised), for the new-ticket and vCard flows. */
  async profile(number: string): Promise<{ contactId: number; urlPicture: string | null }> {
    const digits = number.replace(/\D/g, '');
    const contact = await this.em.findOne(
      Contact,
      { number: { $in: [...new Set([number, digits].filter(Boolean))] } },
      { orderBy: { id: 'asc' } },
    );
    if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND', 404);
    return { contactId: contact.id, urlPicture: contact.urlPicture ?? null };
  }

  /**
   * A new contact. `checkAddress`: an attendant typed the number (POST /contacts, the New ticket dialog's contact):
   * the channel is asked whether it exists and how it writes it (checkedAddress); imports are not asked row by row.
   */
  async create(
    viewer: AuthUser,
    input: ContactCreateInput,
    opts: { checkAddress?: boolean } = {},
  ): Promise<ContactDto> {
    const { extraInfo, ...fields } = input;
    let number = this.newNumber(fields.channel, fields.number);
    if (opts.checkAddress) {
      const { em, channels, sessions, logger } = this;
      number = await checkedAddress(
        { em, channels, sessions, logger },
        viewer.companyId,
        fields.channel,
        number,
      );
    }
    await this.assertFree(fields.channel, number);
    const contact = await this.em.transactional(async (tx) => {
      const created = tx.create(Contact, {
        ...definedOnly(fields),
        name: fields.name,
        number,
        companyId: viewer.companyId,
      });
      await flushOrConflict(tx, { [CONTACT_UNIQUE_INDEX]: () => this.duplicate(fields.channel, number) });
      for (const f of extraInfo) tx.create(ContactCustomField, { ...f, contactId: created.id });
      return created;
    });
    return this.announce(contact, viewer, 'contact.created');
  }

  /** create() for a caller that needs the id alone (ContactsPort.findOrCreateId): contact-insert.ts. */
  async createId(companyId: number, input: ContactCreateInput): Promise<number | null> {
    const number = this.newNumber(input.channel, input.number);
    return insertContact({ em: this.em, events: this.events }, companyId, { ...input, number });
  }

  /** A new contact's number as stored, on a channel this server has (else the create's validation error). */
  private newNumber(channel: string, number: string): string {
    if (!this.channels.knows(channel))
      throw new AppError('ERR_VALIDATION', 400, { fields: [{ path: 'channel', message: 'Invalid option' }] });
    return normaliseNumber(number, channel, false, this.channels);
  }

  /** An imported row: a new WhatsApp contact, or the one with that number renamed (and its email set when given). */
  async importOne(
    viewer: AuthUser,
    row: { name: string; number: string; email?: string | null },
  ): Promise<{ contact: ContactDto; created: boolean }> {
    const number = normaliseNumber(row.number, 'whatsapp', false, this.channels);
    const existing = await this.em.findOne(Contact, { channel: 'whatsapp', number });
    if (!existing) {
      const contact = await this.create(viewer, { ...row, channel: 'whatsapp', extraInfo: [] });
      return { contact, created: true };
    }
    this.em.assign(existing, { name: row.name, ...(row.email ? { email: row.email } : {}) });
    await this.em.flush();
    return { contact: await this.announce(existing, viewer), created: false };
  }

  async update(viewer: AuthUser, id: number, input: ContactUpdateInput): Promise<ContactDto> {
    const contact = await this.find(id);
    const { extraInfo, ...fields } = input;
    const number = await this.numberFrom(viewer, contact, fields.number);
    if (number !== contact.number) await this.assertFree(contact.channel, number);
    this.em.assign(contact, { ...definedOnly(fields), number });
    if (extraInfo) {
      // Replaced as a whole, in the same flush (one transaction) as the contact.
      this.em.remove(await this.em.find(ContactCustomField, { contactId: id }));
      for (const f of extraInfo) this.em.create(ContactCustomField, { ...f, contactId: id });
    }
    await flushOrConflict(this.em, { [CONTACT_UNIQUE_INDEX]: () => this.duplicate(contact.channel, number) });
    return this.announce(contact, viewer);
  }

  /** A number as stored for a contact of `channel` (digits only when the channel addresses contacts by phone). */
  normalisedNumber(number: string, channel: string): string {
    return normaliseNumber(number, channel, false, this.channels);
  }

  /**
   * The number an edit stores; none sent keeps it. LGPD: a viewer who sees numbers masked can never change one. A
   * form that sends back the mask it was shown would have normalisation turn it into a shorter, wrong number (or, for
   * a web chat visitor, a mask that loses the conversation): the mask (or the stored number) keeps the stored number,
   * and any other number is refused with 403 ERR_NUMBER_HIDDEN rather than silently dropped, so the client learns why.
   */
  private async numberFrom(viewer: AuthUser, contact: IContact, sent: string | undefined): Promise<string> {
    if (sent === undefined) return contact.number;
    if (!(await this.hidesNumbers(viewer))) {
      // A visitor's id is what their browser keeps: another one would cut them off their conversation.
      if (
        channelTraits(this.channels.get(contact.channel)).contactAddress === 'visitor' &&
        sent !== contact.number
      ) {
        throw new AppError('ERR_VALIDATION', 400, {
          fields: [{ path: 'number', message: "A visitor's id cannot be changed" }],
        });
      }
      return normaliseNumber(sent, contact.channel, contact.isGroup, this.channels);
    }
    if (sent === maskNumber(contact.number) || sent === contact.number) return contact.number;
    throw new AppError('ERR_NUMBER_HIDDEN', 403);
  }

  async remove(id: number): Promise<void> {
    const contact = await this.find(id);
    await this.em.remove(contact).flush();
    const { companyId } = contact;
    await this.events.emit('contact.deleted', { companyId, contactId: id });
  }

  async toggleDisableBot(id: number): Promise<{ disableBot: boolean }> {
    const contact = await this.find(id);
    contact.disableBot = !contact.disableBot;
    await this.em.flush();
    await this.announce(contact);
    return { disableBot: contact.disableBot };
  }

  async toggleAcceptAudio(id: number): Promise<{ acceptAudioMessage: boolean }> {
    const contact = await this.find(id);
    contact.acceptAudioMessage = !contact.acceptAudioMessage;
    await this.em.flush();
    await this.announce(contact);
    return { acceptAudioMessage: contact.acceptAudioMessage };
  }

  /** Blocks (`active` false) or unblocks the contact. */
  async setActive(viewer: AuthUser, id: number, active: boolean): Promise<ContactDto> {
    const contact = await this.find(id);
    contact.active = active;
    await this.em.flush();
    return this.announce(contact, viewer);
  }

  /** The filtered contacts as an .xlsx, numbers as `viewer` may see them. */
  async exportSpreadsheet(viewer: AuthUser, filter: ContactFilter): Promise<Buffer> {
    return exportContacts(this.em, viewer, filter, await this.hidesNumbers(viewer));
  }

  /** Imports an uploaded spreadsheet (the upload parser removes it after); open contact lists are told to reload. */
  async importSpreadsheet(companyId: number, file: { filepath: string }): Promise<ImportSummary> {
    const summary = await importContacts(this.em, this.spreadsheets, companyId, file.filepath);
    if (summary.created > 0) await this.publishReload(companyId);
    return summary;
  }

  /** The rows of a spreadsheet upload, nothing imported. */
  spreadsheetRows(companyId: number, file: { filepath: string }): Promise<ContactSheetRowsDto> {
    return readContactRows(this.spreadsheets, companyId, file.filepath);
  }

  /**
   * Import from phone: the contacts the company's default connection knows (its address book or chat list) that the
   * company does not have yet are created; open contact lists are told to reload.
   */
  async importFromPhone(companyId: number, source: PhoneImportSource): Promise<PhoneImportSummaryDto> {
    const { em, channels, realtime, sessions, dataDir } = this;
    const summary = await importPhoneContacts(
      { em, channels, realtime, sessions, dataDir },
      companyId,
      source,
    );
    if (summary.imported > 0) await this.publishReload(companyId);
    return summary;
  }

  /** Many contacts changed at once: the company's contact lists load their first page again. */
  private async publishReload(companyId: number): Promise<void> {
    await this.realtime.publish({
      companyId,
      channel: companyChannel(companyId, 'contact'),
      data: { action: 'reload' },
    });
  }

  /** The company's contact, or 404 ERR_NO_CONTACT_FOUND (another company's contact is never found). */
  async find(id: number): Promise<IContact> {
    const contact = await this.em.findOne(Contact, { id });
    if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND', 404);
    return contact;
  }

  /**
   * Emits contact.created / contact.updated (whose realtime subscriber tells the company's screens) and answers the
   * contact as `viewer` sees it.
   */
  async announce(
    contact: IContact,
    viewer?: AuthUser,
    event: 'contact.created' | 'contact.updated' = 'contact.updated',
  ): Promise<ContactDto> {
    const { companyId } = contact;
    await this.events.emit(event, { companyId, contactId: contact.id });
    const extras = (await contactExtras(this.em, companyId, [contact.id])).get(contact.id) ?? {};
    return toContactDto(contact, extras, !!viewer && (await this.hidesNumbers(viewer)));
  }

  /**
   * The contact as the company's screens show it now, on `company-{id}-contact` (its masked twin for who must not
   * see numbers). The realtime subscriber of contact.created / contact.updated calls it (contacts-realtime.ts).
   */
  async publishCurrent(contactId: number): Promise<void> {
    const contact = await this.em.findOne(Contact, { id: contactId });
    if (!contact) return;
    const { companyId } = contact;
    const extras = (await contactExtras(this.em, companyId, [contact.id])).get(contact.id) ?? {};
    await this.realtime.publish({
      companyId,
      channel: companyChannel(companyId, 'contact'),
      data: { action: 'update', contact: toContactDto(contact, extras, false) },
      masked: { action: 'update', contact: toContactDto(contact, extras, true) },
    });
  }

  /** DTOs with extra info and tags, each loaded for all of `contacts` in one query. */
  private async present(viewer: AuthUser, contacts: IContact[]): Promise<ContactDto[]> {
    const hide = await this.hidesNumbers(viewer);
    const extras = await contactExtras(
      this.em,
      viewer.companyId,
      contacts.map((c) => c.id),
    );
    return contacts.map((c) => toContactDto(c, extras.get(c.id) ?? {}, hide));
  }

  private async assertFree(channel: string, number: string): Promise<void> {
    if (await this.em.count(Contact, { channel, number })) throw await this.duplicate(channel, number);
  }

  /** 409 ERR_DUPLICATED_CONTACT carrying the id of the contact that already has the number. */
  private async duplicate(channel: string, number: string): Promise<AppError> {
    const existing = await this.em.fork().findOne(Contact, { channel, number }, { fields: ['id'] });
    return new AppError('ERR_DUPLICATED_CONTACT', 409, { contactId: existing?.id ?? null });
  }
}
