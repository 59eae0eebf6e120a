import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App, type AppDeps } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import type { DatabaseHandle } from '../../src/db/client';
import type { ServerSecrets } from '../../src/secrets';
import { CapturingMailer, LogCapture } from './capture';
import { createTestDatabase } from './test-database';

export interface TestApp {
  app: App;
  database: DatabaseHandle;
  /** The database's URL: a second pool on it stands for another API process. */
  databaseUrl: string;
  mailer: CapturingMailer;
  logs: LogCapture;
  config: Config;
  /** The app's keys: tests forge tokens with them (expired, foreign, tampered). */
  secrets: ServerSecrets;
  close(): Promise<void>;
}

export function testSecrets(): ServerSecrets {
  const secretsKey = randomBytes(32);
  return { jwtSecret: randomBytes(32).toString('hex'), secretsKey, hashKey: randomBytes(32) };
}

/**
 * The configuration of a test app: a fresh DATA_DIR of its own, a fixed PUBLIC_URL, info logs,
 * cheap password hashes.
 */
export async function testConfig(overrides: Partial<Config> = {}): Promise<Config> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'nuage-app-'));
  return {
    ...loadConfig({
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://plateforme.test',
      LOG_LEVEL: 'info',
      // Thousands of sign-ups over the suite: at the server's 19 MiB profile, minutes of CPU.
      // passwords.test.ts checks the server's own profile.
      PASSWORD_HASH_PROFILE: 'test',
    }),
    ...overrides,
  };
}

/** A real app on a real, fresh database; mails and log lines are captured. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  deps: Pick<AppDeps, 'imageBuilder' | 'buildWorker' | 'deliveryWorker' | 'checkResponses'> = {},
): Promise<TestApp> {
  const defaults = await testConfig();
  const config: Config = { ...defaults, ...overrides };
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
    checkResponses: true,
    ...deps,
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
      // Only the directory made for this app, never one a test passed in.
      await rm(defaults.dataDir, { recursive: true, force: true });
    },
  };
}
