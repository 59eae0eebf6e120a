import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../../../test/helpers/factories';
import {
  createEnvironment,
  createProject,
  insertApplication,
} from '../../../test/helpers/project-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { backupRestores, backups } from '../../db/schema/backups';
import { deployments } from '../../db/schema/deployments';
import { RESTORE_PENDING } from '../../engine/backup-parts';
import { backupFailures } from './backup-failures';

// The dashboard's « sauvegardes en échec »: an application is listed when its latest backup, its
// latest test restore, or (held, waiting for it) its latest restore failed; anything later that
// did not fail clears the line. Rows written directly, at chosen times.
let t: TestApp;
let projectId: string;
let otherProjectId: string;
let envId: string;
let otherEnvId: string;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await createVerifiedUser(t);
  projectId = (await createProject(t, owner.token, { nom: 'Boutique' })).id;
  otherProjectId = (await createProject(t, owner.token, { nom: 'Autre' })).id;
  envId = (await createEnvironment(t, owner.token, projectId)).id;
  otherEnvId = (await createEnvironment(t, owner.token, otherProjectId)).id;
});
afterAll(() => t.close());

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

const app = (nom: string, inProject = projectId, inEnv = envId) =>
  insertApplication(t, { projectId: inProject, environmentId: inEnv, nom });

async function backup(
  deploymentId: string,
  status: 'running' | 'success' | 'failed',
  at: number,
  inProject = projectId,
) {
  const [row] = await t.database.db
    .insert(backups)
    .values({
      deploymentId,
      projectId: inProject,
      kind: 'scheduled',
      status,
      fileName: `${deploymentId}-${at}.tar.gz`,
      error: status === 'failed' ? `échec il y a ${at} min` : null,
      startedAt: minutesAgo(at),
    })
    .returning({ id: backups.id });
  return row!.id;
}

async function restore(
  targetDeploymentId: string,
  kind: 'test' | 'new',
  status: 'running' | 'success' | 'failed',
  at: number,
) {
  const backupId = await backup(targetDeploymentId, 'success', at + 60);
  await t.database.db.insert(backupRestores).values({
    backupId,
    targetDeploymentId,
    kind,
    status,
    error: status === 'failed' ? `restauration échouée il y a ${at} min` : null,
    startedAt: minutesAgo(at),
  });
}

const listed = async () =>
  (await backupFailures(t.database.db, [projectId])).map((f) => [f.application_nom, f.operation]);

describe('backupFailures', () => {
  it('lists the latest failures, newest first, and forgets those a later success replaced', async () => {
    const recovered = await app('rétablie');
    await backup(recovered, 'failed', 50);
    await backup(recovered, 'success', 40);
    const broken = await app('en-panne');
    await backup(broken, 'success', 30);
    await backup(broken, 'failed', 20);
    // A backup under way does not clear the failure before it.
    const retrying = await app('relance');
    await backup(retrying, 'failed', 10);
    await backup(retrying, 'running', 1);

    expect(await listed()).toEqual([
      ['relance', 'sauvegarde'],
      ['en-panne', 'sauvegarde'],
    ]);
    const [first] = await backupFailures(t.database.db, [projectId]);
    expect(first?.erreur).toBe('échec il y a 10 min');
  });

  it('lists a failed test restore until a later one succeeds', async () => {
    const tested = await app('testée');
    await restore(tested, 'test', 'failed', 300);
    const fixed = await app('réparée');
    await restore(fixed, 'test', 'failed', 300);
    await restore(fixed, 'test', 'success', 200);

    const names = await listed();
    expect(names).toContainEqual(['testée', 'restauration de test']);
    expect(names).not.toContainEqual(['réparée', 'restauration de test']);
  });

  it('lists a held application whose latest restore failed, not one whose retry is under way', async () => {
    const hold = { settings: { [RESTORE_PENDING]: true } };
    const held = await app('en-attente');
    await t.database.db.update(deployments).set(hold).where(eq(deployments.id, held));
    await restore(held, 'new', 'failed', 400);
    const retried = await app('nouvel-essai');
    await t.database.db.update(deployments).set(hold).where(eq(deployments.id, retried));
    await restore(retried, 'new', 'failed', 400);
    await restore(retried, 'new', 'running', 5);
    // Not held (the restore is behind it): nothing to wait for.
    const released = await app('libérée');
    await restore(released, 'new', 'failed', 400);

    const names = await listed();
    expect(names).toContainEqual(['en-attente', 'restauration']);
    expect(names).not.toContainEqual(['nouvel-essai', 'restauration']);
    expect(names).not.toContainEqual(['libérée', 'restauration']);
  });

  it("lists neither another project's failures nor a deleted application's", async () => {
    const elsewhere = await app('ailleurs', otherProjectId, otherEnvId);
    await backup(elsewhere, 'failed', 5, otherProjectId);
    const deleted = await app('supprimée');
    await backup(deleted, 'failed', 5);
    await t.database.db
      .update(deployments)
      .set({ desiredState: 'absent' })
      .where(eq(deployments.id, deleted));

    const names = (await listed()).map(([nom]) => nom);
    expect(names).not.toContain('ailleurs');
    expect(names).not.toContain('supprimée');
    expect(await backupFailures(t.database.db, [otherProjectId])).toEqual([
      expect.objectContaining({ application_nom: 'ailleurs', projet_nom: 'Autre' }),
    ]);
  });
});
