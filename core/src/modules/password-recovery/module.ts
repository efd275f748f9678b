import { asClass } from 'awilix';
import { defineModule } from '../../kernel/module.js';
import { MigrationPasswordRecovery0001Resets } from './migrations/password-recovery-0001-resets.js';
import { RecoveryLimiter } from './recovery-limiter.js';
import { recoveryRoutes } from './recovery-routes.js';
import { RecoverySender } from './recovery-sender.js';
import { RecoveryService } from './recovery-service.js';

declare module '../../kernel/container.js' {
  interface Cradle {
    recoveryLimiter: RecoveryLimiter;
    /** Texts reset codes through company 1's default connection. */
    recoverySender: RecoverySender;
    recovery: RecoveryService;
  }
}

/** Password reset by a code sent over WhatsApp (spec part 2 "Password reset"): public, rate-limited routes. */
export const passwordRecoveryModule = defineModule({
  name: 'password-recovery',
  dependsOn: ['users', 'auth', 'conversations', 'sessions'],
  migrations: [{ name: 'password-recovery-0001-resets', class: MigrationPasswordRecovery0001Resets }],
  register: (container) =>
    container.register({
      recoveryLimiter: asClass(RecoveryLimiter).singleton(),
      recoverySender: asClass(RecoverySender).singleton(),
      recovery: asClass(RecoveryService).scoped(),
    }),
  publicRoutes: recoveryRoutes,
});
