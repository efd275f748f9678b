import { asClass } from 'awilix';
import { defineModule } from '../../kernel/module.js';
import { boundSettings } from '../../kernel/plugin-ports.js';
import { MigrationSettings0001Tables } from './migrations/settings-0001-tables.js';
import { CompanySetting, Setting } from './setting.entity.js';
import { wireSettingsRealtime } from './settings-realtime.js';
import { settingsRoutes } from './settings-routes.js';
import { SettingsService } from './settings-service.js';

declare module '../../kernel/container.js' {
  interface Cradle {
    settings: SettingsService;
  }
}

/** Platform settings and each company's; a change reaches the company's sockets. */
export const settingsModule = defineModule({
  name: 'settings',
  dependsOn: ['companies'],
  entities: [Setting, CompanySetting],
  migrations: [
    { name: 'settings-0001-tables', class: MigrationSettings0001Tables, replaces: 'core-0001-kernel' },
  ],
  ports: {
    settings: ({ scope, companyId }) => boundSettings(new SettingsService({ em: scope.em }), companyId),
  },
  register: (container) => container.register({ settings: asClass(SettingsService).scoped() }),
  routes: settingsRoutes,
  wire: ({ root, events }) => wireSettingsRealtime(root.cradle.realtime, events),
});
