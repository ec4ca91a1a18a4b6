import { z } from 'zod';

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

/** Every environment variable the product reads. The README's configuration table mirrors this. */
const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    PUBLIC_URL: z.string().url().optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
    DATA_DIR: z.string().min(1).default('./.data'),
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
  })
  .transform((env) => ({
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    host: env.HOST,
    port: env.PORT,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    seedDemo: env.SEED_DEMO ?? env.NODE_ENV !== 'production',
    embedOrigins: env.EMBED_ORIGINS,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    operatorToken: env.OPERATOR_TOKEN,
    contentPollMs: env.CONTENT_POLL_MS,
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
  return result.data;
}

/** A configuration for tests: defaults with overrides, never read from the environment. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), ...overrides };
}
