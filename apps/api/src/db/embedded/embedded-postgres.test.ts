import { chmod, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import {
  newDataDir,
  quietLog,
  recordingLog,
  throwAwayServer,
} from '../../../test/helpers/embedded-server';
import { startEmbeddedPostgres, type EmbeddedServer } from './embedded-postgres';
import { isAlive } from '../../lib/process-alive';

const running: EmbeddedServer[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop()));
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

/** Durable: a test of what survives a crash runs the server as it runs for real. */
async function start(clusterDir: string, { durable = false, log = quietLog } = {}) {
  const server = await startEmbeddedPostgres({
    clusterDir,
    log,
    ...(durable ? {} : throwAwayServer),
  });
  running.push(server);
  return server;
}

async function freshCluster() {
  const dataDir = await newDataDir();
  dirs.push(dataDir);
  return path.join(dataDir, 'postgres');
}

async function query<T>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

const isRoot = process.getuid?.() === 0;

describe('the embedded PostgreSQL server', () => {
  it('is created on the first start: reachable only through a socket in its own private directory, with a generated password', async () => {
    const clusterDir = await freshCluster();
    const server = await start(clusterDir);

    const url = new URL(server.url('postgres'));
    expect(url.searchParams.get('host')).toBe(clusterDir);
    expect(await query(server.url('postgres'), 'show listen_addresses')).toEqual([
      { listen_addresses: '' },
    ]);
    expect((await stat(clusterDir)).mode & 0o777).toBe(0o700);
    const passwordFile = `${clusterDir}-password.json`;
    expect((await stat(passwordFile)).mode & 0o777).toBe(0o600);
    const { postgres_password } = JSON.parse(await readFile(passwordFile, 'utf8')) as {
      postgres_password: string;
    };
    expect(decodeURIComponent(url.password)).toBe(postgres_password);

    url.password = 'not-the-password';
    await expect(query(url.toString(), 'select 1')).rejects.toMatchObject({ code: '28P01' });
  });

  it.runIf(isRoot)(
    'runs as an unprivileged account when the platform runs as root (here: root)',
    async () => {
      const clusterDir = await freshCluster();
      const server = await start(clusterDir);
      const status = await readFile(`/proc/${server.pid}/status`, 'utf8');
      const uid = Number(/^Uid:\s+(\d+)/m.exec(status)?.[1]);
      expect(uid).not.toBe(0);
      expect((await stat(clusterDir)).uid).toBe(uid);
    },
  );

  it.runIf(isRoot)(
    'names, as root, the directory that keeps the unprivileged account from its data',
    async () => {
      const outer = await newDataDir(); // mode 0700, root's
      dirs.push(outer);
      const dataDir = path.join(outer, 'plateforme');
      await mkdir(dataDir);
      await expect(start(path.join(dataDir, 'postgres'))).rejects.toThrow(
        `${outer} is not searchable by it. Allow it (chmod o+x ${outer})`,
      );
    },
  );

  it('keeps its data across a stop and a start, and restarts by itself after a kill -9', async () => {
    const clusterDir = await freshCluster();
    let server = await start(clusterDir);
    await query(
      server.url('postgres'),
      'create table notes (texte text); insert into notes values ($$Dakar$$)',
    );
    await server.stop();
    running.splice(0);

    const log = recordingLog();
    server = await start(clusterDir, { durable: true, log });
    const firstPid = server.pid!;
    await query(server.url('postgres'), 'insert into notes values ($$Thiès$$)');
    process.kill(firstPid, 'SIGKILL');
    const deadline = Date.now() + 20_000;
    let notes: { texte: string }[] | undefined;
    while (!notes) {
      expect(Date.now()).toBeLessThan(deadline);
      notes = await query<{ texte: string }>(
        server.url('postgres'),
        'select texte from notes order by 1',
      ).catch(() => undefined);
      if (!notes) await new Promise((r) => setTimeout(r, 100));
    }
    expect(notes.map((n) => n.texte)).toEqual(['Dakar', 'Thiès']);
    expect(server.pid).not.toBe(firstPid);
    expect(isAlive(firstPid)).toBe(false);
    expect(log.messages).toContain('the embedded PostgreSQL stopped unexpectedly; restarting it');
  });

  it('refuses a second start on a DATA_DIR whose server still runs for a live platform process', async () => {
    const clusterDir = await freshCluster();
    const first = await start(clusterDir);
    await expect(start(clusterDir)).rejects.toThrow(/is in use by another NuageDeploy process/);
    // Not stopped by the refused start.
    expect(await query(first.url('postgres'), 'select 1 as up')).toEqual([{ up: 1 }]);
  });

  it('listens on 127.0.0.1 only where DATA_DIR is too long a path for a unix socket', async () => {
    const dataDir = await newDataDir();
    dirs.push(dataDir);
    await chmod(dataDir, 0o755);
    const deep = path.join(dataDir, 'un-chemin-de-donnees-vraiment-tres-long'.repeat(2));
    await mkdir(deep);
    const server = await start(path.join(deep, 'postgres'));
    expect(new URL(server.url('postgres')).hostname).toBe('127.0.0.1');
    expect(await query(server.url('postgres'), 'show listen_addresses')).toEqual([
      { listen_addresses: '127.0.0.1' },
    ]);
  });

  it('refuses, saying what to do, a cluster of another major version or one without its password', async () => {
    const clusterDir = await freshCluster();
    await mkdir(clusterDir);
    await writeFile(path.join(clusterDir, 'PG_VERSION'), '17\n');
    await expect(start(clusterDir)).rejects.toThrow(/password of the database .* Restore it/);
    await writeFile(`${clusterDir}-password.json`, JSON.stringify({ postgres_password: 'x' }));
    await expect(start(clusterDir)).rejects.toThrow(
      /holds a PostgreSQL 17 cluster .* embeds PostgreSQL 18/,
    );
  });
});
