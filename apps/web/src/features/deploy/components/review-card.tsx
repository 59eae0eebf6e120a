import { certificateChoiceTexts } from '@nuage/shared/certificate-choice';
import type { DeployWizardValues } from '@nuage/shared/schemas/deploy-wizard';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { formatNumber, formatXof } from '@/lib/format';

export type ReviewRow = [label: string, value: string];

export const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? formatNumber(v) : '—');

/** CPU, RAM, (storage,) replicas as both paths' summaries write them. */
export function resourceRows(values: DeployWizardValues, withStorage: boolean): ReviewRow[] {
  return [
    ['CPU', `${num(values.cpu)} core(s)`],
    ['RAM', `${num(values.ram)} GB`],
    ...(withStorage ? [['Stockage', `${num(values.storage)} GB`] as ReviewRow] : []),
    ['Instances', num(values.replicas)],
  ];
}

/**
 * The domain (or the generated address) and, with a domain, its certificate by its name
 * (`certificateLabel`, useCertificateLabel), never « a certificate » without saying which.
 */
export function domainRows(
  values: DeployWizardValues,
  certificateLabel: string | null,
): ReviewRow[] {
  const domain = text(values.custom_domain).toLowerCase();
  const rows: ReviewRow[] = [['Nom de domaine', domain || 'Adresse générée automatiquement']];
  if (domain) {
    rows.push([
      certificateChoiceTexts.label,
      text(values.certificat_tls_id)
        ? (certificateLabel ?? certificateChoiceTexts.loading)
        : certificateChoiceTexts.automatic,
    ]);
  }
  return rows;
}

export const costRow = (monthly: number | null): ReviewRow => [
  'Coût estimé',
  monthly === null ? '—' : `${formatXof(monthly)} / mois`,
];

/** Step 5's « Récapitulatif »: one labelled value a row, the full value on hover when cut. */
export function ReviewCard({ rows, children }: { rows: ReviewRow[]; children?: ReactNode }) {
  return (
    <Card className="p-5">
      <h2 className="mb-4 text-lg font-semibold">Récapitulatif</h2>
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs tracking-wide text-slate-500 uppercase dark:text-slate-400">
              {label}
            </dt>
            <dd className="truncate font-medium" title={value}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {children}
    </Card>
  );
}
