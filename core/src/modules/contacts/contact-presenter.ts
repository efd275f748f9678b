import { type Channel, type ContactDto, type ExtraInfoDto, maskNumber, type TagDto } from '@balcao/sdk';
import type { IContact } from './contact.entity.js';
import type { ContactPageRow } from './contacts-query.js';

/** What a contact is shown with: its extra info and tags, loaded for a whole page at once. */
export interface ContactExtras {
  extraInfo?: ExtraInfoDto[];
  tags?: TagDto[];
  lastMessage?: string | null;
  lastTicketUpdatedAt?: string | null;
}

/** `hideNumber` is the LGPD rule for the viewer (profile user while lgpdHideNumber is enabled). */
export function toContactDto(contact: IContact, extras: ContactExtras, hideNumber: boolean): ContactDto {
  return {
    id: contact.id,
    name: contact.name,
    number: hideNumber ? maskNumber(contact.number) : contact.number,
    email: contact.email ?? null,
    channel: contact.channel as Channel,
    isGroup: contact.isGroup,
    urlPicture: contact.urlPicture ?? null,
    active: contact.active,
    disableBot: contact.disableBot,
    acceptAudioMessage: contact.acceptAudioMessage,
    lgpdAcceptedAt: contact.lgpdAcceptedAt?.toISOString() ?? null,
    extraInfo: extras.extraInfo ?? [],
    tags: extras.tags ?? [],
    lastMessage: extras.lastMessage ?? null,
    lastTicketUpdatedAt: extras.lastTicketUpdatedAt ?? null,
    createdAt: contact.createdAt.toISOString(),
    updatedAt: contact.updatedAt.toISOString(),
  };
}

/** A row of the contacts page statement as the DTO (tags, extra info and last ticket came along). */
export function contactDtoOfRow(r: ContactPageRow, hideNumber: boolean): ContactDto {
  return {
    id: r.id as number,
    name: r.name,
    number: hideNumber ? maskNumber(r.number) : r.number,
    email: r.email,
    channel: r.channel as Channel,
    isGroup: r.is_group,
    urlPicture: r.url_picture,
    active: r.active,
    disableBot: r.disable_bot,
    acceptAudioMessage: r.accept_audio_message,
    lgpdAcceptedAt: r.lgpd_accepted_at ? new Date(r.lgpd_accepted_at).toISOString() : null,
    extraInfo: r.extra_info,
    tags: r.tags,
    lastMessage: r.last_message,
    lastTicketUpdatedAt: r.last_ticket_updated_at ? new Date(r.last_ticket_updated_at).toISOString() : null,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}
