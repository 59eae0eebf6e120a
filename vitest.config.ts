import os from 'node:os';
import { defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';
import { LongestFirstSequencer } from './vitest.sequencer.ts';

// Files that replace a module with vi.mock need a module graph of their own: the importers the
// other files of a shared worker already loaded would keep the real module. The hot path's gate
// measures its process's CPU: in a shared worker, the collection of the heap the files before it
// left behind was counted too, most against the routes that allocate most (its dashboard ratio
// read 215 in CI against 66-70 alone).
const ownProcessApiFiles = [
  'src/modules/environments/namespace-collision.test.ts',
  'test/bench/hot-path-gate.test.ts',
];

/**
 * The API project `name`, and `name`-isolated for ownProcessApiFiles: every API test file but
 * those of `exclude`, or only those of `only`.
 */
const apiProjects = (
  name: string,
  { exclude = [], only }: { exclude?: string[]; only?: string[] } = {},
): TestProjectInlineConfiguration[] => {
  const test = {
    root: 'apps/api',
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  };
  const isolated = ownProcessApiFiles.filter(
    (file) => !exclude.includes(file) && (only === undefined || only.includes(file)),
  );
  return [
    {
      test: {
        ...test,
        name,
        include: only ?? ['src/**/*.test.ts', 'test/**/*.test.ts'],
        exclude: ['**/node_modules/**', ...exclude, ...ownProcessApiFiles],
        // Every file builds its own app on its own database and closes them; a fresh worker per
        // file only added re-importing Fastify, Drizzle, the AWS and Kubernetes clients 130
        // times, half the project's time (measured: 10 files, 2 workers, 312 s isolated against
        // 198 s shared, on this 2-core machine under load).
        isolate: false,
      },
    },
    ...(isolated.length
      ? [{ test: { ...test, name: `${name}-isolated`, include: isolated } }]
      : []),
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
  'src/modules/previews/git-host/**',
  'src/modules/auth/passwords.test.ts',
  'test/docs/**',
  'test/lint/**',
];

/** API files whose result does not depend on the database server (see the projects below). */
const serverIndependentApiFiles = [
  'src/engine/drivers/**',
  'src/engine/manifests/**',
  'src/db/embedded/**',
  'src/db/pglite-import/**',
  ...noDatabaseApiFiles,
];

/** `src/lib/**` → its test files; a file stays itself. */
const testFilesOf = (pattern: string) =>
  pattern.endsWith('/**') ? `${pattern}/*.test.ts` : pattern;

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
      // The API suite runs once. Without DATABASE_URL (a developer's `npm test`), on the embedded
      // server (PostgreSQL 18, what `npm start` runs). With it (CI), the files that open a
      // database run on that server instead (api-postgres): operators' servers run older majors
      // (15 in CI), and SQL that only a newer server accepts fails there, while what 15 accepts
      // 18 does too; the product on the embedded server is what every e2e file runs. Runtime
      // drivers, manifest rendering, the embedded server's own tests (they start servers of
      // their own) and the files of noDatabaseApiFiles stay in `api`. Running the whole suite
      // on both servers ran 121 of the 219 API files twice for that one difference.
      ...(process.env.DATABASE_URL
        ? [
            ...apiProjects('api', { only: serverIndependentApiFiles.map(testFilesOf) }),
            ...apiProjects('api-postgres', { exclude: serverIndependentApiFiles }),
          ]
        : apiProjects('api')),
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
          // expect.poll's 1 s is less than a server's answer takes at CI's load (a password
          // check, a secret regenerated): what a user waits for, a test waits for too.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
