import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const serverTests = ['server/**/*.test.ts', 'common/**/*.test.ts', 'bench/**/*.test.ts'];

/**
 * Two projects as the architecture asks (server+common in node, web in jsdom); when TEST_DATABASE_URL is set
 * the server suite runs a second time on that PostgreSQL server.
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
          include: serverTests,
          environment: 'node',
          isolate: false,
          globalSetup: ['server/test/pglite-template.ts'],
          testTimeout: 30_000,
          hookTimeout: 90_000,
        },
      },
      {
        plugins: [react()],
        test: { name: 'web', include: ['web/**/*.test.{ts,tsx}'], environment: 'jsdom' },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'server-postgres',
                include: ['server/**/*.test.ts'],
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
