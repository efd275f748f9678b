import type { AuthResponse } from '../dto.js';

/**
 * A running Balcão as a test reaches it: over HTTP, as its users and channels do. `createTestHost` of
 * `@balcao/testing` answers one (its TestHost adds kernel access); a test may also point one at a server it started.
 * @example const { token } = await host.login(host.admin.email, host.admin.password); await host.request('/api/tickets', { token })
 */
export interface HostClient {
  /** The server's base URL (`http://localhost:43121`). */
  url: string;
  /** fetch against the host; JSON bodies and bearer tokens are handled. */
  request(
    path: string,
    init?: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> },
  ): Promise<Response>;
  /** Logs in and returns the token and session user. */
  login(email: string, password: string): Promise<AuthResponse>;
  /** The seeded super admin of company 1. */
  admin: { email: string; password: string };
}
