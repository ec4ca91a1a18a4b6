import type { Config } from './config';

/**
 * What a configuration that parsed may still get wrong: settings that need one another (a provider and its
 * credentials, a replica and its primary) and what production refuses (development defaults, fakes, sandboxes).
 * Each problem names its variable; `loadConfig` throws them together.
 */
export function configProblems(config: Config): string[] {
  const problems: string[] = [];
  if (config.isProduction && config.authSecretIsDefault) {
    problems.push('AUTH_SECRET: required in production (at least 32 random characters)');
  }
  if (config.isProduction && config.publicUrlIsDefault) {
    problems.push(
      "PUBLIC_URL: required in production (the address customers use, e.g. https://loyalty.shop.example): links in SMS and e-mail and the bank's return address are built from it",
    );
  }
  if (config.isProduction && config.smsProvider === 'console' && !config.allowConsoleSms) {
    problems.push(
      'SMS_PROVIDER: the console provider sends nothing; in production set ALLOW_CONSOLE_SMS=true to allow it',
    );
  }
  if (config.isProduction && config.mailProvider === 'console' && !config.allowConsoleMail) {
    problems.push(
      'MAIL_PROVIDER: the console provider sends nothing; in production set SMTP_URL with MAIL_PROVIDER=smtp, or ALLOW_CONSOLE_MAIL=true',
    );
  }
  if (config.isProduction && config.devClock) {
    problems.push('DEV_CLOCK: a movable clock is for development and tests only, never production');
  }
  if (config.mailProvider === 'smtp' && !config.smtpUrl) {
    problems.push('SMTP_URL: required when MAIL_PROVIDER=smtp');
  }
  if (config.isProduction && config.acquirer === 'sandbox' && !config.allowSandboxAcquirer) {
    problems.push(
      'ACQUIRER: the sandbox acquirer takes no real money; in production set ALLOW_SANDBOX_ACQUIRER=true to allow it',
    );
  }
  if (config.acquirer === 'rbs') {
    if (!config.rbsUrl) problems.push("RBS_URL: required when ACQUIRER=rbs (the gateway's REST root)");
    if (!config.rbsUserName) problems.push('RBS_USERNAME: required when ACQUIRER=rbs');
    if (!config.rbsPassword) problems.push('RBS_PASSWORD: required when ACQUIRER=rbs');
    if (config.isProduction && config.rbsUrl && !config.rbsUrl.startsWith('https://')) {
      problems.push('RBS_URL: must be https:// in production');
    }
  }
  if (Boolean(config.vapidPublicKey) !== Boolean(config.vapidPrivateKey)) {
    problems.push('VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both (one pair) or neither (the generated pair)');
  }
  if (config.databaseReadUrl && !config.databaseUrl) {
    problems.push('DATABASE_READ_URL: needs DATABASE_URL, the primary it replicates');
  }
  if (config.fiscalProvider === 'atol') {
    if (!config.atolLogin) problems.push('ATOL_LOGIN: required when FISCAL_PROVIDER=atol');
    if (!config.atolPassword) problems.push('ATOL_PASSWORD: required when FISCAL_PROVIDER=atol');
    if (!config.atolGroupCode) problems.push('ATOL_GROUP_CODE: required when FISCAL_PROVIDER=atol');
  }
  if (config.isProduction && config.fiscalProvider === 'fake-atol') {
    problems.push('FISCAL_PROVIDER: the fake ATOL issues no real receipts; never in production');
  }
  if (config.webConcurrency > 1 && !config.databaseUrl) {
    problems.push(
      `WEB_CONCURRENCY: ${config.webConcurrency} processes need DATABASE_URL (the embedded database belongs to one process)`,
    );
  }
  if (config.webConcurrency > 1 && config.devClock) {
    problems.push('WEB_CONCURRENCY: DEV_CLOCK moves one process’s clock; run one process with it');
  }
  if (config.smsProvider === 'smsru' && !config.smsruApiId) {
    problems.push('SMSRU_API_ID: required when SMS_PROVIDER=smsru');
  }
  return problems;
}
