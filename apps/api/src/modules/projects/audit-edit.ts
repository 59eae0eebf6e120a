import type { ProjectInput } from '@nuage/shared/schemas/projects';
import type { Executor } from '../../db/client';
import type { projects } from '../../db/schema/projects';
import { recordAudit } from '../audit/record';

/** Audit entries of a project edit: quotas (before and after), and name or description. */
export async function auditProjectEdit(
  tx: Executor,
  before: typeof projects.$inferSelect,
  data: ProjectInput,
  next: { cpu: number; ram: number; storage: number },
  quotaChanged: boolean,
) {
  const target = { type: 'project', id: before.id, name: data.nom };
  if (quotaChanged) {
    const quotas = (cpu: number, ram: number, storage: number) => ({
      quota_cpu: cpu / 1000,
      quota_ram: ram / 1000,
      quota_stockage: storage / 1000,
    });
    await recordAudit(tx, {
      projectId: before.id,
      action: 'project.quota',
      target,
      details: {
        avant: quotas(before.quotaCpuMilli, before.quotaRamMb, before.quotaStorageMb),
        apres: quotas(next.cpu, next.ram, next.storage),
      },
    });
  }
  if (before.nom !== data.nom || (before.description ?? '') !== (data.description ?? ''))
    await recordAudit(tx, {
      projectId: before.id,
      action: 'project.update',
      target,
      details: { nom_avant: before.nom, nom_apres: data.nom },
    });
}
