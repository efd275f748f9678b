import { definePlugin } from '@balcao/sdk';
import { ContactList, ContactListItem } from './contact-list.entity.js';
import { buildServices, REQUIRES } from './deps.js';
import { listErrors } from './errors.js';
import { migrations } from './migrations.js';
import { contactListRoutes } from './routes.js';

/** Contact lists, behind the `useCampaigns` flag: the audiences campaigns send to. */
export default definePlugin({
  name: 'contact-lists',
  planFlag: 'useCampaigns',
  requires: REQUIRES,
  entities: [ContactList, ContactListItem],
  migrations,
  errors: listErrors,
  services: buildServices,
  routes: contactListRoutes,
});
