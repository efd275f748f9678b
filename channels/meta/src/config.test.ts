import { describe, expect, it } from 'vitest';
import { readMetaConfig } from './config.js';

describe('Meta app configuration', () => {
  it('defaults to Graph at graph.facebook.com, version v9.0 (spec), with no secret', () => {
    expect(readMetaConfig({})).toEqual({ graphUrl: 'https://graph.facebook.com', graphVersion: 'v9.0' });
  });

  it('reads the environment; options given in code win; a trailing slash is dropped', () => {
    const config = readMetaConfig(
      {
        META_APP_SECRET: 'from-env-secret',
        META_GRAPH_URL: 'http://127.0.0.1:9/',
        META_GRAPH_VERSION: 'v19.0',
      },
      { verifyToken: 'verify-me-please' },
    );
    expect(config).toMatchObject({
      appSecret: 'from-env-secret',
      verifyToken: 'verify-me-please',
      graphUrl: 'http://127.0.0.1:9',
      graphVersion: 'v19.0',
    });
  });

  it('names the variable that is wrong', () => {
    expect(() => readMetaConfig({ META_GRAPH_VERSION: '9' })).toThrow(/META_GRAPH_VERSION/);
    expect(() => readMetaConfig({ META_GRAPH_URL: 'ftp://graph' })).toThrow(/META_GRAPH_URL/);
    expect(() => readMetaConfig({ META_APP_SECRET: 'short' })).toThrow(/META_APP_SECRET/);
  });
});
