import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const productionAuth = {
  PUBLIC_URL: 'https://loyalty.shop.example',
  AUTH_SECRET: 'a-production-secret-of-at-least-32-chars',
  SMS_PROVIDER: 'smsru',
  SMSRU_API_ID: 'api-id',
  MAIL_PROVIDER: 'smtp',
  SMTP_URL: 'smtp://user:secret@mail.example:587',
  ALLOW_SANDBOX_ACQUIRER: 'true',
};

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

  it('refuses to start production without PUBLIC_URL, and reads the other origins of the site', () => {
    const { PUBLIC_URL: _, ...withoutUrl } = productionAuth;
    expect(() => loadConfig({ NODE_ENV: 'production', ...withoutUrl })).toThrow(
      /PUBLIC_URL: required in production/,
    );
    const config = loadConfig({
      NODE_ENV: 'production',
      ...productionAuth,
      PUBLIC_ORIGINS: 'https://www.shop.example',
    });
    expect(config.publicOrigins).toEqual(['https://www.shop.example']);
    expect(() => loadConfig({ PUBLIC_ORIGINS: 'https://www.shop.example/path' })).toThrow(/PUBLIC_ORIGINS/);
  });

  it('moves the clock only outside production (DEV_CLOCK)', () => {
    expect(loadConfig({ DEV_CLOCK: 'true' }).devClock).toBe(true);
    expect(loadConfig({}).devClock).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production', ...productionAuth, DEV_CLOCK: 'true' })).toThrow(
      /DEV_CLOCK/,
    );
  });

  it('runs one process unless WEB_CONCURRENCY asks for more, which needs PostgreSQL and a real clock', () => {
    const postgres = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/kopilka' };
    expect(loadConfig({}).webConcurrency).toBe(1);
    expect(loadConfig({ ...postgres, WEB_CONCURRENCY: '4' }).webConcurrency).toBe(4);
    expect(loadConfig({ ...postgres, WEB_CONCURRENCY: 'auto' }).webConcurrency).toBe(availableParallelism());
    expect(() => loadConfig({ WEB_CONCURRENCY: '2' })).toThrow(
      /WEB_CONCURRENCY: 2 processes need DATABASE_URL/,
    );
    expect(() => loadConfig({ ...postgres, WEB_CONCURRENCY: '2', DEV_CLOCK: 'true' })).toThrow(/DEV_CLOCK/);
    for (const bad of ['0', 'many', '1.5', '65']) {
      expect(() => loadConfig({ ...postgres, WEB_CONCURRENCY: bad }), bad).toThrow(/WEB_CONCURRENCY/);
    }
  });

  it('reads from a replica only beside a primary (DATABASE_READ_URL, decision 074)', () => {
    const replica = { DATABASE_READ_URL: 'postgres://postgres@10.0.0.2:5432/kopilka' };
    expect(() => loadConfig(replica)).toThrow(/DATABASE_READ_URL: needs DATABASE_URL/);
    const both = loadConfig({ ...replica, DATABASE_URL: 'postgres://postgres@10.0.0.1:5432/kopilka' });
    expect(both).toMatchObject({ databaseReadUrl: replica.DATABASE_READ_URL, readReplicaMaxLagMs: 5000 });
    expect(() => loadConfig({ DATABASE_READ_URL: 'mysql://x' })).toThrow(/DATABASE_READ_URL/);
  });

  it('never seeds demo data in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' })).toThrow(/SEED_DEMO/);
    expect(loadConfig({ NODE_ENV: 'production', ...productionAuth }).seedDemo).toBe(false);
  });

  it('refuses a non-postgres DATABASE_URL and a short operator token', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ OPERATOR_TOKEN: 'short' })).toThrow(/OPERATOR_TOKEN/);
  });

  it('counts limits in the database unless REDIS_URL names a Redis, and refuses other URLs and bad prefixes', () => {
    expect(loadConfig({}).redisUrl).toBeUndefined();
    const redis = loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379/2', REDIS_KEY_PREFIX: 'shop-a:rl:' });
    expect(redis).toMatchObject({ redisUrl: 'redis://127.0.0.1:6379/2', redisKeyPrefix: 'shop-a:rl:' });
    expect(loadConfig({}).redisKeyPrefix).toBe('kopilka:rl:');
    expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL/);
    expect(() => loadConfig({ REDIS_KEY_PREFIX: 'has space' })).toThrow(/REDIS_KEY_PREFIX/);
  });

  it('demands AUTH_SECRET in production and marks the development default', () => {
    expect(() => loadConfig({ ...productionAuth, NODE_ENV: 'production', AUTH_SECRET: undefined })).toThrow(
      /AUTH_SECRET: required in production/,
    );
    expect(() => loadConfig({ AUTH_SECRET: 'too-short' })).toThrow(/AUTH_SECRET/);
    const dev = loadConfig({});
    expect(dev.authSecretIsDefault).toBe(true);
    expect(dev.authSecret).toMatch(/INSECURE/);
  });

  it('refuses the sandbox acquirer in production unless ALLOW_SANDBOX_ACQUIRER=true', () => {
    const production = { ...productionAuth, NODE_ENV: 'production', ALLOW_SANDBOX_ACQUIRER: undefined };
    expect(() => loadConfig(production)).toThrow(/ALLOW_SANDBOX_ACQUIRER/);
    expect(loadConfig({ ...production, ALLOW_SANDBOX_ACQUIRER: 'true' }).acquirer).toBe('sandbox');
  });

  it('demands the RBS gateway address and credentials with ACQUIRER=rbs, and never prints the password', () => {
    const rbs = {
      ACQUIRER: 'rbs',
      RBS_URL: 'https://3dsec.sberbank.ru/payment/rest/',
      RBS_USERNAME: 'shop-api',
      RBS_PASSWORD: 'a-gateway-password',
    };
    expect(loadConfig(rbs)).toMatchObject({
      acquirer: 'rbs',
      rbsUrl: 'https://3dsec.sberbank.ru/payment/rest',
      rbsUserName: 'shop-api',
      rbsPassword: 'a-gateway-password',
    });
    const missing = () => loadConfig({ ...rbs, RBS_URL: undefined, RBS_PASSWORD: undefined });
    expect(missing).toThrow(ConfigError);
    expect(missing).toThrow(/RBS_URL: required when ACQUIRER=rbs/);
    expect(missing).toThrow(/RBS_PASSWORD: required when ACQUIRER=rbs/);
    expect(() => loadConfig({ ...rbs, RBS_USERNAME: '' })).toThrow(/RBS_USERNAME/);
    const production = {
      ...productionAuth,
      ...rbs,
      NODE_ENV: 'production',
      ALLOW_SANDBOX_ACQUIRER: undefined,
    };
    expect(loadConfig(production).acquirer).toBe('rbs');
    expect(() => loadConfig({ ...production, RBS_URL: 'http://3dsec.sberbank.ru/payment/rest' })).toThrow(
      /RBS_URL: must be https/,
    );
    // A bad value elsewhere: the message names the variables, never the password.
    const bad = () => loadConfig({ ...rbs, RBS_URL: 'not a url', RBS_PASSWORD: 'x'.repeat(201) });
    expect(bad).toThrow(/RBS_URL/);
    expect(bad).toThrow(/RBS_PASSWORD/);
    expect(bad).not.toThrow(/xxxx/);
    expect(() => loadConfig({ ...rbs, RBS_URL: undefined })).not.toThrow(/a-gateway-password/);
    expect(() => loadConfig({ ACQUIRER: 'tinkoff' })).toThrow(/ACQUIRER/);
  });

  it('refuses the console SMS provider in production unless ALLOW_CONSOLE_SMS=true', () => {
    const production = {
      ...productionAuth,
      NODE_ENV: 'production',
      SMS_PROVIDER: 'console',
    };
    expect(() => loadConfig(production)).toThrow(/ALLOW_CONSOLE_SMS/);
    expect(loadConfig({ ...production, ALLOW_CONSOLE_SMS: 'true' }).smsProvider).toBe('console');
    expect(() => loadConfig({ SMS_PROVIDER: 'smsru' })).toThrow(/SMSRU_API_ID/);
  });

  it('refuses the console mail provider in production unless ALLOW_CONSOLE_MAIL=true, and SMTP without a URL', () => {
    const production = { ...productionAuth, NODE_ENV: 'production', MAIL_PROVIDER: 'console' };
    expect(() => loadConfig(production)).toThrow(/ALLOW_CONSOLE_MAIL/);
    expect(loadConfig({ ...production, ALLOW_CONSOLE_MAIL: 'true' }).mailProvider).toBe('console');
    expect(() => loadConfig({ MAIL_PROVIDER: 'smtp' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL/);
  });

  it('parses fixed test codes and refuses malformed ones', () => {
    const config = loadConfig({ SMS_TEST_OTP: '79990000000:12345, 79990000001:54321' });
    expect(config.smsTestOtp.get('79990000000')).toBe('12345');
    expect(config.smsTestOtp.get('79990000001')).toBe('54321');
    expect(() => loadConfig({ SMS_TEST_OTP: '89990000000:1234' })).toThrow(/SMS_TEST_OTP/);
  });
});
