import { asClass, asFunction } from 'awilix';
import type { Cradle } from '../../kernel/container.js';
import { defineModule } from '../../kernel/module.js';
import { MigrationTags0001Tables } from './migrations/tags-0001-tables.js';
import { Tag } from './tag.entity.js';
import { CompanyTagsPort } from './tags-port.js';
import { tagsRoutes } from './tags-routes.js';
import { TagsService } from './tags-service.js';

/** Tags (of contacts and tickets: the link tables belong to those modules). */
export const tagsModule = defineModule({
  name: 'tags',
  dependsOn: ['users'],
  entities: [Tag],
  migrations: [
    { name: 'tags-0001-tables', class: MigrationTags0001Tables, replaces: 'core-0002-attendance' },
  ],
  register: (container) =>
    container.register({
      tags: asClass(TagsService).scoped(),
      // Registered here so the kernel's plugin ports need not import the module (ARCHITECTURE: modules register).
      tagsPortFor: asFunction(
        ({ tags }: Cradle) =>
          (companyId: number) =>
            new CompanyTagsPort(companyId, tags),
      ).scoped(),
    }),
  routes: tagsRoutes,
});
