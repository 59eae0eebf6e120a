import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { platformRuntime } from '../db/schema/platform';
import { createTestDatabase } from '../../test/helpers/test-database';
import { pinnedRuntime, readPin, RuntimePinError } from './runtime-pin';

let database: DatabaseHandle;
let dir: string;
let engine: http.Server;
let socket: string;

/** A unix socket answering GET /_ping like a Docker/Podman engine. */
function fakeEngine(at: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    res.statusCode = req.url?.endsWith('/_ping') ? 200 : 404;
    res.end('OK');
  });
  return new Promise((resolve) => server.listen(at, () => resolve(server)));
}

const config = (runtime: string) => loadConfig({ RUNTIME: runtime, DATA_DIR: dir });
// No kubeconfig anywhere: HOME is the empty temporary directory.
const envWith = (extra: Record<string, string> = {}) => ({ HOME: dir, ...extra });

beforeAll(async () => {
  database = await createTestDatabase();
  dir = await mkdtemp(path.join(os.tmpdir(), 'nuage-pin-'));
  socket = path.join(dir, 'engine.sock');
  engine = await fakeEngine(socket);
});
afterEach(() => database.db.delete(platformRuntime));
afterAll(async () => {
  await new Promise((r) => engine.close(r));
  await database.close();
  await rm(dir, { recursive: true, force: true });
});

describe('pinned runtime', () => {
  it('stores the runtime chosen at first start, with its target', async () => {
    const choice = await pinnedRuntime(
      config('auto'),
      database.db,
      envWith({ DOCKER_HOST: `unix://${socket}` }),
    );
    expect(choice.runtime).toBe('docker');
    expect(await readPin(database.db)).toEqual({ runtime: 'docker', target: `unix://${socket}` });
  });

  it('RUNTIME=auto keeps simulation when a Docker socket appears after the first start', async () => {
    // A tcp:// DOCKER_HOST is no socket the driver can use: nothing answers at first start.
    await pinnedRuntime(config('auto'), database.db, envWith({ DOCKER_HOST: 'tcp://127.0.0.1:1' }));
    expect(await readPin(database.db)).toMatchObject({ runtime: 'simulation' });
    const later = await pinnedRuntime(
      config('auto'),
      database.db,
      envWith({ DOCKER_HOST: `unix://${socket}` }),
    );
    expect(later.runtime).toBe('simulation');
  });

  it('RUNTIME=auto keeps docker on its socket when DOCKER_HOST is no longer set', async () => {
    await pinnedRuntime(config('auto'), database.db, envWith({ DOCKER_HOST: `unix://${socket}` }));
    const later = await pinnedRuntime(config('auto'), database.db, envWith());
    expect(later).toMatchObject({ runtime: 'docker', target: `unix://${socket}` });
  });

  it('refuses another runtime, naming both and how to migrate, in French and English', async () => {
    await pinnedRuntime(config('simulation'), database.db, envWith());
    const start = pinnedRuntime(
      config('docker'),
      database.db,
      envWith({ DOCKER_HOST: `unix://${socket}` }),
    );
    await expect(start).rejects.toBeInstanceOf(RuntimePinError);
    const message = (await start.catch((e: Error) => e.message)) as string;
    expect(message).toContain('Démarrage refusé');
    expect(message).toContain('Start refused');
    expect(message).toContain('simulation (simulation)');
    expect(message).toContain(`docker (unix://${socket})`);
    expect(message).toContain('RUNTIME=docker RUNTIME_REPIN=true');
    expect(await readPin(database.db)).toMatchObject({ runtime: 'simulation' });
  });

  it('refuses the same runtime on another socket', async () => {
    await pinnedRuntime(
      config('docker'),
      database.db,
      envWith({ DOCKER_HOST: `unix://${socket}` }),
    );
    await expect(
      pinnedRuntime(
        config('docker'),
        database.db,
        envWith({ DOCKER_HOST: 'unix:///tmp/autre.sock' }),
      ),
    ).rejects.toThrow(/unix:\/\/\/tmp\/autre\.sock/);
  });

  it('RUNTIME_REPIN=true accepts the change and stores it', async () => {
    await pinnedRuntime(config('simulation'), database.db, envWith());
    const choice = await pinnedRuntime(
      config('docker'),
      database.db,
      envWith({ DOCKER_HOST: `unix://${socket}`, RUNTIME_REPIN: 'true' }),
    );
    expect(choice.runtime).toBe('docker');
    const [row] = await database.db.select().from(platformRuntime);
    expect(row).toMatchObject({ runtime: 'docker', previous: 'simulation (simulation)' });
    // The next ordinary start keeps it.
    expect(
      (
        await pinnedRuntime(
          config('auto'),
          database.db,
          envWith({ DOCKER_HOST: `unix://${socket}` }),
        )
      ).runtime,
    ).toBe('docker');
  });
});
