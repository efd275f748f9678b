import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
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

  it('takes an http(s) SUPPORT_URL for the call-support button and refuses any other scheme', () => {
    const dir = tmp();
    expect(loadConfig({ DATA_DIR: dir }).supportUrl).toBeNull();
    expect(loadConfig({ DATA_DIR: dir, SUPPORT_URL: 'https://wa.me/5511900000000' }).supportUrl).toBe(
      'https://wa.me/5511900000000',
    );
    for (const bad of ['javascript:alert(1)', 'wa.me/5511', 'ftp://example.com'])
      expect(() => loadConfig({ DATA_DIR: dir, SUPPORT_URL: bad })).toThrow(/SUPPORT_URL/);
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
    expect(a.sessionSecret).toHaveLength(64);
    expect(b.sessionSecret).toBe(a.sessionSecret);
  });

  it('adds the session secret to a secrets file written before it existed, keeping the others', () => {
    const dir = tmp();
    writeFileSync(
      path.join(dir, 'secrets.json'),
      JSON.stringify({ jwtSecret: 'j'.repeat(64), jwtRefreshSecret: 'r'.repeat(64) }),
    );
    const c = loadConfig({ DATA_DIR: dir });
    expect(c.jwtSecret).toBe('j'.repeat(64));
    expect(c.sessionSecret).toHaveLength(64);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(c.sessionSecret);
  });

  it('reads the session lease timings from the environment', () => {
    const c = loadConfig({ DATA_DIR: tmp(), SESSION_LEASE_SECONDS: '2', SESSION_RENEW_MS: '250' });
    expect(c.sessions).toEqual({ leaseMs: 2000, renewMs: 250 });
  });

  it("reads how long a running job stays locked to its worker (agenda's default when unset)", () => {
    expect(loadConfig({ DATA_DIR: tmp(), JOBS_LOCK_SECONDS: '5' }).jobsLockMs).toBe(5000);
    expect(loadConfig({ DATA_DIR: tmp() }).jobsLockMs).toBeUndefined();
    expect(() => loadConfig({ DATA_DIR: tmp(), JOBS_LOCK_SECONDS: '0' })).toThrow(/JOBS_LOCK_SECONDS/);
  });

  it('reads the spreadsheet bounds from the environment and refuses nonsense', () => {
    const c = loadConfig({
      DATA_DIR: tmp(),
      SPREADSHEET_MAX_ROWS: '1000',
      SPREADSHEET_MAX_UNZIPPED_MB: '20',
    });
    expect(c.spreadsheets).toEqual({ maxRows: 1000, maxUnzippedBytes: 20 * 1024 * 1024 });
    expect(loadConfig({ DATA_DIR: tmp() }).spreadsheets).toEqual({});
    expect(() => loadConfig({ DATA_DIR: tmp(), SPREADSHEET_MAX_ROWS: '0' })).toThrow(/SPREADSHEET_MAX_ROWS/);
  });

  it('refuses to start in production without secrets, never falling back to a default', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: tmp() })).toThrow(
      /Missing required configuration in production: JWT_SECRET, JWT_REFRESH_SECRET, SESSION_SECRET, ADMIN_PASSWORD/,
    );
  });

  describe('in production', () => {
    const strong = {
      NODE_ENV: 'production',
      JWT_SECRET: '3f9c1a7be04d6e28c5b1f09a7d3e6c42',
      JWT_REFRESH_SECRET: 'a81e5c0d9b7f2463e1c8d05b9a7f3e61',
      SESSION_SECRET: '6d2b9e4f0a1c7358b6e2d9f04a1c8e75',
      ADMIN_PASSWORD: 'violeta-trem-azul-42',
      ADMIN_EMAIL: 'owner@empresa.test',
    };

    it('starts with distinct secrets of 32 characters and an admin password of 8', () => {
      const c = loadConfig({ ...strong, DATA_DIR: tmp() });
      expect(c).toMatchObject({ env: 'production', jwtSecret: strong.JWT_SECRET, adminIsDefault: false });
    });

    it('refuses the same secret for access and refresh tokens', () => {
      expect(() => loadConfig({ ...strong, JWT_REFRESH_SECRET: strong.JWT_SECRET, DATA_DIR: tmp() })).toThrow(
        /JWT_SECRET and JWT_REFRESH_SECRET must be different/,
      );
    });

    it('refuses a secret under 32 characters, naming it', () => {
      const short = 'x'.repeat(31);
      expect(() => loadConfig({ ...strong, JWT_SECRET: short, DATA_DIR: tmp() })).toThrow(
        /JWT_SECRET must be at least 32 characters in production/,
      );
      expect(() => loadConfig({ ...strong, JWT_REFRESH_SECRET: short, DATA_DIR: tmp() })).toThrow(
        /JWT_REFRESH_SECRET must be at least 32 characters in production/,
      );
      expect(() => loadConfig({ ...strong, SESSION_SECRET: short, DATA_DIR: tmp() })).toThrow(
        /SESSION_SECRET must be at least 32 characters in production/,
      );
    });

    it('refuses secrets of a few repeated characters or placeholder words, naming them', () => {
      expect(() => loadConfig({ ...strong, JWT_SECRET: 'a'.repeat(40), DATA_DIR: tmp() })).toThrow(
        /JWT_SECRET repeats a few characters/,
      );
      expect(() => loadConfig({ ...strong, SESSION_SECRET: 'abcabc'.repeat(8), DATA_DIR: tmp() })).toThrow(
        /SESSION_SECRET repeats a few characters/,
      );
      expect(() =>
        loadConfig({ ...strong, JWT_REFRESH_SECRET: 'change-me-to-something-long-2024xyz', DATA_DIR: tmp() }),
      ).toThrow(/JWT_REFRESH_SECRET looks like a placeholder \("changeme"\)/);
      expect(() =>
        loadConfig({ ...strong, JWT_SECRET: 'your_super_secret_jwt_secret_key_here', DATA_DIR: tmp() }),
      ).toThrow(/JWT_SECRET looks like a placeholder/);
    });

    it('refuses any two of the three secrets being equal', () => {
      expect(() => loadConfig({ ...strong, SESSION_SECRET: strong.JWT_SECRET, DATA_DIR: tmp() })).toThrow(
        /JWT_SECRET and SESSION_SECRET must be different/,
      );
      expect(() =>
        loadConfig({ ...strong, SESSION_SECRET: strong.JWT_REFRESH_SECRET, DATA_DIR: tmp() }),
      ).toThrow(/JWT_REFRESH_SECRET and SESSION_SECRET must be different/);
    });

    it('refuses a common admin password, however it is dressed up', () => {
      for (const common of [
        'password',
        'Password123!',
        'P@ssw0rd2024',
        'senha@123',
        '12345678',
        'qwertyuiop',
        'Flamengo10',
        'aaaaaaaa',
      ])
        expect(() => loadConfig({ ...strong, ADMIN_PASSWORD: common, DATA_DIR: tmp() }), common).toThrow(
          /ADMIN_PASSWORD is a common password/,
        );
    });

    it('refuses the default admin e-mail, given or left unset', () => {
      expect(() => loadConfig({ ...strong, ADMIN_EMAIL: 'Admin@Admin.com', DATA_DIR: tmp() })).toThrow(
        /ADMIN_EMAIL must be set in production/,
      );
      const { ADMIN_EMAIL: _unset, ...withoutEmail } = strong;
      expect(() => loadConfig({ ...withoutEmail, DATA_DIR: tmp() })).toThrow(/ADMIN_EMAIL must be set/);
    });

    it('refuses an admin password under 8 characters', () => {
      expect(() => loadConfig({ ...strong, ADMIN_PASSWORD: '1234567', DATA_DIR: tmp() })).toThrow(
        /ADMIN_PASSWORD must be at least 8 characters in production/,
      );
    });

    it('lists every problem at once', () => {
      expect(() =>
        loadConfig({
          ...strong,
          JWT_REFRESH_SECRET: strong.JWT_SECRET,
          ADMIN_PASSWORD: 'short',
          DATA_DIR: tmp(),
        }),
      ).toThrow(/must be different[\s\S]*ADMIN_PASSWORD/);
    });

    it('keeps the development rules outside production', () => {
      expect(() =>
        loadConfig({ JWT_SECRET: 'x'.repeat(16), JWT_REFRESH_SECRET: 'x'.repeat(16), DATA_DIR: tmp() }),
      ).not.toThrow();
    });
  });

  it('loads the example plugins only when BALCAO_EXAMPLES asks for them', () => {
    const dir = tmp();
    expect(loadConfig({ DATA_DIR: dir }).examples).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, BALCAO_EXAMPLES: '' }).examples).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, BALCAO_EXAMPLES: '0' }).examples).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, BALCAO_EXAMPLES: '1' }).examples).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, BALCAO_EXAMPLES: 'true' }).examples).toBe(true);
    expect(() => loadConfig({ DATA_DIR: dir, BALCAO_EXAMPLES: 'yes' })).toThrow(/BALCAO_EXAMPLES/);
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATA_DIR: tmp() })).toThrow(ConfigError);
    expect(() => loadConfig({ BALCAO_ROLE: 'boss', DATA_DIR: tmp() })).toThrow(/BALCAO_ROLE/);
  });
});
