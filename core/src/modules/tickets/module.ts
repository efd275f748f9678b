import type { AuthUser } from '@balcao/sdk';
import { asClass, asFunction, asValue } from 'awilix';
import { type Cradle, createRequestScope } from '../../kernel/container.js';
import { defineModule } from '../../kernel/module.js';
import { wireAutomaticMessages } from './automatic-messages.js';
import { CloseSteps } from './close-steps.js';
import { Migration0005TicketVisibilityIndexes } from './migrations/core-0005-ticket-visibility-indexes.js';
import { Migration0006UnassignedListOrder } from './migrations/core-0006-unassigned-list-order.js';
import { Migration0009TicketTagIds } from './migrations/core-0009-ticket-tag-ids.js';
import { MigrationTickets0001Tables } from './migrations/tickets-0001-tables.js';
import { MigrationTickets0002ListIndexes } from './migrations/tickets-0002-list-indexes.js';
import { MigrationTickets0003TrackingAndRatings } from './migrations/tickets-0003-tracking-and-ratings.js';
import { MigrationTickets0004DurationsAndRatingDay } from './migrations/tickets-0004-durations-and-rating-day.js';
import { MigrationTickets0005ActorPluginInLog } from './migrations/tickets-0005-actor-plugin-in-log.js';
import { MigrationTickets0006PerfDbUnassignedAnyQueue } from './migrations/tickets-0006-perf-db-unassigned-any-queue.js';
import { MigrationTickets0007SearchWalkContact } from './migrations/tickets-0007-search-walk-contact.js';
import { wireTicketFanout } from './realtime-fanout.js';
import { wireTicketRealtime } from './realtime-wiring.js';
import { Ticket, TicketLog, TicketRating } from './ticket.entity.js';
import { TicketBotActions } from './ticket-bot-actions.js';
import { TicketRatings } from './ticket-ratings.js';
import { TicketTagSizes } from './ticket-tag-sizes.js';
import { TicketTags } from './ticket-tags.js';
import { CompanyTicketsPort } from './tickets-port.js';
import { TicketsPublisher } from './tickets-publisher.js';
import { ticketsRoutes } from './tickets-routes.js';
import { TicketsService } from './tickets-service.js';
import { ViewerTicketsReads } from './tickets-viewer.js';

/** Tickets, their tags and logs; who may see a ticket on the socket. */
export const ticketsModule = defineModule({
  name: 'tickets',
  dependsOn: ['contacts', 'connections', 'queues', 'users', 'tags'],
  entities: [Ticket, TicketLog, TicketRating],
  migrations: [
    { name: 'tickets-0001-tables', class: MigrationTickets0001Tables, replaces: 'core-0002-attendance' },
    {
      name: 'tickets-0002-list-indexes',
      class: MigrationTickets0002ListIndexes,
      replaces: 'core-0004-attendance-indexes',
    },
    { name: 'core-0005-ticket-visibility-indexes', class: Migration0005TicketVisibilityIndexes },
    { name: 'core-0006-unassigned-list-order', class: Migration0006UnassignedListOrder },
    { name: 'core-0009-ticket-tag-ids', class: Migration0009TicketTagIds },
    { name: 'tickets-0003-tracking-and-ratings', class: MigrationTickets0003TrackingAndRatings },
    { name: 'tickets-0004-durations-and-rating-day', class: MigrationTickets0004DurationsAndRatingDay },
    { name: 'tickets-0005-actor-plugin-in-log', class: MigrationTickets0005ActorPluginInLog },
    {
      name: 'tickets-0006-perf-db-unassigned-any-queue',
      class: MigrationTickets0006PerfDbUnassignedAnyQueue,
    },
    { name: 'tickets-0007-search-walk-contact', class: MigrationTickets0007SearchWalkContact },
  ],
  ports: {
    tickets: ({ scope, plugin, tenant }) =>
      tenant((id) => new CompanyTicketsPort(scope.em, id, scope.tickets, plugin.name, scope.ticketTags)),
  },
  register: (container) =>
    container.register({
      tickets: asClass(TicketsService).scoped(),
      ticketTagSizes: asClass(TicketTagSizes).singleton(),
      ticketTags: asClass(TicketTags).scoped(),
      ticketBotActions: asClass(TicketBotActions).scoped(),
      ticketRatings: asClass(TicketRatings).scoped(),
      ticketsPublisher: asClass(TicketsPublisher).singleton(),
      closeSteps: asValue(new CloseSteps()),
      // The viewer port's ticket reads (kernel/viewer-port.ts): as core's REST answers that user.
      viewerTickets: asFunction(
        (c: Cradle) => (viewer: AuthUser) => new ViewerTicketsReads(c.em, viewer, c.tickets),
      ).scoped(),
    }),
  routes: ticketsRoutes,
  wire: ({ root, events }) => {
    wireTicketRealtime(root.cradle.realtime, root.cradle.orm, events);
    // Frames, greetings and notices follow the catalogue's events (realtime-fanout.ts, automatic-messages.ts).
    wireTicketFanout(events, root.cradle.ticketsPublisher);
    wireAutomaticMessages(events, (companyId) => {
      const { em, settings } = createRequestScope(root, companyId).cradle;
      return { em, settings, events };
    });
  },
});
