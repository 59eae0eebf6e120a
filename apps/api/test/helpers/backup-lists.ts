import type { SauvegardesApplication } from '@nuage/shared/backup-types';
import type { DatabaseResource } from '@nuage/shared/schemas/responses/databases';
import { expect } from 'vitest';
import { reconcileToStatus } from './deploy-factories';
import { call } from './factories';
import { API } from './project-factories';
import type { TestApp } from './test-app';

/** An application's backups and restores, as its page reads them. */
export const backupsOf = async (t: TestApp, token: string, id: string) =>
  (
    await call(t, 'GET', `${API}/deployments/${id}/backups`, { token })
  ).json<SauvegardesApplication>();

/** Its list once no backup or restore runs any more (30 s at most). */
export async function backupsSettled(t: TestApp, token: string, id: string) {
  for (let i = 0; i < 300; i++) {
    const list = await backupsOf(t, token, id);
    const busy =
      list.sauvegardes.some((b) => b.statut === 'running') ||
      list.restaurations.some((r) => r.statut === 'running');
    if (!busy) return list;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('backup or restore still running');
}

/** A database of an environment created through the API and reconciled until it runs. */
export async function runningDatabase(
  t: TestApp,
  token: string,
  where: { envId: string; nom: string; moteur: string },
) {
  const res = await call(t, 'POST', `${API}/environments/${where.envId}/databases`, {
    token,
    body: { nom: where.nom, moteur: where.moteur, cpu: 0.5, ram: 0.5, storage: 1 },
  });
  expect(res.statusCode, res.body).toBe(201);
  const db = res.json<DatabaseResource>();
  await reconcileToStatus(t, db.id, 'RUNNING');
  return db;
}

/** « Sauvegarder maintenant », awaited: the backup that succeeded. */
export async function backUp(t: TestApp, token: string, id: string) {
  const res = await call(t, 'POST', `${API}/deployments/${id}/backups`, { token });
  expect(res.statusCode, res.body).toBe(202);
  const [last] = (await backupsSettled(t, token, id)).sauvegardes;
  expect(last, JSON.stringify(last)).toMatchObject({ statut: 'success', erreur: null });
  return last!;
}
