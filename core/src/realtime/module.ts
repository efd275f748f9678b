import { defineModule } from '../kernel/module.js';
import { MigrationRealtime0001Overflow } from './migrations/realtime-0001-overflow.js';

/** The realtime hub's table: the hub itself is a kernel singleton (the container holds it). */
export const realtimeModule = defineModule({
  name: 'realtime',
  migrations: [
    { name: 'realtime-0001-overflow', class: MigrationRealtime0001Overflow, replaces: 'core-0001-kernel' },
  ],
});
