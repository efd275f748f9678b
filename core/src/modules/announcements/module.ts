import { asClass } from 'awilix';
import { defineModule } from '../../kernel/module.js';
import { Announcement } from './announcement.entity.js';
import { announcementsRoutes } from './announcements-routes.js';
import { AnnouncementsService } from './announcements-service.js';
import { MigrationAnnouncements0001Tables } from './migrations/announcements-0001-tables.js';
import { MigrationAnnouncements0002Seen } from './migrations/announcements-0002-seen.js';

/** Platform announcements: written by super users, shown to every company's users (spec part 2 §2). */
export const announcementsModule = defineModule({
  name: 'announcements',
  dependsOn: ['companies', 'users'],
  entities: [Announcement],
  migrations: [
    { name: 'announcements-0001-tables', class: MigrationAnnouncements0001Tables },
    { name: 'announcements-0002-seen', class: MigrationAnnouncements0002Seen },
  ],
  register: (container) => container.register({ announcements: asClass(AnnouncementsService).scoped() }),
  routes: announcementsRoutes,
});
