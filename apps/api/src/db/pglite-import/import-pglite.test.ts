import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { cp, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { hashPassword } from '../../modules/auth/passwords';
import { CapturingMailer } from '../../../test/helpers/capture';
import {
  newDataDir,
  quietLog,
  recordingLog,
  throwAwayServer,
} from '../../../test/helpers/embedded-server';
import { testSecrets } from '../../../test/helpers/test-app';
import type { DatabaseHandle } from '../client';
import { certificates } from '../schema/certificates';
import { projectMembers, projects } from '../schema/projects';
import { users } from '../schema/users';
import type { ServerLog } from '../embedded/server-log';
import { migrationsFolder } from '../migrate';
import { openEmbeddedDatabase } from '../open-embedded-database';
import { migrationsUpTo } from './migration-level';

const dirs: string[] = [];
const open: DatabaseHandle[] = [];
const dirsAfterAll: string[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((d) => d.close()));
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});
afterAll(() => Promise.all(dirsAfterAll.map((d) => rm(d, { recursive: true, force: true }))));

const openAt = async (dataDir: string, log: ServerLog = quietLog) => {
  const database = await openEmbeddedDatabase(dataDir, log, throwAwayServer);
  open.push(database);
  return database;
};

/** Migrated PGlite directories, made once per level (PGlite's initdb takes seconds). */
const bases = new Map<number, Promise<string>>();

function migratedPglite(level: number) {
  if (!bases.has(level)) {
    bases.set(
      level,
      (async () => {
        const dir = await newDataDir();
        dirsAfterAll.push(dir);
        const client = await PGlite.create(path.join(dir, 'pglite'));
        const partial = await migrationsUpTo(migrationsFolder, level);
        await migrate(drizzle(client), { migrationsFolder: partial });
        await rm(partial, { recursive: true, force: true });
        await client.close();
        return path.join(dir, 'pglite');
      })(),
    );
  }
  return bases.get(level)!;
}

/** DATA_DIR/pglite as an earlier version left it: its first `level` migrations, then `seed`. */
async function legacyDataDir(level: number, seed: (db: PGlite) => Promise<unknown>) {
  const dataDir = await newDataDir();
  dirs.push(dataDir);
  const pgliteDir = path.join(dataDir, 'pglite');
  await cp(await migratedPglite(level), pgliteDir, { recursive: true });
  const client = await PGlite.create(pgliteDir);
  await seed(client);
  await client.close();
  return dataDir;
}

async function rows<T>(database: DatabaseHandle, text: string): Promise<T[]> {
  return ((await database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
}

/** Every public table's rows as JSON text, in a stable order: equal means the same data. */
async function contents(run: (text: string) => Promise<{ j: string }[]>) {
  const tables = await run(
    `select table_name as j from information_schema.tables where table_schema = 'public' order by 1`,
  );
  const out: Record<string, string> = {};
  for (const { j: table } of tables) {
    out[table] = (
      await run(`select coalesce(json_agg(t order by t::text), '[]')::text as j from "${table}" t`)
    )[0]!.j;
  }
  return out;
}

const ACCOUNT = { email: 'aissatou.ndiaye@exemple.sn', password: 'Teranga2024' };

async function seedFirstVersion(db: PGlite) {
  await db.query(
    `insert into users (email, nom, prenom, password_hash, verified_at, created_at)
     values ($1, $$N'Diaye$$, 'Aïssatou', $2, now(), '2025-03-01 08:15:30.123456+00')`,
    [ACCOUNT.email, await hashPassword(ACCOUNT.password, 'test')],
  );
  await db.exec(
    `insert into rate_limit_events (bucket, subject) values ('login', 'a'), ('login', 'b'), ('reset', 'c')`,
  );
}

// Each test starts real servers (PGlite, then an embedded PostgreSQL: initdb, migrations, the
// import): 10-35 s on a busy 2-core CI machine, past the API project's 30 s default.
describe('PGlite data of an earlier version, on the first start', { timeout: 120_000 }, () => {
  it('is imported: its accounts log in, later migrations follow, and the PGlite directory is kept aside', async () => {
    const dataDir = await legacyDataDir(1, seedFirstVersion);
    const log = recordingLog();
    const database = await openAt(dataDir, log);
    const next = await rows<{ id: string }>(
      database,
      `insert into rate_limit_events (bucket, subject) values ('login', 'd') returning id`,
    );
    expect(next).toEqual([{ id: '4' }]); // the sequence went on from the imported rows

    const app = await buildApp({
      // This DATA_DIR, not one of testConfig()'s own (it would be left behind).
      config: loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://plateforme.test' }),
      database,
      secrets: testSecrets(),
      mailer: new CapturingMailer(),
    });
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: ACCOUNT.email, mot_de_passe: ACCOUNT.password },
    });
    expect(login.statusCode).toBe(200);
    const me = await app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { authorization: `Bearer ${login.json<{ access_token: string }>().access_token}` },
    });
    expect(me.json()).toMatchObject({ prenom: 'Aïssatou', nom: "N'Diaye", email: ACCOUNT.email });
    // Created by a migration the PGlite database never had, empty.
    const projects = await app.inject({
      method: 'GET',
      url: '/api/v1/projects/',
      headers: { authorization: `Bearer ${login.json<{ access_token: string }>().access_token}` },
    });
    expect(projects.json()).toMatchObject({ projects: [], pagination: { total: 0 } });
    await app.close();

    const entries = await readdir(dataDir);
    expect(entries).not.toContain('pglite');
    expect(entries.filter((e) => e.startsWith('pglite-imported-'))).toHaveLength(1);
    expect(log.messages).toContain('PGlite data imported');
  });

  it('keeps every value exactly: text, JSON, booleans, timestamps to the microsecond', async () => {
    const dataDir = await legacyDataDir(Number.MAX_SAFE_INTEGER, async (client) => {
      const db = drizzle(client);
      const [user] = await db
        .insert(users)
        .values({
          email: 'fatou@exemple.sn',
          nom: 'Sow',
          prenom: 'Fatou « la grande »',
          passwordHash: 'argon2-hash',
          verifiedAt: new Date('2025-06-01T10:00:00.123Z'),
        })
        .returning();
      const [project] = await db
        .insert(projects)
        .values({
          nom: 'Boutique',
          quotaCpuMilli: 4000,
          quotaRamMb: 8000,
          quotaStorageMb: 50000,
          createdBy: user!.id,
        })
        .returning();
      await db
        .insert(projectMembers)
        .values({ projectId: project!.id, userId: user!.id, role: 'admin' });
      await db.insert(certificates).values({
        projectId: project!.id,
        nom: 'Principal',
        domain: 'boutique.exemple.sn',
        type: 'custom',
        status: 'Expiré',
        certificatePem: '-----BEGIN CERTIFICATE-----\nMIIB…\n-----END CERTIFICATE-----\n',
        subjectAltNames: ['boutique.exemple.sn', 'www.boutique.exemple.sn'],
        wildcard: true,
        expiresAt: new Date('2026-01-31T23:59:59.999Z'),
      });
      await client.exec(`update users set created_at = '2024-12-31 23:59:59.987654+00'`);
    });
    const database = await openAt(dataDir);

    const backup = (await readdir(dataDir)).find((e) => e.startsWith('pglite-imported-'))!;
    const source = await PGlite.create(path.join(dataDir, backup));
    try {
      const before = await contents(async (text) => (await source.query<{ j: string }>(text)).rows);
      expect(JSON.parse(before.certificates!)).toHaveLength(1);
      expect(await contents((text) => rows(database, text))).toEqual(before);
    } finally {
      await source.close();
    }
  });

  it('is refused, untouched, when written by a newer version', async () => {
    const dataDir = await legacyDataDir(Number.MAX_SAFE_INTEGER, (db) =>
      db.exec(
        `insert into drizzle.__drizzle_migrations (hash, created_at) values ('future', 4102444800000)`,
      ),
    );
    await expect(openAt(dataDir)).rejects.toThrow(/was written by another version of NuageDeploy/);
    expect(await readdir(dataDir)).toContain('pglite');
    // Nothing half-made: the server was stopped and holds no platform database.
    const log = recordingLog();
    await expect(openAt(dataDir, log)).rejects.toThrow(/another version/);
    expect(log.messages).not.toContain(
      'stopping the embedded PostgreSQL left running by a previous platform process',
    );
  });

  it('is not imported over a database that already holds data: refused, saying what to move', async () => {
    const dataDir = await newDataDir();
    dirs.push(dataDir);
    await (await openAt(dataDir)).close();
    open.splice(0);
    const legacy = await legacyDataDir(1, seedFirstVersion);
    await rename(path.join(legacy, 'pglite'), path.join(dataDir, 'pglite'));

    await expect(openAt(dataDir)).rejects.toThrow(
      `Move ${path.join(dataDir, 'pglite')} away to start on the current data`,
    );
  });

  it('is set aside, not imported twice, when a start stopped between the import and that', async () => {
    const dataDir = await legacyDataDir(1, seedFirstVersion);
    await (await openAt(dataDir)).close();
    open.splice(0);
    const backup = (await readdir(dataDir)).find((e) => e.startsWith('pglite-imported-'))!;
    await rename(path.join(dataDir, backup), path.join(dataDir, 'pglite'));

    const database = await openAt(dataDir);
    expect(await rows(database, `select email from users`)).toEqual([{ email: ACCOUNT.email }]);
    expect(await readdir(dataDir)).not.toContain('pglite');
  });
});
