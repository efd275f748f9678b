import type { CoreModuleDefinition } from '../kernel/module.js';
import { realtimeModule } from '../realtime/module.js';
import { announcementsModule } from './announcements/module.js';
import { authModule } from './auth/module.js';
import { automationModule } from './automation/module.js';
import { botsModule } from './bots/module.js';
import { companiesModule } from './companies/module.js';
import { connectionsModule } from './connections/module.js';
import { contactsModule } from './contacts/module.js';
import { conversationsModule } from './conversations/module.js';
import { dashboardModule } from './dashboard/module.js';
import { helpsModule } from './helps/module.js';
import { messagesModule } from './messages/module.js';
import { momentsModule } from './moments/module.js';
import { passwordRecoveryModule } from './password-recovery/module.js';
import { plansModule } from './plans/module.js';
import { queuesModule } from './queues/module.js';
import { seedModule } from './seed.js';
import { sessionsModule } from './sessions/module.js';
import { settingsModule } from './settings/module.js';
import { systemModule } from './system/module.js';
import { tagsModule } from './tags/module.js';
import { ticketNotesModule } from './ticket-notes/module.js';
import { ticketsModule } from './tickets/module.js';
import { usersModule } from './users/module.js';

/**
 * The core modules. Each folder's `module.ts` declares its entities, migrations, services, routes and wiring in the
 * shape a plugin has (kernel/module.ts); the host orders them by `dependsOn` and boots them before the plugins. A new
 * module adds its folder under modules/ with a module.ts, and one line here.
 */
export const CORE_MODULES: readonly CoreModuleDefinition[] = [
  plansModule,
  companiesModule,
  usersModule,
  settingsModule,
  authModule,
  realtimeModule,
  queuesModule,
  connectionsModule,
  tagsModule,
  contactsModule,
  ticketsModule,
  ticketNotesModule,
  messagesModule,
  conversationsModule,
  botsModule,
  automationModule,
  momentsModule,
  dashboardModule,
  sessionsModule,
  systemModule,
  announcementsModule,
  passwordRecoveryModule,
  helpsModule,
  seedModule,
];
