import { ContactsScreen } from '../contacts/contacts-screen';

/** /contacts — the company's contacts. */
export function ContactsPage() {
  return <ContactsScreen />;
}
