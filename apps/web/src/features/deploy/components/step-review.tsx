import { useCertificateLabel } from '@/components/certificate-select/project-certificates';
import type { DeployWizardValues } from '@nuage/shared/schemas/deploy-wizard';
import { Notice } from '@/components/ui/notice';
import type { SaasCatalogEntry } from '@nuage/shared/schemas/responses/catalog';
import { adminFieldsOf } from './deploy-body';
import { costRow, domainRows, resourceRows, ReviewCard, text, type ReviewRow } from './review-card';

export interface DeploySummary {
  projectName: string;
  environmentName: string;
  template: SaasCatalogEntry;
  values: DeployWizardValues;
  /** XOF per month, when known. */
  monthly: number | null;
}

/** Step 5: everything that will be deployed, before 'Déployer l'application'. */
export function StepReview({ summary }: { summary: DeploySummary }) {
  const { values, template } = summary;
  const certificate = useCertificateLabel(values.project_id, text(values.certificat_tls_id));
  const admin = adminFieldsOf(template.id);
  const email = admin.find((f) => f.endsWith('_email'));
  const generated = admin.filter((f) => !f.endsWith('_email') && !text(values[f])).length;
  const rows: ReviewRow[] = [
    ['Type', 'SaaS (application prête à l’emploi)'],
    ['Projet', summary.projectName],
    ['Environnement', summary.environmentName],
    ['Template', `${template.name} (${template.category})`],
    ['Image', `${template.image}:${template.tag}`],
    ["Nom de l'application", text(values.app_name)],
    ...resourceRows(values, true),
    ...domainRows(values, certificate),
    ...(email
      ? [['Email administrateur', text(values[email]) || 'Votre adresse email'] as ReviewRow]
      : []),
    costRow(summary.monthly),
  ];
  return (
    <div className="space-y-4">
      <ReviewCard rows={rows} />
      {generated > 0 && (
        <Notice tone="info">
          {generated === 1
            ? 'Un mot de passe laissé vide sera généré automatiquement (fort et unique).'
            : `${generated} mots de passe laissés vides seront générés automatiquement (forts et uniques).`}
        </Notice>
      )}
    </div>
  );
}
