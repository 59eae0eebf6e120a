import { defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';

const apiProject = (name: string, exclude: string[] = []): TestProjectInlineConfiguration => ({
  test: {
    name,
    root: 'apps/api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...exclude],
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          root: 'packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      apiProject('api'),
      // The same API suite against the PostgreSQL server of DATABASE_URL, when one is configured
      // (CI sets it): operators' servers run older majors (15 in CI) than the embedded one (18),
      // so SQL that only a newer server accepts fails here. Runtime drivers and manifest
      // rendering never touch the database, and the embedded server's own tests start servers
      // of their own: they run once, above.
      ...(process.env.DATABASE_URL
        ? [
            apiProject('api-postgres', [
              'src/engine/drivers/**',
              'src/engine/manifests/**',
              'src/db/embedded/**',
              'src/db/pglite-import/**',
            ]),
          ]
        : []),
      {
        extends: 'apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['src/test/setup.ts'],
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
          fileParallelism: false,
        },
      },
    ],
  },
});
