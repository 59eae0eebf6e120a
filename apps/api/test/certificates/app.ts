import { rm } from 'node:fs/promises';
import { buildApp } from '../../src/app';
import type { CertificateConfig } from '../../src/config';
import type { RuntimeDriver, RuntimeName } from '../../src/engine/driver';
import { KubernetesDriver } from '../../src/engine/drivers/kubernetes/kubernetes-driver';
import { engineFor, type RuntimeChoice } from '../../src/startup/select-runtime';
import {
  createCertificateWorker,
  type CertificateWorkerOptions,
} from '../../src/modules/certificates/worker';
import { CapturingMailer, LogCapture } from '../helpers/capture';
import { testConfig, testSecrets, type TestApp } from '../helpers/test-app';
import { createTestDatabase } from '../helpers/test-database';

/** A runtime that answers every call and runs nothing: the Docker path, for certificate tests. */
export function idleDriver(name: RuntimeName): RuntimeDriver {
  return {
    name,
    ensureEnvironment: async () => {},
    apply: async () => ({ preparations: [] }),
    status: async () => ({
      phase: 'absent',
      pods: [],
      readyReplicas: 0,
      url: null,
      reason: null,
      images: [],
    }),
    scale: async () => {},
    restart: async () => {},
    logs: async () => '',
    metrics: async () => null,
    remove: async () => {},
    removeEnvironment: async () => {},
    runTask: async () => ({ exitCode: 0, timedOut: false, simulated: true }),
    backup: async (spec) => ({
      format: 1,
      template: spec.template,
      database: null,
      runtime: name,
      createdAt: new Date().toISOString(),
    }),
    restore: async () => {},
    testRestore: async () => ({ tablesCount: 0 }),
  };
}

export function kubernetesChoice(server: string): RuntimeChoice {
  return {
    runtime: 'kubernetes',
    target: `server ${server}`,
    reason: 'test',
    driver: () =>
      new KubernetesDriver({
        connection: { kind: 'server', server, token: 'jeton-de-test' },
        timeoutMs: 2000,
        render: { appsDomain: 'apps.nuage.test' },
        resyncMs: 0,
      }),
  };
}

export function choiceOf(
  name: RuntimeName,
  driver: RuntimeDriver = idleDriver(name),
): RuntimeChoice {
  return { runtime: name, target: 'test', reason: 'test', driver: () => driver };
}

/**
 * A real app on a fresh database whose engine is built by select-runtime's engineFor (so the
 * certificate lookup is wired as in production) on the runtime chosen; certificate settings
 * (and APPS_DOMAIN) overridden as given. The worker is not started: tests drive it with tick().
 */
export async function createCertificateTestApp(
  opts: {
    choice?: RuntimeChoice;
    certificates?: Partial<CertificateConfig>;
    worker?: CertificateWorkerOptions;
    /** APPS_DOMAIN: every application also answers at `<label>.<appsDomain>`. */
    appsDomain?: string;
  } = {},
) {
  const base = await testConfig();
  const config = {
    ...base,
    certificates: { ...base.certificates, ...opts.certificates },
    ...(opts.appsDomain ? { appsDomain: opts.appsDomain } : {}),
  };
  const database = await createTestDatabase();
  const mailer = new CapturingMailer();
  const logs = new LogCapture();
  const secrets = testSecrets();
  const choice = opts.choice ?? choiceOf('simulation');
  const app = await buildApp({
    config,
    database,
    secrets,
    mailer,
    logStream: logs,
    engine: (log) => engineFor(choice, { config, db: database.db, secrets, log }),
  });
  await app.ready();
  const worker = createCertificateWorker(app.ctx, opts.worker);
  const t: TestApp = {
    app,
    database,
    databaseUrl: database.url,
    mailer,
    logs,
    config,
    secrets,
    close: async () => {
      await worker.stop();
      await app.close();
      await database.close();
      await rm(config.dataDir, { recursive: true, force: true });
    },
  };
  return Object.assign(t, { worker });
}

export type CertificateTestApp = Awaited<ReturnType<typeof createCertificateTestApp>>;
