import { asClass, type Resolver } from 'awilix';
import type { AppRouter } from '../http/types.js';
import { companiesRoutes } from './companies/companies-routes.js';
import { CompaniesService } from './companies/companies-service.js';
import { connectionsRoutes } from './connections/connections-routes.js';
import { ConnectionsService } from './connections/connections-service.js';
import { contactsRoutes } from './contacts/contacts-routes.js';
import { ContactsService } from './contacts/contacts-service.js';
import { MessageForwardService } from './messages/forward-service.js';
import { messagesRoutes } from './messages/messages-routes.js';
import { MessagesService } from './messages/messages-service.js';
import { momentsRoutes } from './moments/moments-routes.js';
import { MomentsService } from './moments/moments-service.js';
import { plansRoutes } from './plans/plans-routes.js';
import { PlansService } from './plans/plans-service.js';
import { queuesRoutes } from './queues/queues-routes.js';
import { QueuesService } from './queues/queues-service.js';
import { sessionsRoutes } from './sessions/sessions-routes.js';
import { settingsRoutes } from './settings/settings-routes.js';
import { SettingsService } from './settings/settings-service.js';
import { tagsRoutes } from './tags/tags-routes.js';
import { TagsService } from './tags/tags-service.js';
import { ticketNotesRoutes } from './ticket-notes/ticket-notes-routes.js';
import { TicketNotesService } from './ticket-notes/ticket-notes-service.js';
import { TicketBotActions } from './tickets/ticket-bot-actions.js';
import { TicketTagSizes } from './tickets/ticket-tag-sizes.js';
import { ticketsRoutes } from './tickets/tickets-routes.js';
import { TicketsService } from './tickets/tickets-service.js';
import { usersRoutes } from './users/users-routes.js';
import { UsersService } from './users/users-service.js';

/**
 * A core domain module: its request-scoped services and its authenticated routes. A new module adds its folder
 * under modules/, types its services into the container (`declare module '../../kernel/container.js'`), and one
 * line here.
 */
export interface CoreModule {
  name: string;
  services?: Record<string, Resolver<unknown>>;
  routes?(router: AppRouter): void;
}

export const CORE_MODULES: CoreModule[] = [
  { name: 'users', services: { users: asClass(UsersService).scoped() }, routes: usersRoutes },
  { name: 'settings', services: { settings: asClass(SettingsService).scoped() }, routes: settingsRoutes },
  { name: 'companies', services: { companies: asClass(CompaniesService).scoped() }, routes: companiesRoutes },
  { name: 'plans', services: { plans: asClass(PlansService).scoped() }, routes: plansRoutes },
  {
    name: 'tickets',
    services: {
      tickets: asClass(TicketsService).scoped(),
      ticketTagSizes: asClass(TicketTagSizes).singleton(),
      ticketBotActions: asClass(TicketBotActions).scoped(),
    },
    routes: ticketsRoutes,
  },
  {
    name: 'messages',
    services: {
      messages: asClass(MessagesService).scoped(),
      messageForward: asClass(MessageForwardService).scoped(),
    },
    routes: messagesRoutes,
  },
  {
    name: 'connections',
    services: { connections: asClass(ConnectionsService).scoped() },
    routes: connectionsRoutes,
  },
  { name: 'contacts', services: { contacts: asClass(ContactsService).scoped() }, routes: contactsRoutes },
  { name: 'tags', services: { tags: asClass(TagsService).scoped() }, routes: tagsRoutes },
  {
    name: 'ticket-notes',
    services: { ticketNotes: asClass(TicketNotesService).scoped() },
    routes: ticketNotesRoutes,
  },
  { name: 'queues', services: { queues: asClass(QueuesService).scoped() }, routes: queuesRoutes },
  { name: 'moments', services: { moments: asClass(MomentsService).scoped() }, routes: momentsRoutes },
  // Its service (SessionManager) needs the root container: the kernel registers it.
  { name: 'sessions', routes: sessionsRoutes },
];
