import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { OutboxOptions } from '../modules/conversations/outbox-worker.js';

// An empty variable counts as unset.
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

const envSchema = z.object({
  NODE_ENV: optional(z.enum(['development', 'production', 'test'])),
  PORT: optional(z.coerce.number().int().min(0).max(65535)),
  DATABASE_URL: optional(z.string().url()),
  JWT_SECRET: optional(z.string().min(16, 'JWT_SECRET must be at least 16 characters')),
  JWT_REFRESH_SECRET: optional(z.string().min(16, 'JWT_REFRESH_SECRET must be at least 16 characters')),
  ADMIN_EMAIL: optional(z.string().email()),
  ADMIN_PASSWORD: optional(z.string().min(5)),
  BALCAO_ROLE: optional(z.enum(['all', 'web', 'worker'])),
  MONGODB_URL: optional(z.string()),
  REDIS_URL: optional(z.string()),
  DATA_DIR: optional(z.string()),
  EMBEDDED_PG_PORT: optional(z.coerce.number().int().min(1).max(65535)),
  LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])),
  UI_DIST: optional(z.string()),
  TRUST_PROXY: optional(z.union([z.enum(['true', 'false']), z.coerce.number().int().min(0).max(10)])),
  OUTBOX_POLL_MS: optional(z.coerce.number().int().min(10).max(60_000)),
  OUTBOX_LEASE_SECONDS: optional(z.coerce.number().int().min(1).max(3600)),
  OUTBOX_RETRY_BASE_MS: optional(z.coerce.number().int().min(1).max(3_600_000)),
  OUTBOX_MAX_ATTEMPTS: optional(z.coerce.number().int().min(1).max(100)),
  BALCAO_EXAMPLES: optional(z.enum(['1', '0', 'true', 'false'], "BALCAO_EXAMPLES must be '1' or '0'")),
});

/** Validated runtime configuration of one Balcão process. */
export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  databaseUrl: string | undefined;
  jwtSecret: string;
  jwtRefreshSecret: string;
  adminEmail: string;
  adminPassword: string;
  /** True when the admin credentials are the development defaults (they are printed on start). */
  adminIsDefault: boolean;
  role: 'all' | 'web' | 'worker';
  mongodbUrl: string | undefined;
  redisUrl: string | undefined;
  dataDir: string;
  embeddedPgPort: number;
  logLevel: string;
  uiDist: string;
  /** How many proxies in front set X-Forwarded-* (0: none, the headers are ignored). */
  trustProxy: number;
  /** Pacing of the outbox's delivery worker, when not the defaults (tests shorten leases and delays). */
  outbox?: Partial<OutboxOptions>;
  /** Load the example packages (examples/*) too; a normal start never does (BALCAO_EXAMPLES=1). */
  examples: boolean;
}

export class ConfigError extends Error {}

/** Secrets generated once in development and kept under DATA_DIR, so tokens survive restarts. */
function devSecrets(dataDir: string): { jwtSecret: string; jwtRefreshSecret: string } {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  mkdirSync(dataDir, { recursive: true });
  const secrets = {
    jwtSecret: randomBytes(32).toString('hex'),
    jwtRefreshSecret: randomBytes(32).toString('hex'),
  };
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

type Env = z.infer<typeof envSchema>;

/** What production refuses beyond a missing value: guessable or shared secrets and a short admin password. */
function productionProblems(e: Env): string[] {
  const problems: string[] = [];
  for (const key of ['JWT_SECRET', 'JWT_REFRESH_SECRET'] as const)
    if ((e[key]?.length ?? 0) < 32) problems.push(`${key} must be at least 32 characters in production`);
  // One secret for both would let a refresh token pass as an access token and the other way round.
  if (e.JWT_SECRET === e.JWT_REFRESH_SECRET)
    problems.push('JWT_SECRET and JWT_REFRESH_SECRET must be different in production');
  if ((e.ADMIN_PASSWORD?.length ?? 0) < 8)
    problems.push('ADMIN_PASSWORD must be at least 8 characters in production');
  return problems;
}

/** The outbox pacing the environment sets (the rest keeps DEFAULT_OUTBOX_OPTIONS). */
function outboxOptions(e: Env): Partial<OutboxOptions> {
  const o: Partial<OutboxOptions> = {};
  if (e.OUTBOX_POLL_MS !== undefined) o.pollMs = e.OUTBOX_POLL_MS;
  if (e.OUTBOX_LEASE_SECONDS !== undefined) o.leaseMs = e.OUTBOX_LEASE_SECONDS * 1000;
  if (e.OUTBOX_RETRY_BASE_MS !== undefined) o.baseDelayMs = e.OUTBOX_RETRY_BASE_MS;
  if (e.OUTBOX_MAX_ATTEMPTS !== undefined) o.maxAttempts = e.OUTBOX_MAX_ATTEMPTS;
  return o;
}

/**
 * Reads and validates the environment. In production missing or weak secrets are an error, never a default.
 * @example const config = loadConfig(process.env)
 */
export function loadConfig(env: NodeJS.ProcessEnv, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const mode = e.NODE_ENV ?? 'development';
  const dataDir = path.resolve(e.DATA_DIR ?? 'data');
  if (mode === 'production') {
    const missing = ['JWT_SECRET', 'JWT_REFRESH_SECRET', 'ADMIN_PASSWORD'].filter(
      (k) => !e[k as keyof typeof e],
    );
    if (missing.length)
      throw new ConfigError(`Missing required configuration in production: ${missing.join(', ')}`);
    const problems = productionProblems(e);
    if (problems.length)
      throw new ConfigError(
        `Invalid configuration for production:\n${problems.map((p) => `  ${p}`).join('\n')}`,
      );
  }
  const secrets =
    e.JWT_SECRET && e.JWT_REFRESH_SECRET
      ? { jwtSecret: e.JWT_SECRET, jwtRefreshSecret: e.JWT_REFRESH_SECRET }
      : (overrides.jwtSecret && overrides.jwtRefreshSecret && overrides) || devSecrets(dataDir);
  return {
    env: mode,
    port: e.PORT ?? 8080,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET ?? secrets.jwtSecret!,
    jwtRefreshSecret: e.JWT_REFRESH_SECRET ?? secrets.jwtRefreshSecret!,
    adminEmail: e.ADMIN_EMAIL ?? 'admin@admin.com',
    adminPassword: e.ADMIN_PASSWORD ?? '123456',
    adminIsDefault: !e.ADMIN_PASSWORD,
    role: e.BALCAO_ROLE ?? 'all',
    mongodbUrl: e.MONGODB_URL,
    redisUrl: e.REDIS_URL,
    dataDir,
    embeddedPgPort: e.EMBEDDED_PG_PORT ?? 54329,
    logLevel: e.LOG_LEVEL ?? (mode === 'test' ? 'silent' : 'info'),
    uiDist: path.resolve(e.UI_DIST ?? path.join(import.meta.dirname, '../../../ui/dist')),
    trustProxy: e.TRUST_PROXY === 'true' ? 1 : e.TRUST_PROXY === 'false' ? 0 : (e.TRUST_PROXY ?? 0),
    outbox: outboxOptions(e),
    examples: e.BALCAO_EXAMPLES === '1' || e.BALCAO_EXAMPLES === 'true',
    ...overrides,
  };
}
