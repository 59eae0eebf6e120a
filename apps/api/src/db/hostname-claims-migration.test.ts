import { randomBytes, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { adminQuery, withDatabase } from './admin-query';
import { openPostgres, type DatabaseHandle } from './client';
import { applyMigrations, migrationsFolder } from './migrate';
import { migrationsUpTo } from './pglite-import/migration-level';

/**
 * Migration 0014 on a database an earlier version filled (issue 24): the domains it held are
 * normalised, a domain several applications held stays with the oldest (the others lose it,
 * say why and are applied again), the domains kept stay served, a deleting application sharing
 * a host label with a live one takes another, and only then do the unique indexes exist.
 */
const BEFORE = 14; // migrations 0000–0013

let handle: DatabaseHandle;
let raw: pg.Pool;
let name: string;
const { serverUrl } = inject('testDatabases');

const q = async <T>(text: string, values: unknown[] = []) =>
  (await raw.query(text, values)).rows as T[];

async function insertApp(o: {
  projectId: string;
  environmentId: string;
  nom: string;
  label: string;
  domain: string | null;
  createdAt: string;
  state?: 'present' | 'absent';
}) {
  const id = randomUUID();
  await q(
    `insert into deployments (id, project_id, environment_id, nom, host_label, category, template,
       image_registry_url, image_tag, cpu_milli, ram_mb, storage_mb, secrets_sealed,
       nom_de_domaine, created_at, desired_state)
     values ($1, $2, $3, $4, $5, 'ERP', 'wordpress', 'docker.io/library/wordpress', '6.4-apache',
       500, 500, 1000, 'v1:x:x:x', $6, $7, $8)`,
    [id, o.projectId, o.environmentId, o.nom, o.label, o.domain, o.createdAt, o.state ?? 'present'],
  );
  return id;
}

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

describe('migration 0014 (hostname claims)', () => {
  it('keeps each name with its oldest holder, records why the others lost it, then indexes', async () => {
    const projects = [randomUUID(), randomUUID()];
    const envs = [randomUUID(), randomUUID()];
    for (const [i, p] of projects.entries()) {
      await q(
        `insert into projects (id, nom, quota_cpu_milli, quota_ram_mb, quota_storage_mb) values ($1, $2, 8000, 16000, 100000)`,
        [p, `Projet ${i}`],
      );
      await q(
        `insert into environments (id, project_id, nom, type, namespace_k8s_id, nom_dossier_git) values ($1, $2, 'Production', 'prod', $3, $3)`,
        [envs[i], p, `ns-${i}-${randomBytes(3).toString('hex')}`],
      );
    }
    const at = (day: number) => `2025-01-0${day}T10:00:00Z`;
    const victim = await insertApp({
      projectId: projects[0]!,
      environmentId: envs[0]!,
      nom: 'Boutique',
      label: 'boutique-prod-victime',
      domain: 'shop.victime.sn',
      createdAt: at(1),
    });
    const takeover = await insertApp({
      projectId: projects[1]!,
      environmentId: envs[1]!,
      nom: 'Copie',
      label: 'copie-prod-attaquant',
      domain: ' SHOP.Victime.sn. ',
      createdAt: at(2),
    });
    const alone = await insertApp({
      projectId: projects[1]!,
      environmentId: envs[1]!,
      nom: 'Vitrine',
      label: 'vitrine-prod-attaquant',
      domain: 'Vitrine.Exemple.SN',
      createdAt: at(3),
    });
    const empty = await insertApp({
      projectId: projects[1]!,
      environmentId: envs[1]!,
      nom: 'Vide',
      label: 'vide-prod-attaquant',
      domain: '',
      createdAt: at(3),
    });
    // A deleting application and the live one given its label again (allowed before).
    const deleting = await insertApp({
      projectId: projects[0]!,
      environmentId: envs[0]!,
      nom: 'Blog',
      label: 'blog-prod-victime',
      domain: null,
      createdAt: at(1),
      state: 'absent',
    });
    const relabelled = await insertApp({
      projectId: projects[0]!,
      environmentId: envs[0]!,
      nom: 'Blog ',
      label: 'blog-prod-victime',
      domain: null,
      createdAt: at(4),
    });
    const [beforeTakeover] = await q<{ generation: number }>(
      'select generation from deployments where id = $1',
      [takeover],
    );

    await applyMigrations(handle);

    const rows = new Map(
      (
        await q<{
          id: string;
          nom_de_domaine: string | null;
          domain_verified_at: Date | null;
          domain_proof: string | null;
          domain_token: string;
          host_label: string;
          generation: number;
          events: { message: string }[];
        }>('select * from deployments')
      ).map((r) => [r.id, r]),
    );
    expect(rows.get(victim)).toMatchObject({
      nom_de_domaine: 'shop.victime.sn',
      domain_proof: 'existing',
    });
    expect(rows.get(victim)!.domain_verified_at).not.toBeNull();
    expect(rows.get(takeover)).toMatchObject({
      nom_de_domaine: null,
      domain_proof: null,
      generation: beforeTakeover!.generation + 1,
    });
    expect(rows.get(takeover)!.events[0]!.message).toBe(
      "Nom de domaine shop.victime.sn retiré : une application plus ancienne de la plateforme l'utilisait déjà (un nom de domaine n'appartient qu'à une seule application).",
    );
    expect(rows.get(alone)).toMatchObject({
      nom_de_domaine: 'vitrine.exemple.sn',
      domain_proof: 'existing',
    });
    expect(rows.get(empty)!.nom_de_domaine).toBeNull();
    // Each application its own token.
    expect(new Set([...rows.values()].map((r) => r.domain_token)).size).toBe(rows.size);
    expect(rows.get(relabelled)!.host_label).toBe('blog-prod-victime');
    expect(rows.get(deleting)!.host_label).toMatch(/^blog-prod-victime-[0-9a-f]{6}$/);

    const audit = await q<{
      project_id: string;
      action: string;
      target_id: string;
      details: unknown;
    }>(
      `select project_id, action, target_id, details from audit_events where action = 'deployment.domain_released'`,
    );
    expect(audit).toEqual([
      {
        project_id: projects[1],
        action: 'deployment.domain_released',
        target_id: takeover,
        details: {
          domaine: 'shop.victime.sn',
          raison: 'deja_utilise_par_une_application_plus_ancienne',
        },
      },
    ]);

    // From now on the database itself refuses a second holder, and a second label.
    await expect(
      q('update deployments set nom_de_domaine = $1 where id = $2', ['Shop.Victime.SN', alone]),
    ).rejects.toMatchObject({ constraint: 'deployments_domain_key' });
    await expect(
      q('update deployments set host_label = $1 where id = $2', ['boutique-prod-victime', alone]),
    ).rejects.toMatchObject({ constraint: 'deployments_host_label_key' });
  });
});
