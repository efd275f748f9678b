import { type ConfigPort, type SessionStore, sessionKeySchema, validate } from '@balcao/sdk';
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

/** A plugin's configuration for one company: rows of `plugin_config`, sealed with company, plugin and key. */
export class PgPluginConfig implements ConfigPort {
  constructor(
    private readonly orm: MikroORM,
    private readonly box: SecretBox,
    private readonly plugin: string,
    private readonly companyId: number,
  ) {}

  private get db() {
    return this.orm.em.getConnection();
  }

  private context(k: string): string {
    return `${this.companyId}:${this.plugin}:${k}`;
  }

  async get(k: string): Promise<string | null> {
    const [row] = await this.db.execute<{ value: string }[]>(
      'select value from plugin_config where company_id = ? and plugin = ? and key = ?',
      [this.companyId, this.plugin, key(k)],
    );
    return row ? this.box.open(row.value, this.context(k)) : null;
  }

  async set(k: string, value: string | null): Promise<void> {
    if (value === null) {
      await this.db.execute(
        'delete from plugin_config where company_id = ? and plugin = ? and key = ?',
        [this.companyId, this.plugin, key(k)],
        'run',
      );
      return;
    }
    await this.db.execute(
      `insert into plugin_config (company_id, plugin, key, value) values (?, ?, ?, ?)
       on conflict (company_id, plugin, key) do update set value = excluded.value, updated_at = now()`,
      [this.companyId, this.plugin, key(k), this.box.seal(value, this.context(k))],
      'run',
    );
  }

  async keys(): Promise<string[]> {
    const rows = await this.db.execute<{ key: string }[]>(
      'select key from plugin_config where company_id = ? and plugin = ? order by key',
      [this.companyId, this.plugin],
    );
    return rows.map((r) => r.key);
  }
}
