import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'balcao-config-'));

describe('loadConfig', () => {
  it('uses the documented defaults, treating empty variables as unset', () => {
    const dir = tmp();
    const c = loadConfig({ DATA_DIR: dir, PORT: '', DATABASE_URL: '  ', BALCAO_ROLE: '' });
    expect(c).toMatchObject({
      port: 8080,
      databaseUrl: undefined,
      role: 'all',
      embeddedPgPort: 54329,
      adminEmail: 'admin@admin.com',
      adminPassword: '123456',
      adminIsDefault: true,
    });
  });

  it('generates development secrets once and keeps them under DATA_DIR', () => {
    const dir = tmp();
    const a = loadConfig({ DATA_DIR: dir });
    const b = loadConfig({ DATA_DIR: dir });
    expect(a.jwtSecret).toHaveLength(64);
    expect(b.jwtSecret).toBe(a.jwtSecret);
    expect(JSON.parse(readFileSync(path.join(dir, 'secrets.json'), 'utf8')).jwtRefreshSecret).toBe(
      a.jwtRefreshSecret,
    );
  });

  it('refuses to start in production without secrets, never falling back to a default', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: tmp() })).toThrow(
      /Missing required configuration in production: JWT_SECRET, JWT_REFRESH_SECRET, ADMIN_PASSWORD/,
    );
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATA_DIR: tmp() })).toThrow(ConfigError);
    expect(() => loadConfig({ BALCAO_ROLE: 'boss', DATA_DIR: tmp() })).toThrow(/BALCAO_ROLE/);
  });
});
