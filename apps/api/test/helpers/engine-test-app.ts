import { rm } from 'node:fs/promises';
import { buildApp, type AppDeps } from '../../src/app';
import { createEngine } from '../../src/engine/create-engine';
import type { RuntimeDriver } from '../../src/engine/driver';
import { Reconciler } from '../../src/engine/reconcile/reconciler';
import { hostnamePolicy } from '../../src/engine/routing/reserved-hosts';
import type { Config } from '../../src/config';
import type { ApplicationUrl } from '../../src/engine/specs/spec-for-deployment';
import { CapturingMailer, LogCapture } from './capture';
import { createTestDatabase } from './test-database';
import { testConfig, testSecrets, type TestApp } from './test-app';

/** A real app on a fresh database whose engine drives `driver` (a fake runtime) instead of the simulation. */
export async function createEngineTestApp(
  driver: RuntimeDriver,
  opts: {
    leaseMs?: number;
    passWaitMs?: number;
    config?: Partial<Config>;
    /** The URL the runtime serves each application at (docker: the edge proxy's). */
    applicationUrl?: ApplicationUrl;
  } & Pick<AppDeps, 'imageBuilder' | 'buildWorker' | 'terminal'> = {},
): Promise<TestApp> {
  const config = await testConfig(opts.config);
  const database = await createTestDatabase();
  const mailer = new CapturingMailer();
  const logs = new LogCapture();
  const secrets = testSecrets();
  const app = await buildApp({
    config,
    database,
    secrets,
    mailer,
    logStream: logs,
    ...(opts.imageBuilder ? { imageBuilder: opts.imageBuilder } : {}),
    ...(opts.buildWorker ? { buildWorker: opts.buildWorker } : {}),
    ...(opts.terminal ? { terminal: opts.terminal } : {}),
    engine: (log) =>
      createEngine({
        db: database.db,
        driver,
        secretsKey: secrets.secretsKey,
        dataDir: config.dataDir,
        log,
        hostnames: hostnamePolicy(config),
        ...(opts.leaseMs ? { leaseMs: opts.leaseMs } : {}),
        ...(opts.passWaitMs ? { passWaitMs: opts.passWaitMs } : {}),
        ...(opts.applicationUrl ? { applicationUrl: opts.applicationUrl } : {}),
      }),
  });
  await app.ready();
  return {
    app,
    database,
    databaseUrl: database.url,
    mailer,
    logs,
    config,
    secrets,
    close: async () => {
      await app.close();
      await database.close();
      await rm(config.dataDir, { recursive: true, force: true });
    },
  };
}

/** Another reconciler on the same database and runtime: a second API process. */
export function anotherReconciler(
  t: TestApp,
  driver: RuntimeDriver,
  opts: { leaseMs?: number } = {},
) {
  return new Reconciler({
    db: t.database.db,
    driver,
    secretsKey: t.secrets.secretsKey,
    dataDir: t.config.dataDir,
    log: t.app.log,
    ...(opts.leaseMs ? { leaseMs: opts.leaseMs } : {}),
  });
}

/**
 * The platform started again after a stop: a new app (a new process) on the same database,
 * data directory and keys, whose engine drives `driver`. Closing it closes the database too.
 */
export async function restartedEngineTestApp(t: TestApp, driver: RuntimeDriver): Promise<TestApp> {
  const logs = new LogCapture();
  const mailer = new CapturingMailer();
  const app = await buildApp({
    config: t.config,
    database: t.database,
    secrets: t.secrets,
    mailer,
    logStream: logs,
    engine: (log) =>
      createEngine({
        db: t.database.db,
        driver,
        secretsKey: t.secrets.secretsKey,
        dataDir: t.config.dataDir,
        log,
      }),
  });
  await app.ready();
  return {
    ...t,
    app,
    mailer,
    logs,
    close: async () => {
      await app.close();
      await t.database.close();
      await rm(t.config.dataDir, { recursive: true, force: true });
    },
  };
}
