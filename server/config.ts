import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { configProblems } from './config-problems';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const originList = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(
    z.array(z.string().regex(/^https?:\/\/[^/\s]+$/, 'each origin is scheme://host[:port] with no path')),
  );

/** `79990000000:12345,...`: fixed codes for listed phones (store review, demos). */
const testOtpList = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().regex(/^7\d{10}:\d{5}$/, 'each entry is 7XXXXXXXXXX:12345')))
  .transform((entries) => new Map(entries.map((e) => e.split(':') as [string, string])));

/** Used only outside production when AUTH_SECRET is unset; anyone can read it here, so it protects nothing. */
export const DEV_AUTH_SECRET = 'INSECURE-development-only-auth-secret-set-AUTH_SECRET';

/** Every environment variable the product reads; docs/operations.md's configuration table mirrors this. */
const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    PUBLIC_URL: z.string().url().optional(),
    // Other addresses this site answers at (a www. twin, a second domain): payers may come back to them too.
    PUBLIC_ORIGINS: originList,
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
    // A streaming replica for the reads that may be a moment old (decision 074); only with DATABASE_URL.
    DATABASE_READ_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
    // Behind a transaction-mode pooler that cannot carry named statements (PgBouncer before 1.21, or 1.21+
    // without max_prepared_statements): 'unnamed' (decision 078).
    DATABASE_PREPARED_STATEMENTS: z.enum(['named', 'unnamed']).default('named'),
    // Past this lag the replica is not read from.
    READ_REPLICA_MAX_LAG_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
    DATA_DIR: z.string().min(1).default('./.data'),
    // Where the rate limits are counted when set (redis://[:password@]host:port[/db]); else in the database.
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\/\S+$/, 'a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379/0')
      .optional(),
    REDIS_KEY_PREFIX: z
      .string()
      .regex(/^[\w:.-]{1,64}$/, 'letters, digits and _ : . - (at most 64)')
      .default('kopilka:rl:'),
    SEED_DEMO: booleanFlag.optional(),
    EMBED_ORIGINS: originList,
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((v): boolean | number | string => {
        if (v === 'true' || v === 'false') return v === 'true';
        if (/^\d+$/.test(v)) return Number(v);
        return v;
      }),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    OPERATOR_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
    CONTENT_POLL_MS: z.coerce.number().int().min(100).max(60_000).default(1000),
    AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /** The key staff TOTP secrets are sealed with (decision 033); unset: derived from AUTH_SECRET. */
    STAFF_TOTP_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
    SMS_PROVIDER: z.enum(['console', 'smsru']).default('console'),
    SMSRU_API_ID: z.string().min(1).optional(),
    SMSRU_URL: z.string().url().default('https://sms.ru'),
    SMS_TEST_OTP: testOtpList,
    SMS_DAILY_BUDGET: z.coerce.number().int().min(1).default(2000),
    ALLOW_CONSOLE_SMS: booleanFlag.default(false),
    MAIL_PROVIDER: z.enum(['console', 'smtp']).default('console'),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/\S+$/, 'an smtp:// or smtps:// URL (smtp://user:password@host:587)')
      .optional(),
    MAIL_FROM: z.string().min(3).max(200).default('Kopilka <no-reply@localhost>'),
    OPERATOR_EMAIL: z.string().email('an e-mail address').optional(),
    ALLOW_CONSOLE_MAIL: booleanFlag.default(false),
    ACQUIRER: z.enum(['sandbox', 'rbs']).default('sandbox'),
    ALLOW_SANDBOX_ACQUIRER: booleanFlag.default(false),
    // The RBS gateway's REST root (https://securepayments.sberbank.ru/payment/rest; test: 3dsec.sberbank.ru).
    RBS_URL: z
      .string()
      .regex(
        /^https?:\/\/[^/\s]+(\/\S*)?$/,
        'an http(s) URL of the REST root, e.g. https://3dsec.sberbank.ru/payment/rest',
      )
      .optional(),
    RBS_USERNAME: z.string().min(1).max(100).optional(),
    // A secret: only its presence is ever reported.
    RBS_PASSWORD: z.string().min(1, 'must not be empty').max(200, 'at most 200 characters').optional(),
    PAYMENT_HOLD_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(20),
    // Processes serving the one port (decision 029): a number, or `auto` for one per core. Above 1 it needs
    // DATABASE_URL: the embedded database belongs to one process.
    WEB_CONCURRENCY: z
      .union([z.literal('auto'), z.coerce.number().int().min(1).max(64)], {
        error: 'a number of processes from 1 to 64, or auto (one per core)',
      })
      .default(1),
    HOLD_RELEASE_INTERVAL_MS: z.coerce.number().int().min(1000).max(3_600_000).default(30_000),
    /** How often due gift-card SMS are looked for (decision 017). */
    GIFT_CARD_DELIVERY_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
    // Development and end-to-end tests only: the app's clock can be moved forward with POST /api/dev/clock,
    // so a journey can reach a gift card's sending date. Refused in production.
    DEV_CLOCK: booleanFlag.default(false),
    MAP_TILE_URL: z
      .string()
      .regex(/^https?:\/\/[^/\s]+\/\S*\{z\}\S*$/, 'an http(s) URL template with {z}, {x} and {y}')
      .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
    MAP_ATTRIBUTION: z
      .string()
      .max(500)
      .default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>'),
    // The indoor floors widget's loader (2GIS FloorsJS, e.g. https://floors-widget.api.2gis.ru/loader.js).
    // Unset by default: a deployment that shows floors sets it, and the CSP allows its origin's scripts.
    FLOORS_WIDGET_URL: z
      .string()
      .regex(/^https?:\/\/[^/\s]+\/\S*$/, 'an http(s) URL of the widget script')
      .optional(),
    // The cloud till for 54-FZ receipts in the brand's `cloud` fiscal mode (decision 070): none (receipts wait
    // in the outbox), ATOL Online v5, or the fake ATOL on 127.0.0.1 (refused in production). Unset: the fake
    // outside production, so the demo's cloud mode works without credentials; none in production.
    FISCAL_PROVIDER: z.enum(['offline', 'atol', 'fake-atol']).optional(),
    ATOL_URL: z
      .string()
      .regex(
        /^https?:\/\/[^/\s]+(\/\S*)?$/,
        'the API root with its version, e.g. https://online.atol.ru/possystem/v5',
      )
      .default('https://online.atol.ru/possystem/v5'),
    ATOL_LOGIN: z.string().min(1).max(100).optional(),
    // A secret: only its presence is ever reported.
    ATOL_PASSWORD: z.string().min(1, 'must not be empty').max(200).optional(),
    ATOL_GROUP_CODE: z
      .string()
      .regex(/^[\w-]{1,100}$/, 'letters, digits, _ and -')
      .optional(),
    /** How often the fiscal job sends and polls the outbox's receipts. */
    FISCAL_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(10_000),
    // Web push (decision 077): on by default, with the installation's own VAPID keys kept in the database; both
    // keys given here replace them (base64url, as web-push generate-vapid-keys prints them).
    PUSH_ENABLED: booleanFlag.default(true),
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[\w-]{87}$/, 'the base64url P-256 public key (87 characters)')
      .optional(),
    // A secret: only its presence is ever reported.
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[\w-]{43}$/, 'the base64url P-256 private key (43 characters)')
      .optional(),
    // Who the push services may write to about this sender (RFC 8292): mailto: or https:.
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'a mailto: address or an https:// URL')
      .optional(),
    /** NSPK's c2bmembers dictionary (or a copy); empty serves the bundled list only. */
    SBP_BANKS_URL: z.union([z.literal(''), z.string().url()]).default(''),
  })
  .transform((env) => ({
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    host: env.HOST,
    port: env.PORT,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    publicUrlIsDefault: env.PUBLIC_URL === undefined,
    publicOrigins: env.PUBLIC_ORIGINS.map((o) => new URL(o).origin),
    databaseUrl: env.DATABASE_URL,
    databaseReadUrl: env.DATABASE_READ_URL,
    readReplicaMaxLagMs: env.READ_REPLICA_MAX_LAG_MS,
    namedStatements: env.DATABASE_PREPARED_STATEMENTS === 'named',
    dataDir: env.DATA_DIR,
    redisUrl: env.REDIS_URL,
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    seedDemo: env.SEED_DEMO ?? env.NODE_ENV !== 'production',
    embedOrigins: env.EMBED_ORIGINS,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    operatorToken: env.OPERATOR_TOKEN,
    contentPollMs: env.CONTENT_POLL_MS,
    // Outside production a fixed, clearly marked secret keeps `npm start` zero-config; production demands one.
    authSecret: env.AUTH_SECRET ?? DEV_AUTH_SECRET,
    authSecretIsDefault: env.AUTH_SECRET === undefined,
    staffTotpKey: env.STAFF_TOTP_KEY ?? null,
    smsProvider: env.SMS_PROVIDER,
    smsruApiId: env.SMSRU_API_ID,
    smsruUrl: env.SMSRU_URL.replace(/\/+$/, ''),
    smsTestOtp: env.SMS_TEST_OTP,
    smsDailyBudget: env.SMS_DAILY_BUDGET,
    allowConsoleSms: env.ALLOW_CONSOLE_SMS,
    mailProvider: env.MAIL_PROVIDER,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    /** Where feedback goes; without it, the brand's own e-mail from the settings. */
    operatorEmail: env.OPERATOR_EMAIL,
    allowConsoleMail: env.ALLOW_CONSOLE_MAIL,
    acquirer: env.ACQUIRER,
    allowSandboxAcquirer: env.ALLOW_SANDBOX_ACQUIRER,
    rbsUrl: env.RBS_URL?.replace(/\/+$/, ''),
    rbsUserName: env.RBS_USERNAME,
    rbsPassword: env.RBS_PASSWORD,
    paymentHoldMinutes: env.PAYMENT_HOLD_MINUTES,
    webConcurrency: env.WEB_CONCURRENCY === 'auto' ? availableParallelism() : env.WEB_CONCURRENCY,
    holdReleaseIntervalMs: env.HOLD_RELEASE_INTERVAL_MS,
    giftCardDeliveryIntervalMs: env.GIFT_CARD_DELIVERY_INTERVAL_MS,
    devClock: env.DEV_CLOCK,
    mapTileUrl: env.MAP_TILE_URL,
    mapAttribution: env.MAP_ATTRIBUTION,
    sbpBanksUrl: env.SBP_BANKS_URL || null,
    pushEnabled: env.PUSH_ENABLED,
    vapidPublicKey: env.VAPID_PUBLIC_KEY,
    vapidPrivateKey: env.VAPID_PRIVATE_KEY,
    vapidSubject: env.VAPID_SUBJECT,
    fiscalProvider: env.FISCAL_PROVIDER ?? (env.NODE_ENV === 'production' ? 'offline' : 'fake-atol'),
    atolUrl: env.ATOL_URL.replace(/\/+$/, ''),
    atolLogin: env.ATOL_LOGIN,
    atolPassword: env.ATOL_PASSWORD,
    atolGroupCode: env.ATOL_GROUP_CODE,
    fiscalIntervalMs: env.FISCAL_INTERVAL_MS,
    // The CSP's img-src entry for the tiles; a `{s}` subdomain placeholder becomes a wildcard.
    mapTileOrigin: /^https?:\/\/[^/]+/.exec(env.MAP_TILE_URL)![0].replace('{s}', '*'),
    floorsWidgetUrl: env.FLOORS_WIDGET_URL ?? null,
    // The CSP's script-src entry for the widget's loader (its own frames are covered by frame-src https:).
    floorsWidgetOrigin: env.FLOORS_WIDGET_URL ? new URL(env.FLOORS_WIDGET_URL).origin : null,
  }));

export type Config = z.output<typeof configSchema>;

export class ConfigError extends Error {}

/** Reads the configuration; the only place that touches process.env. Throws a readable list of problems. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (result.data.isProduction && result.data.seedDemo) {
    throw new ConfigError('Invalid configuration:\n  SEED_DEMO: the demo seed never runs in production');
  }
  const config = result.data;
  const problems = configProblems(config);
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  return config;
}

/** A configuration for tests: defaults with overrides, never read from the environment. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), ...overrides };
}
