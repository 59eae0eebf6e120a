import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import tls from 'node:tls';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectEngine } from '../bench/lib/docker-engine.mjs';
import { iptables, testGuardEnv } from '../bench/lib/network-guard.mjs';
import { pollUntil } from './helpers/api';
import { removeTestGuard } from './helpers/network-guard';
import { startPodmanPlatform, type PodmanPlatform } from './helpers/podman-platform';

/**
 * A database's public endpoint (issue 25 item 2) on Podman with the Debian-built images: turned
 * on for PostgreSQL and Redis with an allow-list holding this test's source address (the host's
 * loopback: the endpoint is published on DATABASE_PUBLIC_ADDRESS=127.0.0.1), reached over TLS
 * verified with the database's own CA (PostgreSQL reads a row; Redis SET/GET on its TLS-only
 * public port); the list changed to exclude us: the port is still published but a new
 * connection gets no answer (the network guard drops it, a timeout, not a refusal); turned off:
 * the port is closed (refused) and the guard's rules for it are gone.
 */
const detected = await detectEngine();
const skipReason = detected.skipReason;
if (skipReason && process.env.CI) throw new Error(`CI must run this test on Podman: ${skipReason}`);
if (skipReason) console.warn(`[e2e database public] skipped: ${skipReason}`);

const prefix = `nde2e-dbp-${randomBytes(3).toString('hex')}`;
const ACCOUNT_PASSWORD = 'Secret2024';
/** Ports of this file's own (other e2e files run beside it). */
const first = 22000 + Math.floor(Math.random() * 400) * 5;
const PORTS = `${first}-${first + 4}`;

interface PublicView {
  actif: boolean;
  hote: string | null;
  port: number | null;
  chaine_connexion: string | null;
  tls: boolean;
  empreinte_ca: string | null;
}
interface DatabaseView {
  id: string;
  statut_deploiement: string;
  status_reason: string | null;
  acces_public: PublicView;
}

type Outcome = 'ok' | 'timeout' | 'refused' | `error: ${string}`;

/** A TCP connection's fate within `ms`: what a client out there would see. */
function tcpOutcome(port: number, ms = 4000): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const done = (o: Outcome) => {
      socket.destroy();
      resolve(o);
    };
    socket.setTimeout(ms, () => done('timeout'));
    socket.once('connect', () => done('ok'));
    socket.once('error', (err: NodeJS.ErrnoException) =>
      done(err.code === 'ECONNREFUSED' ? 'refused' : `error: ${err.code ?? err.message}`),
    );
  });
}

/** Reads a row over TLS verified with the CA (and the certificate's name, 127.0.0.1). */
async function postgresRow(port: number, password: string, ca: string) {
  const client = new pg.Client({
    host: '127.0.0.1',
    port,
    user: 'app',
    password,
    database: 'app',
    ssl: { ca, rejectUnauthorized: true },
    connectionTimeoutMillis: 10_000,
  });
  await client.connect();
  try {
    await client.query('CREATE TABLE IF NOT EXISTS depuis_internet (v text)');
    await client.query("INSERT INTO depuis_internet VALUES ('bonjour')");
    const rows = await client.query<{ v: string; ssl: boolean }>(
      'SELECT v, (SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()) AS ssl FROM depuis_internet',
    );
    return rows.rows;
  } finally {
    await client.end();
  }
}

/** AUTH, SET, GET over TLS (RESP by hand): the answers Redis gave. */
function redisOverTls(port: number, password: string, ca: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host: '127.0.0.1', port, ca, servername: undefined });
    let out = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`redis over TLS: no full answer (${out})`));
    }, 10_000);
    socket.once('secureConnect', () => {
      const cmd = (...a: string[]) =>
        `*${a.length}\r\n${a.map((x) => `$${Buffer.byteLength(x)}\r\n${x}\r\n`).join('')}`;
      socket.write(
        cmd('AUTH', 'default', password) + cmd('SET', 'cle', 'valeur') + cmd('GET', 'cle'),
      );
    });
    socket.on('data', (d) => {
      out += d.toString();
      if (out.includes('valeur\r\n')) {
        clearTimeout(timer);
        socket.end();
        resolve(out);
      }
    });
    socket.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

describe.skipIf(skipReason !== null)('a database’s public endpoint on Podman', () => {
  const engine = detected.engine!;
  let platform: PodmanPlatform;
  const chains = testGuardEnv(prefix).NETWORK_GUARD_CHAINS;

  beforeAll(async () => {
    platform = await startPodmanPlatform(engine, detected.socket!, prefix, {
      DATABASE_VERSIONS: 'postgresql:15-alpine,mariadb:10.11,redis:7',
      DATABASE_PUBLIC_ADDRESS: '127.0.0.1',
      DATABASE_PUBLIC_PORTS: PORTS,
      ...testGuardEnv(prefix),
    });
  }, 600_000);

  afterAll(async () => {
    await platform?.stop();
    await removeTestGuard(engine, prefix);
  }, 180_000);

  const createDatabase = async (nom: string, moteur: string) => {
    const res = await platform.call<DatabaseView>(
      'POST',
      `/environments/${platform.envId}/databases`,
      {
        nom,
        moteur,
        cpu: 0.5,
        ram: 0.5,
        storage: 1,
      },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    platform.deployments.push({ id: res.body.id });
    return res.body;
  };
  /** Until the runtime applied the latest change (RUNNING again). */
  const settled = (id: string, what: string) =>
    pollUntil(
      what,
      async () => (await platform.call<DatabaseView>('GET', `/databases/${id}`)).body,
      (d) => d.statut_deploiement === 'RUNNING' || d.statut_deploiement === 'FAILED',
      { timeoutMs: 300_000, everyMs: 1000 },
    ).then((d) => {
      expect(d.statut_deploiement, d.status_reason ?? '').toBe('RUNNING');
      return d;
    });
  const setAccess = async (id: string, body: Record<string, unknown>) => {
    const res = await platform.call<DatabaseView>('PUT', `/databases/${id}/public-access`, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.acces_public;
  };
  const passwordOf = async (id: string) => {
    const res = await platform.call<{ mot_de_passe: string }>(
      'POST',
      `/databases/${id}/credentials/reveal`,
      { mot_de_passe: ACCOUNT_PASSWORD },
    );
    expect(res.status).toBe(200);
    return res.body.mot_de_passe;
  };
  const caOf = async (id: string) => {
    const res = await platform.call<{ certificat_pem: string }>(
      'GET',
      `/databases/${id}/public-access/ca`,
    );
    expect(res.status).toBe(200);
    return res.body.certificat_pem;
  };
  const guardRules = () => iptables('-S', `${chains}-PUB`).toString();
  /** The sources the guard lets reach `port` (iptables -S prints `-s` first). */
  const allowedTo = (port: number) =>
    guardRules()
      .split('\n')
      .filter((l) => l.includes(`--ctorigdstport ${port} -j RETURN`))
      .map((l) => / -s (\S+)/.exec(l)?.[1]);

  it('PostgreSQL: over TLS from an allowed address, dropped once excluded, closed once off', async () => {
    const db = await createDatabase('publique', 'postgresql');
    await settled(db.id, 'database running');
    const on = await setAccess(db.id, { actif: true, sources_autorisees: ['127.0.0.1'] });
    expect(on).toMatchObject({ actif: true, hote: '127.0.0.1', tls: true });
    const port = on.port!;
    expect(on.chaine_connexion).toBe(
      `postgres://app:********@127.0.0.1:${port}/app?sslmode=require`,
    );
    await settled(db.id, 'published');
    const [password, ca] = await Promise.all([passwordOf(db.id), caOf(db.id)]);
    // The server may still be starting in its new container: tried until it answers.
    const rows = await pollUntil(
      'a TLS connection from an allowed address',
      () => postgresRow(port, password, ca).catch((err: Error) => err.message),
      (r) => typeof r !== 'string',
      { timeoutMs: 120_000, everyMs: 2000 },
    );
    expect(rows).toEqual([{ v: 'bonjour', ssl: true }]);
    expect(allowedTo(port)).toEqual(['127.0.0.1/32']);
    expect(guardRules()).toContain(`--ctorigdstport ${port} -j DROP`);

    // Excluded: still published, but no answer any more.
    await setAccess(db.id, { actif: true, sources_autorisees: ['192.0.2.0/24'] });
    await settled(db.id, 'list changed');
    await pollUntil(
      'the guard to have the new list',
      async () => allowedTo(port),
      (r) => r.join() === '192.0.2.0/24',
    );
    const excluded = await pollUntil(
      'connections dropped',
      () => tcpOutcome(port),
      (o) => o === 'timeout',
      {
        timeoutMs: 60_000,
        everyMs: 1000,
      },
    );
    expect(excluded).toBe('timeout');
    await expect(postgresRow(port, password, ca)).rejects.toThrow();

    // Off: nothing listens there any more, and the guard forgot the port.
    await setAccess(db.id, { actif: false });
    await settled(db.id, 'withdrawn');
    const closed = await pollUntil(
      'the port closed',
      () => tcpOutcome(port),
      (o) => o === 'refused',
      {
        timeoutMs: 60_000,
        everyMs: 1000,
      },
    );
    expect(closed).toBe('refused');
    await pollUntil(
      'rules gone',
      async () => guardRules(),
      (r) => !r.includes(`--ctorigdstport ${port} `),
    );
  }, 900_000);

  it('Redis: its public port speaks TLS only, SET/GET from an allowed address', async () => {
    const db = await createDatabase('cache-public', 'redis');
    await settled(db.id, 'database running');
    const on = await setAccess(db.id, { actif: true, sources_autorisees: ['127.0.0.0/8'] });
    expect(on.chaine_connexion).toBe(`rediss://default:********@127.0.0.1:${on.port}/0`);
    await settled(db.id, 'published');
    const [password, ca] = await Promise.all([passwordOf(db.id), caOf(db.id)]);
    const answers = await pollUntil(
      'Redis over TLS',
      () => redisOverTls(on.port!, password, ca).catch((err: Error) => `failed: ${err.message}`),
      (r) => !r.startsWith('failed'),
      { timeoutMs: 120_000, everyMs: 2000 },
    );
    expect(answers).toBe('+OK\r\n+OK\r\n$6\r\nvaleur\r\n');
    // Plain text on the public port: no Redis answer (it expects a TLS handshake).
    const plain = await new Promise<string>((resolve) => {
      const s = net.connect({ host: '127.0.0.1', port: on.port! }, () => s.write('PING\r\n'));
      let out = '';
      s.on('data', (d) => (out += d.toString()));
      s.setTimeout(3000, () => s.destroy());
      s.on('close', () => resolve(out));
      s.on('error', () => resolve(out));
    });
    expect(plain).not.toContain('+PONG');
  }, 900_000);

  it('MariaDB: its server speaks TLS to an allowed client verifying the CA and its name', async () => {
    const db = await createDatabase('boutique-public', 'mariadb');
    await settled(db.id, 'database running');
    const on = await setAccess(db.id, { actif: true, sources_autorisees: ['127.0.0.1/32'] });
    expect(on.chaine_connexion).toBe(
      `mysql://app:********@127.0.0.1:${on.port}/app?ssl-mode=REQUIRED`,
    );
    await settled(db.id, 'published');
    const [password, ca] = await Promise.all([passwordOf(db.id), caOf(db.id)]);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'nde2e-dbp-ca-'));
    try {
      writeFileSync(path.join(dir, 'ca.pem'), ca, { mode: 0o644 });
      // The image's own client, on the host's network: the connection the host opens.
      const client = () => {
        const r = spawnSync(
          'podman',
          [
            'run',
            '--rm',
            '--network',
            'host',
            '-v',
            `${dir}:/ca:ro,Z`,
            '-e',
            `MYSQL_PWD=${password}`,
            'docker.io/library/mariadb:10.11',
            'mariadb',
            '-h127.0.0.1',
            `-P${on.port}`,
            '-uapp',
            '--ssl',
            '--ssl-ca=/ca/ca.pem',
            '--ssl-verify-server-cert',
            '-N',
            '-e',
            "SHOW SESSION STATUS LIKE 'Ssl_version'",
          ],
          { encoding: 'utf8', timeout: 60_000 },
        );
        return `${r.stdout ?? ''}${r.stderr ?? ''}`.trim();
      };
      const out = await pollUntil(
        'MariaDB over TLS',
        async () => client(),
        (o) => /Ssl_version\s+TLS/.test(o),
        {
          timeoutMs: 180_000,
          everyMs: 3000,
        },
      );
      expect(out).toMatch(/Ssl_version\s+TLSv1\.[23]/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 900_000);
});
