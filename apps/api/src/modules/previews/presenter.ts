import { fromMilli } from '@nuage/shared/quantities';
import { priceResources, toXof } from '@nuage/shared/pricing';
import type { Preview, PreviewSettingsView } from '@nuage/shared/schemas/responses/previews';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { previews } from '../../db/schema/previews';
import { viewEnvVars } from '../deployments/env-vars-store';
import { previewFacts, previewState, type PreviewFacts } from './preview-state';
import type { PreviewSettingsRow } from './settings-store';

export function presentSettings(s: PreviewSettingsRow): PreviewSettingsView {
  return {
    actif: s.enabled,
    cpu: fromMilli(s.cpuMilli),
    ram: fromMilli(s.ramMb),
    delai_suppression_minutes: s.deleteDelayMinutes,
    arret_inactivite_heures: s.idleStopHours,
    bases_de_donnees: s.databases,
    variables: viewEnvVars(s.envVars),
    api_url: s.apiUrl,
    jeton_statut_id: s.statusTokenId,
  };
}

/** Why the preview is not serving, when the page should say it. */
function messageOf(f: PreviewFacts, state: Preview['etat']): string | null {
  if (state === 'failed') return f.build?.error ?? f.application?.statusReason ?? f.row.message;
  if (state === 'refused' || state === 'stopped') return f.row.message;
  return null;
}

export function presentPreview(f: PreviewFacts): Preview {
  const { row, application } = f;
  const state = previewState(f);
  const cost =
    application && state !== 'closing'
      ? toXof(
          priceResources({
            cpu: fromMilli(application.cpuMilli),
            ram: fromMilli(application.ramMb),
            storage: fromMilli(application.storageMb),
            replicas: application.replicas,
          }).monthly,
        )
      : null;
  return {
    id: row.id,
    fournisseur: row.provider,
    numero_pr: row.number,
    titre: row.title,
    url_pr: row.url,
    branche: row.headBranch,
    commit: row.headSha,
    depuis_fork: row.fromFork,
    approuve: row.approved,
    etat: state,
    message: messageOf(f, state),
    environnement_id: row.environmentId,
    application_id: row.deploymentId,
    url: application?.applicationUrl ?? null,
    cout_mensuel_xof: cost,
    date_creation: row.createdAt.toISOString(),
    date_maj: row.updatedAt.toISOString(),
    suppression_prevue: row.deleteAt?.toISOString() ?? null,
  };
}

/** The preview as the API answers it, read again now (after a change). */
export async function presentPreviewById(db: Executor, id: string): Promise<Preview> {
  const [row] = await db.select().from(previews).where(eq(previews.id, id));
  const [facts] = await previewFacts(db, [row!]);
  return presentPreview(facts!);
}
