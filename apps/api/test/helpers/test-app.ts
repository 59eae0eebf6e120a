import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import type { DatabaseHandle } from '../../src/db/client';
import type { ServerSecrets } from '../../src/secrets';
import { CapturingMailer, LogCapture } from './capture';
import { createTestDatabase } from './test-database';

export interface TestApp {
  app: App;
  database: DatabaseHandle;
  mailer: CapturingMailer;
  logs: LogCapture;
  config: Config;
  close(): Promise<void>;
}

export function testSecrets(): ServerSecrets {
  const secretsKey = randomBytes(32);
  return { jwtSecret: randomBytes(32).toString('hex'), secretsKey, hashKey: randomBytes(32) };
}

/** A real app on a real, fresh database; mails and log lines are captured. */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'nuage-app-'));
  const config: Config = {
    ...loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://plateforme.test', LOG_LEVEL: 'info' }),
    ...overrides,
  };
  const database = await createTestDatabase();
  const mailer = new CapturingMailer();
  const logs = new LogCapture();
  const app = await buildApp({ config, database, secrets: testSecrets(), mailer, logStream: logs });
  await app.ready();
  return {
    app,
    database,
    mailer,
    logs,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
