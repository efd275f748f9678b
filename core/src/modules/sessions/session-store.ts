import {
  AppError,
  type ConfigPort,
  type ConnectionConfig,
  idField,
  type SessionStore,
  sessionKeySchema,
  validate,
} from '@balcao/sdk';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { SecretBox } from './secret-box.js';

const key = (k: string) => validate(sessionKeySchema, k);
/** `like` prefix with its wildcards taken literally. */
const likePrefix = (prefix: string) => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A connection's SessionStore: rows of `channel_session_data`, each value sealed with the connection id and its key
 * as context. Gone with the connection (foreign key) and cleared on logout.
 */
export class PgSessionStore implements SessionStore {
  constructor(
    private readonly orm: MikroORM,
    private readonly box: SecretBox,
    private readonly connectionId: number,
  ) {}

  private get db() {
    return this.orm.em.getConnection();
  }

  private context(k: string): string {
    return `${this.connectionId}:${k}`;
  }

  async get(k: string): Promise<string | null> {
    const [row] = await this.db.execute<{ value: string }[]>(
      'select value from channel_session_data where connection_id = ? and key = ?',
      [this.connectionId, key(k)],
    );
    return row ? this.box.open(row.value, this.context(k)) : null;
  }

  async set(k: string, value: string): Promise<void> {
    await this.db.execute(
      `insert into channel_session_data (connection_id, key, value) values (?, ?, ?)
       on conflict (connection_id, key) do update set value = excluded.value, updated_at = now()`,
      [this.connectionId, key(k), this.box.seal(value, this.context(k))],
      'run',
    );
  }

  async delete(k: string): Promise<void> {
    await this.db.execute(
      'delete from channel_session_data where connection_id = ? and key = ?',
      [this.connectionId, key(k)],
      'run',
    );
  }

  async list(prefix: string): Promise<{ key: string; value: string }[]> {
    const rows = await this.db.execute<{ key: string; value: string }[]>(
      `select key, value from channel_session_data where connection_id = ? and key like ? escape '\\' order by key`,
      [this.connectionId, likePrefix(prefix)],
    );
    return rows.map((r) => ({ key: r.key, value: this.box.open(r.value, this.context(r.key)) }));
  }

  async clear(): Promise<void> {
    await this.db.execute(
      'delete from channel_session_data where connection_id = ?',
      [this.connectionId],
      'run',
    );
  }
}

/** Where a connection's settings live in `plugin_config`: keys under this prefix (`keys()` leaves them out). */
const CONNECTION_PREFIX = 'connection:';

/**
 * A plugin's configuration for one company: rows of `plugin_config`, sealed with company, plugin and key. Its settings
 * for a connection are the same rows under `connection:<id>:` (forConnection).
 */
export class PgPluginConfig implements ConfigPort {
  constructor(
    private readonly orm: MikroORM,
    private readonly box: SecretBox,
    private readonly plugin: string,
    private readonly companyId: number,
    /** A connection's settings: the prefix of its keys. */
    private readonly prefix = '',
  ) {}

  async forConnection(connectionId: number): Promise<ConnectionConfig> {
    // A handle, looked up inside the company: another company's id (or no id at all) finds nothing.
    const [row] =
      idField.safeParse(connectionId).success && typeof connectionId === 'number'
        ? await this.db.execute<{ id: number }[]>(
            'select id from whatsapps where id = ? and company_id = ?',
            [connectionId, this.companyId],
          )
        : [];
    if (!row) throw new AppError('ERR_NO_WAPP_FOUND', 404);
    const scoped = new PgPluginConfig(
      this.orm,
      this.box,
      this.plugin,
      this.companyId,
      `${CONNECTION_PREFIX}${row.id}:`,
    );
    return { get: (k) => scoped.get(k), set: (k, v) => scoped.set(k, v), keys: () => scoped.keys() };
  }

  /** The stored key: the plugin's own, or under the connection's prefix. */
  private stored(k: string): string {
    const own = key(k);
    if (!this.prefix && own.startsWith(CONNECTION_PREFIX)) {
      throw new AppError('ERR_VALIDATION', 400, { fields: [{ path: 'key', message: 'Invalid option' }] });
    }
    return `${this.prefix}${own}`;
  }

  private get db() {
    return this.orm.em.getConnection();
  }

  private context(k: string): string {
    return `${this.companyId}:${this.plugin}:${k}`;
  }

  async get(k: string): Promise<string | null> {
    const stored = this.stored(k);
    const [row] = await this.db.execute<{ value: string }[]>(
      'select value from plugin_config where company_id = ? and plugin = ? and key = ?',
      [this.companyId, this.plugin, stored],
    );
    return row ? this.box.open(row.value, this.context(stored)) : null;
  }

  async set(k: string, value: string | null): Promise<void> {
    const stored = this.stored(k);
    if (value === null) {
      await this.db.execute(
        'delete from plugin_config where company_id = ? and plugin = ? and key = ?',
        [this.companyId, this.plugin, stored],
        'run',
      );
      return;
    }
    await this.db.execute(
      `insert into plugin_config (company_id, plugin, key, value) values (?, ?, ?, ?)
       on conflict (company_id, plugin, key) do update set value = excluded.value, updated_at = now()`,
      [this.companyId, this.plugin, stored, this.box.seal(value, this.context(stored))],
      'run',
    );
  }

  async keys(): Promise<string[]> {
    // The company's own keys leave the connections' out; a connection's are its own, without their prefix.
    const rows = await this.db.execute<{ key: string }[]>(
      this.prefix
        ? `select key from plugin_config where company_id = ? and plugin = ? and key like ? escape '\\' order by key`
        : `select key from plugin_config where company_id = ? and plugin = ? and key not like 'connection:%' order by key`,
      this.prefix ? [this.companyId, this.plugin, likePrefix(this.prefix)] : [this.companyId, this.plugin],
    );
    return rows.map((r) => r.key.slice(this.prefix.length));
  }
}
