import type { AuthUser } from '@balcao/sdk';
import { asClass, asFunction } from 'awilix';
import { type Cradle, createRequestScope } from '../../kernel/container.js';
import { defineModule } from '../../kernel/module.js';
import { Contact, ContactCustomField } from './contact.entity.js';
import { CompanyContactsPort } from './contacts-port.js';
import { wireContactRealtime } from './contacts-realtime.js';
import { contactsRoutes } from './contacts-routes.js';
import { ContactsService } from './contacts-service.js';
import { ViewerContactsReads } from './contacts-viewer.js';
import { MigrationContacts0001Tables } from './migrations/contacts-0001-tables.js';
import { MigrationContacts0002ReadDoorsIdIndex } from './migrations/contacts-0002-read-doors-id-index.js';
import { MigrationContacts0003PerfDbSearchStatistics } from './migrations/contacts-0003-perf-db-search-statistics.js';
import { MigrationContacts0004CsearchNameWalkIndex } from './migrations/contacts-0004-csearch-name-walk-index.js';
import { MigrationContacts0005CsearchNameWords } from './migrations/contacts-0005-csearch-name-words.js';
import { MigrationContacts0006CountIndex } from './migrations/contacts-0006-count-index.js';
import { Migration0003ContactsEmailSearch } from './migrations/core-0003-contacts-email-search.js';

/** Contacts, their custom fields and their tags. */
export const contactsModule = defineModule({
  name: 'contacts',
  dependsOn: ['companies', 'tags'],
  entities: [Contact, ContactCustomField],
  migrations: [
    { name: 'contacts-0001-tables', class: MigrationContacts0001Tables, replaces: 'core-0002-attendance' },
    { name: 'core-0003-contacts-email-search', class: Migration0003ContactsEmailSearch },
    { name: 'contacts-0002-read-doors-id-index', class: MigrationContacts0002ReadDoorsIdIndex },
    { name: 'contacts-0003-perf-db-search-statistics', class: MigrationContacts0003PerfDbSearchStatistics },
    { name: 'contacts-0004-csearch-name-walk-index', class: MigrationContacts0004CsearchNameWalkIndex },
    { name: 'contacts-0005-csearch-name-words', class: MigrationContacts0005CsearchNameWords },
    { name: 'contacts-0006-count-index', class: MigrationContacts0006CountIndex },
  ],
  register: (container) =>
    container.register({
      contacts: asClass(ContactsService).scoped(),
      // The viewer port's contact reads (kernel/viewer-port.ts): as `GET /api/contacts/:id` answers that user.
      viewerContacts: asFunction(
        (c: Cradle) => (viewer: AuthUser) => new ViewerContactsReads(c.em, viewer, c.contacts),
      ).scoped(),
    }),
  ports: {
    contacts: ({ scope, tenant }) =>
      tenant((id) => new CompanyContactsPort(scope.em, id, scope.contacts, scope.tags)),
  },
  routes: contactsRoutes,
  wire: ({ root, events }) =>
    wireContactRealtime(
      events,
      root.cradle.realtime,
      (companyId) => createRequestScope(root, companyId).cradle.contacts,
    ),
});
