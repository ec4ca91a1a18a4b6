import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const serverTests = ['server/**/*.test.ts', 'common/**/*.test.ts', 'bench/**/*.test.ts'];

/**
 * Two projects as the architecture asks (server+common in node, web in jsdom); when TEST_DATABASE_URL is set
 * the server suite runs a second time on that PostgreSQL server.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          include: serverTests,
          environment: 'node',
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
