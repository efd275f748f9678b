import { asClass, asValue } from 'awilix';
import { defineModule } from '../../kernel/module.js';
import { AccessGate } from './access-gate.js';
import { authRoutes } from './auth-routes.js';
import { AuthService } from './auth-service.js';
import { AuthSession } from './auth-session.entity.js';
import { LoginLimiter } from './login-limiter.js';
import { MigrationAuth0001Sessions } from './migrations/auth-0001-sessions.js';
import { Migration0010AuthAttempts } from './migrations/core-0010-auth-attempts.js';
import { SignupLimiter } from './signup-limiter.js';
import { Tokens } from './tokens.js';

declare module '../../kernel/container.js' {
  interface Cradle {
    /** Access tokens checked against their login session (refused once it ends). */
    accessGate: AccessGate;
    loginLimiter: LoginLimiter;
    signupLimiter: SignupLimiter;
    auth: AuthService;
    /** Signs and checks access and refresh tokens (the configuration's secrets). */
    tokens: Tokens;
  }
}

/** Login, refresh and sign-up: sessions, the access gate and the attempt limiters. */
export const authModule = defineModule({
  name: 'auth',
  dependsOn: ['users'],
  entities: [AuthSession],
  migrations: [
    { name: 'auth-0001-sessions', class: MigrationAuth0001Sessions, replaces: 'core-0001-kernel' },
    { name: 'core-0010-auth-attempts', class: Migration0010AuthAttempts },
  ],
  register: (container) =>
    container.register({
      tokens: asValue(new Tokens(container.cradle.config)),
      accessGate: asClass(AccessGate).singleton(),
      loginLimiter: asClass(LoginLimiter).singleton(),
      signupLimiter: asClass(SignupLimiter).singleton(),
      auth: asClass(AuthService).scoped(),
    }),
  publicRoutes: (router, { root }) => authRoutes(router, root.cradle.tokens, root.cradle.accessGate),
});
