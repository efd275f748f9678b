import { CONTACT_COUNT_CAP, type ContactDto } from '@balcao/sdk';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../i18n/locales/en.json';
import es from '../i18n/locales/es.json';
import ptBR from '../i18n/locales/pt-BR.json';
import tr from '../i18n/locales/tr.json';
import {
  appendPage,
  applyContactDelete,
  applyContactUpdate,
  matchesFilter,
  parseContactEvent,
  shownCount,
} from './contact-list-rules';

const contact = (id: number, name: string, extra: Partial<ContactDto> = {}): ContactDto => ({
  id,
  name,
  number: `55119000000${id}`,
  email: null,
  channel: 'whatsapp',
  isGroup: false,
  urlPicture: null,
  active: true,
  disableBot: false,
  acceptAudioMessage: true,
  lgpdAcceptedAt: null,
  extraInfo: [],
  tags: [],
  lastMessage: null,
  lastTicketUpdatedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});
const all = { searchParam: '', tagIds: [] };
const names = (s: { contacts: ContactDto[] }) => s.contacts.map((c) => c.name);

describe('contact list rules', () => {
  const page = {
    contacts: [contact(1, 'Ana'), contact(2, 'Carla')],
    hasMore: false,
    count: 2,
    countCapped: false,
  };

  it('a new contact is added in name order and counted', () => {
    const next = applyContactUpdate(page, contact(3, 'Bruno'), all);
    expect(names(next)).toEqual(['Ana', 'Bruno', 'Carla']);
    expect(next.count).toBe(3);
  });

  it('a new contact that sorts past the loaded pages is counted but left for paging', () => {
    const next = applyContactUpdate({ ...page, hasMore: true }, contact(3, 'Zeca'), all);
    expect(names(next)).toEqual(['Ana', 'Carla']);
    expect(next.count).toBe(3);
  });

  it('an edited contact is replaced in place; one that stops matching the search leaves', () => {
    const edited = applyContactUpdate(page, contact(1, 'Ana', { active: false }), all);
    expect(edited.contacts[0].active).toBe(false);
    expect(edited.count).toBe(2);
    const gone = applyContactUpdate(page, contact(1, 'Beatriz'), { searchParam: 'ana', tagIds: [] });
    expect(names(gone)).toEqual(['Carla']);
    expect(gone.count).toBe(1);
  });

  it('matches search in name, number or email and any chosen tag', () => {
    const c = contact(5, 'Dora', {
      email: 'dora@x.test',
      tags: [{ id: 7, name: 'VIP', color: '#000', kanban: 0 }],
    });
    expect(matchesFilter(c, { searchParam: 'DORA@', tagIds: [] })).toBe(true);
    expect(matchesFilter(c, { searchParam: '5511', tagIds: [7, 8] })).toBe(true);
    expect(matchesFilter(c, { searchParam: '', tagIds: [8] })).toBe(false);
  });

  it('a delete removes and uncounts; an unknown id changes nothing', () => {
    expect(names(applyContactDelete(page, 2))).toEqual(['Ana']);
    expect(applyContactDelete(page, 99)).toBe(page);
  });

  it('appending a page skips contacts already listed', () => {
    const next = appendPage(page, {
      contacts: [contact(2, 'Carla'), contact(4, 'Davi')],
      hasMore: false,
      count: 3,
      countCapped: false,
    });
    expect(names(next)).toEqual(['Ana', 'Carla', 'Davi']);
  });

  it('reads update, delete and reload events and ignores anything else', () => {
    expect(parseContactEvent({ action: 'delete', contactId: 3 })).toEqual({ action: 'delete', contactId: 3 });
    expect(parseContactEvent({ action: 'reload' })).toEqual({ action: 'reload' });
    expect(parseContactEvent({ action: 'update', contact: contact(1, 'Ana') })?.action).toBe('update');
    expect(parseContactEvent({ action: 'delete' })).toBeNull();
    expect(parseContactEvent('x')).toBeNull();
  });

  it.each([
    ['en', en],
    ['pt-BR', ptBR],
    ['es', es],
    ['tr', tr],
  ])('%s: a capped search count reads "100+", an exact one its number', async (lang, res) => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: lang, resources: { [lang]: { translation: res } } });
    expect(shownCount({ count: CONTACT_COUNT_CAP, countCapped: true }, i18n.t)).toBe(`${CONTACT_COUNT_CAP}+`);
    expect(shownCount({ count: 42, countCapped: false }, i18n.t)).toBe('42');
    expect(i18n.t('contacts.countCappedHint', { count: CONTACT_COUNT_CAP })).toContain(
      String(CONTACT_COUNT_CAP),
    );
  });

  it('a capped count stays at the cap when a contact is added or removed (it is not known exactly)', () => {
    const capped = { ...page, hasMore: true, count: CONTACT_COUNT_CAP, countCapped: true };
    expect(applyContactUpdate(capped, contact(3, 'Bia'), all).count).toBe(CONTACT_COUNT_CAP);
    expect(applyContactDelete(capped, 1).count).toBe(CONTACT_COUNT_CAP);
  });
});
