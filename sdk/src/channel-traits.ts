// What a channel is like and what its adapter offers beyond sending (channel.ts holds the adapter contract itself).
// Shared with the UI (connections carry capabilities and traits), so it reads an adapter by its shape and does not
// import the plugin API's channel contract.

/** What the helpers below read of an adapter (a ChannelDefinition, channel.ts): its optional operations and traits. */
export interface AdapterShape {
  traits?: Partial<DeclaredChannelTraits>;
  addressBook?: unknown;
  chatContacts?: unknown;
  checkAddress?: unknown;
  react?: unknown;
}

/**
 * The optional operations a channel adapter offers, as connections show them (ConnectionDto.capabilities).
 * @example if (connection.capabilities.importContacts) showImportFromPhone()
 */
export interface ChannelCapabilities {
  /** The adapter reads the account's address book (ChannelDefinition.addressBook). */
  importContacts: boolean;
  /** The adapter reads the account's chat list (ChannelDefinition.chatContacts). */
  importChats: boolean;
  /** The adapter tells whether an address exists on the network (ChannelDefinition.checkAddress). */
  checkAddress: boolean;
}

/**
 * What an adapter (or none, for a channel no plugin provides) can do beyond sending.
 * @example channelCapabilities(channels.get('webchat')) // { importContacts: false, importChats: false, checkAddress: false }
 */
export function channelCapabilities(channel: AdapterShape | undefined): ChannelCapabilities {
  return {
    importContacts: typeof channel?.addressBook === 'function',
    importChats: typeof channel?.chatContacts === 'function',
    checkAddress: typeof channel?.checkAddress === 'function',
  };
}

/**
 * What a channel is like: how its contacts' addresses read, whom its connections can write to, the rules it imposes.
 * Core and the UI decide by these, never by a channel's name; a channel declares them in its adapter
 * (`ChannelDefinition.traits`), and a channel no plugin provides has {@link DEFAULT_CHANNEL_TRAITS}.
 * @example if (traits.contactAddress === 'visitor') showVisitorLabel()
 */
export interface ChannelTraits {
  /**
   * What a contact's `number` is on this channel. 'phone': a phone number people read, edit and may see masked (LGPD).
   * 'visitor': an opaque id of an anonymous visitor (web chat) — never shown (the contact reads as a visitor) and never
   * changed (it is the key of their conversation).
   */
  contactAddress: 'phone' | 'visitor';
  /**
   * Which contacts a connection of this channel can write to. 'phone-numbers': any contact whose address is a phone
   * number (whatever channel it came from). 'own-contacts': only this channel's contacts that wrote in on that very
   * connection (a web chat reaches its own visitors). 'same-channel': contacts of this channel.
   */
  reaches: 'phone-numbers' | 'own-contacts' | 'same-channel';
  /** Hours after the contact's last message during which the channel lets replies through (Meta: 24); null: none. */
  replyWindowHours: number | null;
  /**
   * Hours after sending during which the channel still takes a message back from the contact (WhatsApp's "delete for
   * everyone": 60); past them a delete is refused (ERR_FETCH_WAPP_MSG, the message too old). null: no limit.
   */
  retractWithinHours: number | null;
  /** A connection needs a remote session (QR code, login) before it sends; false: connected as soon as it exists. */
  needsSession: boolean;
  /** The channel has group chats: its connections offer allowGroup and groupAsTicket. */
  groups: boolean;
  /** Its connections can be shown on websites (the embed snippet and the sites allowed to frame it). */
  embeddable: boolean;
  /**
   * Attendants can react to a message with an emoji: the adapter has the `react` door (derived from it, never
   * declared). The conversation offers "React" only then.
   */
  reactions: boolean;
}

/** Traits a channel declares; the ones derived from its doors (reactions) are left out. */
export type DeclaredChannelTraits = Omit<ChannelTraits, 'reactions'>;

/**
 * The traits of a channel that declares none (or that no plugin provides): today's phone-like behaviour, reaching
 * only the channel's own contacts — never someone the channel was not shown to reach.
 */
export const DEFAULT_CHANNEL_TRAITS: Readonly<ChannelTraits> = Object.freeze({
  contactAddress: 'phone',
  reaches: 'same-channel',
  replyWindowHours: null,
  retractWithinHours: null,
  needsSession: true,
  groups: true,
  embeddable: false,
  reactions: false,
});

/**
 * A channel's traits: its declaration over the defaults.
 * @example channelTraits(channels.get('webchat')).contactAddress // 'visitor'
 */
export function channelTraits(channel: Pick<AdapterShape, 'traits' | 'react'> | undefined): ChannelTraits {
  return { ...DEFAULT_CHANNEL_TRAITS, ...channel?.traits, reactions: typeof channel?.react === 'function' };
}

/** A contact as reach rules see it: its channel, how that channel's addresses read, and whether it wrote in on the connection. */
export interface ReachedContact {
  channel: string;
  contactAddress: ChannelTraits['contactAddress'];
  /** The contact has a ticket on the connection in question (it wrote in there, or was written to there). */
  knownOnConnection: boolean;
}

/**
 * Whether a connection of channel `channel` with `traits` can write to the contact (ChannelTraits.reaches).
 * @example reachesContact('webchat', webchatTraits, { channel: 'whatsapp', contactAddress: 'phone', knownOnConnection: false }) === false
 */
export function reachesContact(channel: string, traits: ChannelTraits, contact: ReachedContact): boolean {
  if (traits.reaches === 'phone-numbers') return contact.contactAddress === 'phone';
  if (traits.reaches === 'own-contacts') return contact.channel === channel && contact.knownOnConnection;
  return contact.channel === channel;
}

/** A channel kind with its traits, as `GET /api/plugins` lists them. @example { kind: 'webchat', traits: { … } } */
export interface ChannelInfo {
  kind: string;
  traits: ChannelTraits;
}
