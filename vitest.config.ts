import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const serverTests = ['server/**/*.test.ts', 'common/**/*.test.ts', 'bench/**/*.test.ts'];
const postgresUrl = process.env.TEST_DATABASE_URL;
/**
 * With a PostgreSQL server to test on (CI), the API suite runs there, and on the embedded database only the
 * database's own tests (migrations, the fresh cluster) and the engine-free ones: the end-to-end journeys run every
 * page on the embedded database, and running the whole suite twice cost CI five minutes of its 34
 * (docs/decisions/058). `TEST_BOTH_DATABASES=1` runs the whole suite on both.
 */
const embeddedTests =
  postgresUrl && process.env.TEST_BOTH_DATABASES !== '1'
    ? ['server/db/**/*.test.ts', 'common/**/*.test.ts', 'bench/**/*.test.ts']
    : serverTests;

/**
 * Tests of the database layer that open their own databases whatever TEST_DB says (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set): the embedded project runs them once.
 */
const ownDatabaseTests = [
  'server/db/fresh-cluster.test.ts',
  'server/db/nesting-guard.test.ts',
  'server/db/read-replica.test.ts',
];

/**
 * Two projects as the architecture asks (server+common in node, web in jsdom); when TEST_DATABASE_URL is set
 * the server suite runs on that PostgreSQL server as a third.
 *
 * The server files share their modules within a worker (`isolate: false`): each builds its own app on its own
 * database, and importing the whole server anew for every file took 204 s of the workers' time in a 476 s run
 * (306 s without). A worker per core, not Vitest's default of one fewer: the tests mostly wait for a database
 * (660 s with one worker).
 */
export default defineConfig({
  test: {
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'server',
          include: embeddedTests,
          environment: 'node',
          isolate: false,
          globalSetup: ['server/test/pglite-template.ts'],
          testTimeout: 30_000,
          hookTimeout: 90_000,
        },
      },
      // The repository's own tooling (the lint rules, the codemod): no database, no browser.
      { test: { name: 'scripts', include: ['scripts/**/*.test.ts'], environment: 'node' } },
      {
        plugins: [react()],
        test: { name: 'web', include: ['web/**/*.test.{ts,tsx}'], environment: 'jsdom' },
      },
      ...(postgresUrl
        ? [
            {
              test: {
                name: 'server-postgres',
                include: ['server/**/*.test.ts'],
                // The embedded project runs them (34 s a CI run spent running them twice).
                exclude: ownDatabaseTests,
                environment: 'node',
                isolate: false,
                env: { TEST_DB: 'postgres' },
                globalSetup: ['server/test/postgres-template.ts'],
                testTimeout: 30_000,
                hookTimeout: 90_000,
              },
            },
          ]
        : []),
    ],
  },
});
