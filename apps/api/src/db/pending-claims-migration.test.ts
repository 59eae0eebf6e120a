import { randomBytes, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { adminQuery, withDatabase } from './admin-query';
import { openPostgres, type DatabaseHandle } from './client';
import { applyMigrations, migrationsFolder } from './migrate';
import { migrationsUpTo } from './pglite-import/migration-level';

/**
 * Migration 0015 on a database at 0014 (issue 24): the claims pending then are scheduled for the
 * background check at once, the verified ones are not; afterwards two applications may claim
 * one name while neither has proved it, and one name still has at most one verified holder.
 */
const BEFORE = 15; // migrations 0000–0014

let handle: DatabaseHandle;
let raw: pg.Pool;
let name: string;
const { serverUrl } = inject('testDatabases');

const q = async <T>(text: string, values: unknown[] = []) =>
  (await raw.query(text, values)).rows as T[];

beforeAll(async () => {
  name = `nuage_t_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  handle = await openPostgres(withDatabase(serverUrl, name));
  raw = new pg.Pool({ connectionString: withDatabase(serverUrl, name), max: 2 });
  const partial = await migrationsUpTo(migrationsFolder, BEFORE);
  try {
    await applyMigrations(handle, partial);
  } finally {
    await rm(partial, { recursive: true, force: true });
  }
}, 60_000);

afterAll(async () => {
  await raw?.end();
  await handle?.close();
  await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
});

describe('migration 0015 (pending domain claims)', () => {
  it('schedules the pending claims, then lets claims of one name coexist until one is verified', async () => {
    const project = randomUUID();
    const env = randomUUID();
    await q(
      `insert into projects (id, nom, quota_cpu_milli, quota_ram_mb, quota_storage_mb) values ($1, 'Projet', 8000, 16000, 100000)`,
      [project],
    );
    await q(
      `insert into environments (id, project_id, nom, type, namespace_k8s_id, nom_dossier_git) values ($1, $2, 'Production', 'prod', $3, $3)`,
      [env, project, `ns-${randomBytes(3).toString('hex')}`],
    );
    const insert = async (domain: string, verified: boolean) => {
      const id = randomUUID();
      await q(
        `insert into deployments (id, project_id, environment_id, nom, host_label, category, template,
           image_registry_url, image_tag, cpu_milli, ram_mb, storage_mb, secrets_sealed,
           nom_de_domaine, domain_claimed_at, domain_verified_at)
         values ($1, $2, $3, $4, $4, 'ERP', 'wordpress', 'docker.io/library/wordpress', '6.4-apache',
           500, 500, 1000, 'v1:x:x:x', $5, now(), ${verified ? 'now()' : 'null'})`,
        [id, project, env, `app-${id.slice(0, 8)}`, domain],
      );
      return id;
    };
    const pending = await insert('attente.exemple.sn', false);
    const verified = await insert('servi.exemple.sn', true);
    await applyMigrations(handle);

    const rows = await q<{ id: string; due: boolean | null }>(
      `select id, domain_next_check_at <= now() as due from deployments`,
    );
    expect(new Map(rows.map((r) => [r.id, r.due]))).toEqual(
      new Map([
        [pending, true],
        [verified, null],
      ]),
    );
    // A second pending claim of a pending name: accepted by the database now.
    await insert('attente.exemple.sn', false);
    // A second verified holder of a verified name: still refused.
    await expect(insert('Servi.Exemple.SN.', true)).rejects.toMatchObject({
      constraint: 'deployments_domain_key',
    });
  });
});
