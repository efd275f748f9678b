import { type Channel, type ContactDto, type ExtraInfoDto, maskNumber, type TagDto } from '@balcao/sdk';
import type { IContact } from './contact.entity.js';

/** What a contact is shown with: its extra info and tags, loaded for a whole page at once. */
export interface ContactExtras {
  extraInfo?: ExtraInfoDto[];
  tags?: TagDto[];
  lastMessage?: string | null;
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
    createdAt: contact.createdAt.toISOString(),
    updatedAt: contact.updatedAt.toISOString(),
  };
}
