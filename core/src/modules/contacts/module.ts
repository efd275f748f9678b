import { asClass } from 'awilix';
import { createRequestScope } from '../../kernel/container.js';
import { defineModule } from '../../kernel/module.js';
import { Contact, ContactCustomField } from './contact.entity.js';
import { wireContactRealtime } from './contacts-realtime.js';
import { contactsRoutes } from './contacts-routes.js';
import { ContactsService } from './contacts-service.js';
import { MigrationContacts0001Tables } from './migrations/contacts-0001-tables.js';
import { MigrationContacts0002PerfDbSearchStatistics } from './migrations/contacts-0002-perf-db-search-statistics.js';
import { Migration0003ContactsEmailSearch } from './migrations/core-0003-contacts-email-search.js';

/** Contacts, their custom fields and their tags. */
export const contactsModule = defineModule({
  name: 'contacts',
  dependsOn: ['companies', 'tags'],
  entities: [Contact, ContactCustomField],
  migrations: [
    { name: 'contacts-0001-tables', class: MigrationContacts0001Tables, replaces: 'core-0002-attendance' },
    { name: 'core-0003-contacts-email-search', class: Migration0003ContactsEmailSearch },
    { name: 'contacts-0002-perf-db-search-statistics', class: MigrationContacts0002PerfDbSearchStatistics },
  ],
  register: (container) => container.register({ contacts: asClass(ContactsService).scoped() }),
  routes: contactsRoutes,
  wire: ({ root, events }) =>
    wireContactRealtime(
      events,
      root.cradle.realtime,
      (companyId) => createRequestScope(root, companyId).cradle.contacts,
    ),
});
