import type { MonthCosts, ProjectMonthCosts } from '@nuage/shared/billing-types';
import { cn } from '@/components/ui/cn';
import { formatDate, formatXof } from '@/lib/format';

/**
 * The one price story (issue 33), told in the same words on the billing card, the dashboard
 * and the project page: the plan's fixed price, what the resources consumed since the 1st,
 * and the month's projection; each figure comes from the server (billing/month-costs.ts).
 */
const monthName = (iso: string) =>
  new Intl.DateTimeFormat('fr-FR', { month: 'long', timeZone: 'UTC' }).format(new Date(iso));

/** The month's last day (the period's end is the 1st of the next month, UTC). */
const lastDay = (endIso: string) => formatDate(new Date(Date.parse(endIso) - 12 * 3_600_000));

export const monthStoryTexts = {
  plan: (name: string) => `Offre ${name} : prix fixe`,
  planHint: 'Facturée une fois par mois pour tout le compte, quel que soit le nombre de projets.',
  memberPlanHint: (name: string) =>
    `L’offre ${name} du propriétaire du projet, qui la paie : vous ne payez pas ce projet.`,
  consumed: (start: string) => `Consommation de ${monthName(start)} à ce jour`,
  consumedHint: 'Ressources de vos applications et sauvegardes conservées, depuis le 1er du mois.',
  projectConsumed: (start: string) => `Ce projet en ${monthName(start)}, à ce jour`,
  projectConsumedHint: 'Ses applications et ses sauvegardes, depuis le 1er du mois.',
  projected: 'Projection fin de mois',
  projectedHint: (end: string) =>
    `L’offre, plus les ressources jusqu’au ${lastDay(end)} si rien ne change.`,
  projectProjected: 'Ce projet à la fin du mois',
  projectProjectedHint: (end: string) =>
    `Ses ressources jusqu’au ${lastDay(end)} si rien ne change (l’offre en plus, une fois pour le compte).`,
  fullQuota: 'Si tout le quota était utilisé',
  fullQuotaHint:
    'Le prix par mois de tout le CPU, la RAM et le stockage réservés au projet : un plafond, pas votre facture.',
  estimate:
    'Estimation : chaque application compte depuis sa création dans le mois, à sa configuration actuelle.',
} as const;

interface Figure {
  id: string;
  label: string;
  value: string;
  hint: string;
}

function Figures({
  label,
  figures,
  narrow = false,
}: {
  label: string;
  figures: Figure[];
  /** In a half-width card (the dashboard's): one figure a row from lg on. */
  narrow?: boolean;
}) {
  return (
    <dl className={cn('grid gap-3 sm:grid-cols-3', narrow && 'lg:grid-cols-1')} aria-label={label}>
      {figures.map((f) => (
        <div
          key={f.id}
          className="rounded-lg border border-slate-200 px-3 py-2 dark:border-slate-700"
          data-testid={`cost-${f.id}`}
        >
          <dt className="text-xs font-medium text-slate-600 dark:text-slate-300">{f.label}</dt>
          <dd className="text-base font-semibold tabular-nums">{f.value}</dd>
          <dd className="mt-1 text-xs text-slate-600 dark:text-slate-400">{f.hint}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The account's month: the billing card and the dashboard. */
export function AccountMonthStory({
  month,
  narrow = false,
}: {
  month: MonthCosts;
  narrow?: boolean;
}) {
  const t = monthStoryTexts;
  return (
    <Figures
      narrow={narrow}
      label="Coûts du mois"
      figures={[
        {
          id: 'plan',
          label: t.plan(month.plan.name),
          value: `${formatXof(month.plan.monthly_price_xof)} / mois`,
          hint: t.planHint,
        },
        {
          id: 'consumed',
          label: t.consumed(month.period.start),
          value: formatXof(month.resources_consumed_xof),
          hint: t.consumedHint,
        },
        {
          id: 'projected',
          label: t.projected,
          value: formatXof(month.projected_xof),
          hint: t.projectedHint(month.period.end),
        },
      ]}
    />
  );
}

/** One project's share of the month, and its full quota's price: the project page. */
export function ProjectMonthStory({ costs }: { costs: ProjectMonthCosts }) {
  const t = monthStoryTexts;
  return (
    <div className="space-y-3">
      <Figures
        label="Coûts du projet ce mois-ci"
        figures={[
          {
            id: 'plan',
            label: t.plan(costs.plan.name),
            value: `${formatXof(costs.plan.monthly_price_xof)} / mois`,
            hint: costs.paid_by_you ? t.planHint : t.memberPlanHint(costs.plan.name),
          },
          {
            id: 'consumed',
            label: t.projectConsumed(costs.period.start),
            value: formatXof(costs.resources_consumed_xof),
            hint: t.projectConsumedHint,
          },
          {
            id: 'projected',
            label: t.projectProjected,
            value: formatXof(costs.resources_projected_xof),
            hint: t.projectProjectedHint(costs.period.end),
          },
        ]}
      />
      <div
        className="rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-800/60"
        data-testid="cost-full-quota"
      >
        <p className="text-xs font-medium text-slate-600 dark:text-slate-300">{t.fullQuota}</p>
        <p className="text-base font-semibold tabular-nums">
          {formatXof(costs.full_quota_monthly_xof)} / mois
        </p>
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{t.fullQuotaHint}</p>
      </div>
    </div>
  );
}
