import { defineJob, definePlugin, idField } from '@balcao/sdk';
import { z } from 'zod';
import { ContactList, ContactListItem } from './contact-list.entity.js';
import { buildServices, type ContactListDeps, REQUIRES } from './deps.js';
import { listErrors } from './errors.js';
import { migrations } from './migrations.js';
import { CHECK_JOB, RESUME_JOB } from './number-check.js';
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
  jobs: [
    defineJob<ContactListDeps, { contactListId: number }>({
      name: CHECK_JOB,
      data: z.object({ contactListId: idField }),
      handler: ({ companyId, data, deps }) => deps.checker.run(companyId, data.contactListId),
    }),
    {
      name: RESUME_JOB,
      every: '5 minutes',
      handler: ({ companyId, deps }) => deps.checker.resume(companyId),
    },
  ],
});
