import { asClass } from 'awilix';
import { defineModule } from '../../kernel/module.js';
import { TicketNote } from '../tickets/ticket.entity.js';
import { MigrationTicketNotes0001Tables } from './migrations/ticket-notes-0001-tables.js';
import { ticketNotesRoutes } from './ticket-notes-routes.js';
import { TicketNotesService } from './ticket-notes-service.js';

/** Notes on a ticket or a contact. */
export const ticketNotesModule = defineModule({
  name: 'ticket-notes',
  dependsOn: ['tickets'],
  entities: [TicketNote],
  migrations: [
    {
      name: 'ticket-notes-0001-tables',
      class: MigrationTicketNotes0001Tables,
      replaces: 'core-0002-attendance',
    },
  ],
  register: (container) => container.register({ ticketNotes: asClass(TicketNotesService).scoped() }),
  routes: ticketNotesRoutes,
});
