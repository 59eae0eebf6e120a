import os from 'node:os';
import { defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';
import { LongestFirstSequencer } from './vitest.sequencer.ts';

// Files that replace a module with vi.mock need a module graph of their own: the importers the
// other files of a shared worker already loaded would keep the real module.
const mockingApiFiles = ['src/modules/environments/namespace-collision.test.ts'];

/** The API project `name`, and `name`-isolated for mockingApiFiles. */
const apiProjects = (name: string, exclude: string[] = []): TestProjectInlineConfiguration[] => {
  const test = {
    root: 'apps/api',
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  };
  return [
    {
      test: {
        ...test,
        name,
        include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
        exclude: ['**/node_modules/**', ...exclude, ...mockingApiFiles],
        // Every file builds its own app on its own database and closes them; a fresh worker per
        // file only added re-importing Fastify, Drizzle, the AWS and Kubernetes clients 130
        // times, half the project's time (measured: 10 files, 2 workers, 312 s isolated against
        // 198 s shared, on this 2-core machine under load).
        isolate: false,
      },
    },
    {
      test: {
        ...test,
        name: `${name}-isolated`,
        include: mockingApiFiles.filter((file) => !exclude.includes(file)),
      },
    },
  ];
};

/**
 * API test files that never open a database (pure functions, builders, caches, real-Podman
 * image builds): the api-postgres project has nothing to prove with them, they run once.
 */
const noDatabaseApiFiles = [
  'src/config.test.ts',
  'src/db/errors.test.ts',
  'src/lib/**',
  'src/engine/builds/**',
  'src/engine/templates/**',
  'src/engine/routing/edge-routes.test.ts',
  'src/engine/routing/hostnames.test.ts',
  'src/engine/drivers/image-overrides.test.ts',
  'src/engine/quota/quota-shares.test.ts',
  'src/http/spa.test.ts',
  'src/http/session-cache.unit.test.ts',
  'src/modules/backups/backup-cost.test.ts',
  'src/modules/backups/destinations/s3-upload-retry.test.ts',
  'src/modules/backups/retention.test.ts',
  'src/modules/dns/check.test.ts',
  'src/modules/certificates/domains.test.ts',
  'src/modules/certificates/simulation/authority.test.ts',
  'src/modules/auth/passwords.test.ts',
  'test/docs/**',
  'test/lint/**',
];

export default defineConfig({
  test: {
    // Vitest's default on 2 cores is a single worker (cores - 1): API files then wait on
    // PostgreSQL, argon2 and Podman one after the other; two overlap those waits. Three, with
    // the e2e files beside the unit files, made the whole run slower (1,439 s against 710 s)
    // and real builds and timings fail under the load (bench/RESULTS.md, "Test suite").
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // In each group, the files that run for minutes start first (vitest.sequencer.ts).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        test: {
          name: 'shared',
          root: 'packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      ...apiProjects('api'),
      // The same API suite against the PostgreSQL server of DATABASE_URL, when one is configured
      // (CI sets it): operators' servers run older majors (15 in CI) than the embedded one (18),
      // so SQL that only a newer server accepts fails here. Runtime drivers and manifest
      // rendering never touch the database, the embedded server's own tests start servers
      // of their own, and the files of noDatabaseApiFiles never open one: they run once, above.
      ...(process.env.DATABASE_URL
        ? apiProjects('api-postgres', [
            'src/engine/drivers/**',
            'src/engine/manifests/**',
            'src/db/embedded/**',
            'src/db/pglite-import/**',
            ...noDatabaseApiFiles,
          ])
        : []),
      {
        extends: 'apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['src/test/setup.ts'],
          // Room for findBy*'s 5 s (src/test/setup.ts) when the machine is busy.
          testTimeout: 20_000,
          // Files share their worker's module graph and DOM: a fresh one per file re-imported
          // React, the router, Radix and happy-dom each time, as long as the tests themselves.
          // src/test/setup.ts resets what is module-wide (DOM, session, toasts, storage, stubs).
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Two files at a time: each has its own server, port, DATA_DIR, Podman name prefix and
          // Chromium (in a network namespace of its own, helpers/browser.ts), and much of a file's
          // time is spent waiting on Podman, builds and polling. After the unit projects (a group
          // of its own), so their CPU-bound files and these do not share the 2 cores.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
