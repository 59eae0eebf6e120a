import { useCertificateLabel } from '@/components/certificate-select/project-certificates';
import type { DeployWizardValues } from '@nuage/shared/schemas/deploy-wizard';
import type { CodeCatalogEntry } from '@nuage/shared/schemas/responses/catalog';
import { costRow, domainRows, resourceRows, ReviewCard, text, type ReviewRow } from './review-card';

export interface CodeDeploySummary {
  projectName: string;
  environmentName: string;
  template: CodeCatalogEntry;
  values: DeployWizardValues;
  /** The chosen token's name (private repositories). */
  tokenName: string | null;
  monthly: number | null;
}

/** Step 5 of the Code path: the repository and build settings before 'Déployer l'application'. */
export function StepCodeReview({ summary }: { summary: CodeDeploySummary }) {
  const { values } = summary;
  const certificate = useCertificateLabel(values.project_id, text(values.certificat_tls_id));
  const vars = values.env_vars ?? [];
  const secrets = vars.filter((v) => v.secret).length;
  const args = values.build_args ?? [];
  const isPrivate = values.repository_type === 'private';
  const rows: ReviewRow[] = [
    ['Type', `Code (${summary.template.name})`],
    ['Projet', summary.projectName],
    ['Environnement', summary.environmentName],
    ["Nom de l'application", text(values.app_name)],
    ['Dépôt', text(values.repository_url)],
    ['Branche', text(values.branch) || 'main'],
    ['Accès', isPrivate ? `Privé · token « ${summary.tokenName ?? '—'} »` : 'Public'],
    ['Port', Number.isFinite(values.port) ? String(values.port) : 'Détecté au build'],
    [
      "Variables d'environnement",
      vars.length === 0
        ? 'Aucune'
        : `${vars.length} (${secrets} secrète${secrets > 1 ? 's' : ''}) : ${vars.map((v) => v.name).join(', ')}`,
    ],
    ['Arguments de build', args.length === 0 ? 'Aucun' : args.map((a) => a.key).join(', ')],
    ...resourceRows(values, false),
    ...domainRows(values, certificate),
    costRow(summary.monthly),
  ];
  return (
    <ReviewCard rows={rows}>
      <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
        Le premier build démarre dès la confirmation ; vous suivrez son journal ici.
      </p>
    </ReviewCard>
  );
}
