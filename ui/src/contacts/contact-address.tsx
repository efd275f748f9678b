import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { channelTraitsAtom, traitsOf } from '../plugins/plugin-store';

interface Addressed {
  channel: string;
  number: string;
}

/**
 * A contact's address as text people read: the number, or — on a channel whose addresses are opaque visitor ids (web
 * chat) — the translated "Visitor", never the id.
 * @example const addressOf = useContactAddress(); <MenuItem label={addressOf(contact)} />
 */
export function useContactAddress(): (contact: Addressed) => string {
  const { t } = useTranslation();
  const declared = useAtomValue(channelTraitsAtom);
  return (contact) =>
    traitsOf(declared, contact.channel).contactAddress === 'visitor' ? t('contacts.visitor') : contact.number;
}

/** {@link useContactAddress} as an element, marked when it stands for a visitor. */
export function ContactAddress({ contact }: { contact: Addressed }) {
  const declared = useAtomValue(channelTraitsAtom);
  const addressOf = useContactAddress();
  const visitor = traitsOf(declared, contact.channel).contactAddress === 'visitor';
  return <span data-testid={visitor ? 'contact-visitor' : undefined}>{addressOf(contact)}</span>;
}
