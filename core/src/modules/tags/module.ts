import { asClass } from 'awilix';
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
  ports: { tags: ({ scope, tenant }) => tenant((id) => new CompanyTagsPort(id, scope.tags)) },
  register: (container) => container.register({ tags: asClass(TagsService).scoped() }),
  routes: tagsRoutes,
});
