import { certificateChoiceTexts } from '@nuage/shared/certificate-choice';
import type { DeployWizardValues } from '@nuage/shared/schemas/deploy-wizard';
import { Card } from '@/components/ui/card';
import { Notice } from '@/components/ui/notice';
import { formatNumber, formatXof } from '@/lib/format';
import type { SaasCatalogEntry } from '../api/get-templates';
import { adminFieldsOf } from './deploy-body';

export interface DeploySummary {
  projectName: string;
  environmentName: string;
  template: SaasCatalogEntry;
  values: DeployWizardValues;
  /** XOF per month, when known. */
  monthly: number | null;
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? formatNumber(v) : '—');

/** Step 5: everything that will be deployed, before 'Déployer l'application'. */
export function StepReview({ summary }: { summary: DeploySummary }) {
  const { values, template } = summary;
  const admin = adminFieldsOf(template.id);
  const email = admin.find((f) => f.endsWith('_email'));
  const generated = admin.filter((f) => !f.endsWith('_email') && !text(values[f])).length;
  const rows: [string, string][] = [
    ['Type', 'SaaS (application prête à l’emploi)'],
    ['Projet', summary.projectName],
    ['Environnement', summary.environmentName],
    ['Template', `${template.name} (${template.category})`],
    ['Image', `${template.image}:${template.tag}`],
    ["Nom de l'application", text(values.app_name)],
    ['CPU', `${num(values.cpu)} core(s)`],
    ['RAM', `${num(values.ram)} GB`],
    ['Stockage', `${num(values.storage)} GB`],
    ['Replicas', num(values.replicas)],
    [
      'Nom de domaine',
      text(values.custom_domain).toLowerCase() || 'Adresse générée automatiquement',
    ],
    ...(text(values.custom_domain)
      ? [
          [
            certificateChoiceTexts.label,
            text(values.certificat_tls_id)
              ? 'Certificat du projet'
              : certificateChoiceTexts.automatic,
          ] as [string, string],
        ]
      : []),
    ...(email
      ? [['Email administrateur', text(values[email]) || 'Votre adresse email'] as [string, string]]
      : []),
    ['Coût estimé', summary.monthly === null ? '—' : `${formatXof(summary.monthly)} / mois`],
  ];
  return (
    <div className="space-y-4">
      <Card className="p-5">
        <h2 className="mb-4 text-lg font-semibold">Récapitulatif</h2>
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
          {rows.map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="text-xs tracking-wide text-slate-500 uppercase dark:text-slate-400">
                {label}
              </dt>
              <dd className="truncate font-medium">{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
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
