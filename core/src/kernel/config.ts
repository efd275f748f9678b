import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { SpreadsheetLimits } from '../spreadsheets/spreadsheet-reader.js';
import { isCommonPassword, weakSecretReason } from './weak-secrets.js';

// An empty variable counts as unset.
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

/** Every variable Balcão reads (README.md "Configuration" lists each). */
export const envSchema = z.object({
  NODE_ENV: optional(z.enum(['development', 'production', 'test'])),
  PORT: optional(z.coerce.number().int().min(0).max(65535)),
  DATABASE_URL: optional(z.string().url()),
  JWT_SECRET: optional(z.string().min(16, 'JWT_SECRET must be at least 16 characters')),
  JWT_REFRESH_SECRET: optional(z.string().min(16, 'JWT_REFRESH_SECRET must be at least 16 characters')),
  SESSION_SECRET: optional(z.string().min(16, 'SESSION_SECRET must be at least 16 characters')),
  SESSION_LEASE_SECONDS: optional(z.coerce.number().int().min(1).max(3600)),
  SESSION_RENEW_MS: optional(z.coerce.number().int().min(10).max(600_000)),
  SESSION_CALL_TIMEOUT_MS: optional(z.coerce.number().int().min(100).max(600_000)),
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
  JOBS_LOCK_SECONDS: optional(z.coerce.number().int().min(1).max(86_400)),
  SUPPORT_URL: optional(z.url({ protocol: /^https?$/, error: 'SUPPORT_URL must be an http(s) URL' })),
  BALCAO_EXAMPLES: optional(z.enum(['1', '0', 'true', 'false'], "BALCAO_EXAMPLES must be '1' or '0'")),
  BALCAO_EGRESS_ALLOW: optional(z.string().max(4096)),
  SPREADSHEET_MAX_ROWS: optional(z.coerce.number().int().min(1).max(1_000_000)),
  SPREADSHEET_MAX_UNZIPPED_MB: optional(z.coerce.number().int().min(1).max(2048)),
});

/**
 * How the outbox's delivery worker paces itself (modules/conversations/outbox-worker.ts; DEFAULT_OUTBOX_OPTIONS there):
 * declared here, below the module, because the configuration carries it.
 */
export interface OutboxOptions {
  /** How often an idle worker looks for due deliveries another instance queued. */
  pollMs: number;
  /** How long a claimed delivery stays with its worker: a worker killed mid-send loses it after this. */
  leaseMs: number;
  /** The first retry's delay; each further one doubles it (capped at maxDelayMs), with ±20 % jitter. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Attempts before the message is marked failed (the attendant may retry it). */
  maxAttempts: number;
  /** Deliveries claimed at once. */
  batch: number;
}

/**
 * Lease pacing of stateful channel sessions (modules/sessions; DEFAULT_SESSION_LEASE there): a lease lasts `leaseMs`
 * and its owner renews it every `renewMs`; a call relayed to an owner waits `callTimeoutMs` for its answer (tests
 * shorten all three).
 */
export interface SessionLeaseOptions {
  leaseMs: number;
  renewMs: number;
  /** How long a request waits for a call relayed to the session's owner (session-calls.ts) before 504. */
  callTimeoutMs: number;
}

/** Validated runtime configuration of one Balcão process. */
export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  databaseUrl: string | undefined;
  jwtSecret: string;
  jwtRefreshSecret: string;
  /** Key material for what is encrypted at rest (channel sessions, plugin configuration); see secret-box.ts. */
  sessionSecret: string;
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
  /** Lease timings of stateful channel sessions, when not the defaults (tests shorten them). */
  sessions?: Partial<SessionLeaseOptions>;
  /**
   * How long a running job stays locked to its worker (ms): a job whose worker died is run again by another after
   * this. Agenda's default (10 minutes) when unset; a crash test shortens it.
   */
  jobsLockMs?: number;
  /** Where the connections screen's "call support" button leads (a chat link); null hides the button. */
  supportUrl: string | null;
  /** Load the example packages (examples/*) too; a normal start never does (BALCAO_EXAMPLES=1). */
  examples: boolean;
  /** Hosts, addresses and CIDR blocks plugins may reach although private (BALCAO_EGRESS_ALLOW, comma-separated). */
  egressAllow: string[];
  /** Bounds of every spreadsheet read, when not the defaults (DEFAULT_SPREADSHEET_LIMITS; tests lower them). */
  spreadsheets?: Partial<SpreadsheetLimits>;
}

export class ConfigError extends Error {}

/** The encryption key material of NODE_ENV=test processes without SESSION_SECRET; never used elsewhere. */
const TEST_SESSION_SECRET = 'balcao-test-session-secret-never-in-production';

/** Secrets generated once in development and kept under DATA_DIR, so tokens survive restarts. */
interface DevSecrets {
  jwtSecret: string;
  jwtRefreshSecret: string;
  sessionSecret: string;
}

/** A file written before a secret existed gains it; the others are kept (tokens and sessions stay valid). */
function devSecrets(dataDir: string): DevSecrets {
  const file = path.join(dataDir, 'secrets.json');
  const kept: Partial<DevSecrets> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const secrets: DevSecrets = {
    jwtSecret: kept.jwtSecret ?? randomBytes(32).toString('hex'),
    jwtRefreshSecret: kept.jwtRefreshSecret ?? randomBytes(32).toString('hex'),
    sessionSecret: kept.sessionSecret ?? randomBytes(32).toString('hex'),
  };
  if (kept.jwtSecret && kept.jwtRefreshSecret && kept.sessionSecret) return secrets;
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

type Env = z.infer<typeof envSchema>;

/** The development default of the first admin's e-mail: production names its own (a known login is half a guess). */
export const DEFAULT_ADMIN_EMAIL = 'admin@admin.com';

const SECRET_KEYS = ['JWT_SECRET', 'JWT_REFRESH_SECRET', 'SESSION_SECRET'] as const;

/**
 * What production refuses beyond a missing value: short, repeated or placeholder secrets, secrets equal to each
 * other, a short or common admin password, and the default admin e-mail.
 */
function productionProblems(e: Env): string[] {
  const problems: string[] = [];
  for (const key of SECRET_KEYS) {
    const value = e[key] ?? '';
    if (value.length < 32) problems.push(`${key} must be at least 32 characters in production`);
    const weak = weakSecretReason(value);
    if (value && weak) problems.push(`${key} ${weak}: generate one (openssl rand -hex 32)`);
  }
  // One secret for two uses would let a refresh token pass as an access token (or one leak open both doors).
  SECRET_KEYS.forEach((a, i) => {
    for (const b of SECRET_KEYS.slice(i + 1))
      if (e[a] && e[a] === e[b]) problems.push(`${a} and ${b} must be different in production`);
  });
  const adminPassword = e.ADMIN_PASSWORD ?? '';
  if (adminPassword.length < 8) problems.push('ADMIN_PASSWORD must be at least 8 characters in production');
  else if (isCommonPassword(adminPassword))
    problems.push('ADMIN_PASSWORD is a common password: choose one that is not on the lists tried first');
  if ((e.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL).toLowerCase() === DEFAULT_ADMIN_EMAIL)
    problems.push(`ADMIN_EMAIL must be set in production (not ${DEFAULT_ADMIN_EMAIL})`);
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

/** The session lease timings the environment sets (the rest keeps DEFAULT_SESSION_LEASE). */
function sessionOptions(e: Env): Partial<SessionLeaseOptions> {
  const o: Partial<SessionLeaseOptions> = {};
  if (e.SESSION_LEASE_SECONDS !== undefined) o.leaseMs = e.SESSION_LEASE_SECONDS * 1000;
  if (e.SESSION_RENEW_MS !== undefined) o.renewMs = e.SESSION_RENEW_MS;
  if (e.SESSION_CALL_TIMEOUT_MS !== undefined) o.callTimeoutMs = e.SESSION_CALL_TIMEOUT_MS;
  return o;
}

/** The spreadsheet bounds the environment sets (the rest keeps DEFAULT_SPREADSHEET_LIMITS). */
function spreadsheetOptions(e: Env): Partial<SpreadsheetLimits> {
  const o: Partial<SpreadsheetLimits> = {};
  if (e.SPREADSHEET_MAX_ROWS !== undefined) o.maxRows = e.SPREADSHEET_MAX_ROWS;
  if (e.SPREADSHEET_MAX_UNZIPPED_MB !== undefined)
    o.maxUnzippedBytes = e.SPREADSHEET_MAX_UNZIPPED_MB * 1024 * 1024;
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
    const missing = ['JWT_SECRET', 'JWT_REFRESH_SECRET', 'SESSION_SECRET', 'ADMIN_PASSWORD'].filter(
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
  const given = {
    jwtSecret: e.JWT_SECRET ?? overrides.jwtSecret,
    jwtRefreshSecret: e.JWT_REFRESH_SECRET ?? overrides.jwtRefreshSecret,
    // Tests (NODE_ENV=test) share one fixed key, so every kernel of a test reads the others' sessions.
    sessionSecret:
      e.SESSION_SECRET ?? overrides.sessionSecret ?? (mode === 'test' ? TEST_SESSION_SECRET : undefined),
  };
  // Only what is missing comes from the development secrets file (production refused that above).
  const secrets =
    given.jwtSecret && given.jwtRefreshSecret && given.sessionSecret ? given : devSecrets(dataDir);
  return {
    env: mode,
    port: e.PORT ?? 8080,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: given.jwtSecret ?? secrets.jwtSecret!,
    jwtRefreshSecret: given.jwtRefreshSecret ?? secrets.jwtRefreshSecret!,
    sessionSecret: given.sessionSecret ?? secrets.sessionSecret!,
    adminEmail: e.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL,
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
    sessions: sessionOptions(e),
    jobsLockMs: e.JOBS_LOCK_SECONDS === undefined ? undefined : e.JOBS_LOCK_SECONDS * 1000,
    supportUrl: e.SUPPORT_URL ?? null,
    examples: e.BALCAO_EXAMPLES === '1' || e.BALCAO_EXAMPLES === 'true',
    egressAllow: (e.BALCAO_EGRESS_ALLOW ?? '')
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
    spreadsheets: spreadsheetOptions(e),
    ...overrides,
  };
}
