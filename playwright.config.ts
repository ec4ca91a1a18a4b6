import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E } from './e2e/support/e2e-env';

/**
 * End-to-end journeys in Debian's Chromium (never a downloaded browser) against the built app. Two servers on
 * throw-away embedded databases: one for journeys that only read, one for journeys that change settings.
 */
const server = (port: number, extraEnv: Record<string, string> = {}) => ({
  command: 'node dist/server/main.js',
  url: `http://localhost:${port}/readyz`,
  reuseExistingServer: false,
  timeout: 60_000,
  env: {
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'kopilka-e2e-')),
    EMBED_ORIGINS: E2E.partnerOrigin,
    OPERATOR_TOKEN: E2E.operatorToken,
    SMS_TEST_OTP: `${E2E.demoPhone}:${E2E.demoOtp}`,
    CONTENT_POLL_MS: '200',
    LOG_LEVEL: 'warn',
    // Journeys' API logins say which client they stand for (e2e/support/cabinet.ts); only the loopback is trusted.
    TRUST_PROXY: '127.0.0.1',
    ...extraEnv,
  },
});

export default defineConfig({
  testDir: 'e2e',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  // Two, as on the 2-core machine three timed journeys out while it was busy (docs/decisions/058). E2E_WORKERS
  // overrides.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: E2E.readOnlyUrl,
    locale: 'ru-RU',
    trace: 'retain-on-failure',
    // The site's service worker serves pages and assets itself, out of reach of page.route: journeys that do
    // not test it run without it (e2e/offline.spec.ts allows it).
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // A safety net under the journeys' own page.route blocking: the map's tile host never resolves.
        '--host-resolver-rules=MAP tile.openstreetmap.org ~NOTFOUND, MAP *.tile.openstreetmap.org ~NOTFOUND',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
      testIgnore: /(settings|empty-states|programme|ledger)\.spec\.ts/,
    },
    // The programme journeys move the clock server's time by days, which would hurry the gift-card deliveries
    // another journey waits for on that server: they run after all the others.
    {
      name: 'clock-days',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
      testMatch: /programme\.spec\.ts/,
      dependencies: ['desktop'],
    },
    // The settings journeys switch whole modules off (the cabinet, news) on the mutable server for a moment, and
    // the empty-state journeys import a brand with no points, which any journey running beside them would see as
    // a 404 or «Магазин не найден»: they run after all the others (and take turns through the operator lock).
    {
      name: 'settings',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
      testMatch: /(settings|empty-states)\.spec\.ts/,
      dependencies: ['desktop'],
    },
    // After every other journey: each server's ledger still keeps the money invariants.
    {
      name: 'ledger',
      testMatch: /ledger\.spec\.ts/,
      dependencies: ['desktop', 'clock-days', 'settings'],
    },
  ],
  // The mutable server names a floors widget script that never resolves (journeys replace or refuse it) and
  // sends due gift cards within half a second. The clock server's time can be moved forward (DEV_CLOCK), so
  // moving it never disturbs the other journeys' sessions.
  webServer: [
    server(E2E.readOnlyPort),
    server(E2E.mutablePort, {
      FLOORS_WIDGET_URL: E2E.floorsWidgetUrl,
      GIFT_CARD_DELIVERY_INTERVAL_MS: '500',
      // The fiscal journey's receipt goes to the fake cloud till within half a second (decision 070).
      FISCAL_INTERVAL_MS: '500',
    }),
    server(E2E.clockPort, {
      DEV_CLOCK: 'true',
      GIFT_CARD_DELIVERY_INTERVAL_MS: '300',
      // The programme's job (expiry, referral and birthday bonuses) shares this interval: every second here.
      HOLD_RELEASE_INTERVAL_MS: '1000',
    }),
  ],
});
