import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults: port 3000, the embedded database in ./.data, the demo seed', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, dataDir: './.data', seedDemo: true, embedOrigins: [] });
    expect(config.databaseUrl).toBeUndefined();
  });

  it('fails with a message naming every bad variable', () => {
    const load = () => loadConfig({ PORT: 'eighty', EMBED_ORIGINS: 'https://ok.example,not an origin' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/PORT/);
    expect(load).toThrow(/EMBED_ORIGINS/);
  });

  it('parses partner origins and a proxy hop count', () => {
    const config = loadConfig({
      EMBED_ORIGINS: 'https://a.example, http://localhost:4000',
      TRUST_PROXY: '1',
    });
    expect(config.embedOrigins).toEqual(['https://a.example', 'http://localhost:4000']);
    expect(config.trustProxy).toBe(1);
  });

  it('never seeds demo data in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' })).toThrow(/SEED_DEMO/);
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
  });

  it('refuses a non-postgres DATABASE_URL and a short operator token', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ OPERATOR_TOKEN: 'short' })).toThrow(/OPERATOR_TOKEN/);
  });
});
