import { defineConfig } from 'vitest/config';

/**
 * Test projects. `web` and `server` run in `npm test` first (server on PGlite);
 * `server` runs again against PostgreSQL when TEST_DB=postgres; `e2e` drives Chromium
 * against the built app (see scripts/test.mjs for the order).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'web',
          root: 'apps/web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          globalSetup: ['./src/test/global-setup.ts'],
          // an error code an endpoint's declaration does not list fails the test that meets it (http/error-handler.ts)
          env: { ECO_CHECK_DECLARED_ERRORS: '1' },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          environment: 'node',
          include: ['**/*.e2e.ts'],
          globalSetup: ['./global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
