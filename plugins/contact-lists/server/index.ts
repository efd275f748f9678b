import { definePlugin } from '@balcao/sdk';
import { ContactList, ContactListItem } from './contact-list.entity.js';
import { migrations } from './migrations.js';

/** Contact lists, behind the `useCampaigns` flag: the audiences campaigns send to. */
export default definePlugin({
  name: 'contact-lists',
  planFlag: 'useCampaigns',
  requires: ['em'],
  entities: [ContactList, ContactListItem],
  migrations,
});
