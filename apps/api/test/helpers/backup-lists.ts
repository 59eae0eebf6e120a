import type { SauvegardesApplication } from '@nuage/shared/backup-types';
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
