import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest's own order, but the accessibility spec last: it imports the bundled FIRMS sample to have
 * a verification task to open, and e2e/verification.e2e.ts checks that sample's first import
 * ("新建 19 个，重复 0 个") on the shared server. After it, importing again adds nothing.
 */
class AccessibilityLast extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const last = (file: TestSpecification) => file.moduleId.endsWith('/accessibility.e2e.ts');
    return [...sorted.filter((file) => !last(file)), ...sorted.filter(last)];
  }
}

/**
 * A test or hook still running after this long is hung, not slow (ms). Deliberately far above
 * what any test takes on a quiet machine (the slowest, ~60 s), so that a loaded machine — another
 * CPU-heavy process beside the suite — never fails a test on time alone.
 */
const HUNG_MS = 600_000;

/**
 * How long `expect.poll` (and so every wait for something to show up) keeps trying (ms): long
 * enough for a loaded machine, far inside HUNG_MS. Vitest's default, 1 s, is a wall-clock budget.
 */
const POLL = { timeout: 120_000, interval: 50 };

/**
 * Test projects. `web` and `server` run in `npm test` first (server on PGlite);
 * `server` runs again against PostgreSQL when TEST_DB=postgres; `e2e` drives Chromium
 * against the built app (see scripts/test.mjs for the order).
 */
export default defineConfig({
  test: {
    // Vitest's default on 2 CPUs is one worker; the server files spend much of their time waiting
    // on the database, so two workers finish the suite sooner on this 2-core machine
    maxWorkers: 2,
    sequence: { sequencer: AccessibilityLast },
    projects: [
      {
        test: {
          name: 'web',
          root: 'apps/web',
          environment: 'jsdom',
          // the files share a worker's module graph instead of each importing React, antd and i18n
          // afresh: the step's CPU time fell from 43 s to 10 s; each file still gets its own jsdom,
          // and the files pass in any order this way (checked with --sequence.shuffle.files, 1 and 2 workers)
          isolate: false,
          include: ['src/**/*.test.{ts,tsx}'],
          testTimeout: HUNG_MS,
          hookTimeout: HUNG_MS,
          expect: { poll: POLL },
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          globalSetup: ['./src/test/global-setup.ts'],
          // the files share a worker's module graph instead of each importing Fastify, Drizzle and
          // the contracts afresh (about half the step's time); each file still builds its own app
          // on its own database, and the server keeps no state in its modules but per-database caches
          isolate: false,
          // an error code an endpoint's declaration does not list fails the test that meets it (http/error-handler.ts)
          env: { ECO_CHECK_DECLARED_ERRORS: '1' },
          testTimeout: HUNG_MS,
          hookTimeout: HUNG_MS,
          expect: { poll: POLL },
        },
      },
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          environment: 'node',
          include: ['**/*.e2e.ts'],
          globalSetup: ['./global-setup.ts'],
          testTimeout: HUNG_MS,
          hookTimeout: HUNG_MS,
          expect: { poll: POLL },
          // one spec file at a time: they share the server, its sign-in limits and its event-stream
          // cap per address, and on a 2-core machine two Chromiums side by side were no faster
          fileParallelism: false,
        },
      },
    ],
  },
});
