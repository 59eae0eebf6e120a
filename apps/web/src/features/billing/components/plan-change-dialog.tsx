import type { Bill } from '@nuage/shared/billing-types';
import type { PublicPlan } from '@nuage/shared/plans';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatDate, formatXof } from '@/lib/format';

const projects = (limit: number | null) =>
  limit === null ? 'projets illimités' : `${limit} projets au maximum`;

const monthName = (iso: string) =>
  new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(iso),
  );

/**
 * « Choisir Pro » asks first (issue 33): what changes (the price, the project limit, what the
 * plan brings) and from when (now: the new price is the month's, the projection follows).
 */
export function PlanChangeDialog({
  bill,
  plan,
  pending,
  onCancel,
  onConfirm,
}: {
  bill: Bill;
  plan: PublicPlan | null;
  pending: boolean;
  onCancel(): void;
  onConfirm(plan: PublicPlan): void;
}) {
  const current = bill.plan;
  const projected = plan
    ? bill.projected_xof - current.monthly_price_xof + plan.monthlyPriceXof
    : bill.projected_xof;
  return (
    <ConfirmDialog
      open={plan !== null}
      onOpenChange={(open) => !open && onCancel()}
      title={plan ? `Passer à l’offre ${plan.name} ?` : ''}
      confirmLabel={plan ? `Passer à l’offre ${plan.name}` : ''}
      confirmVariant="primary"
      pending={pending}
      pendingLabel="Changement..."
      onConfirm={() => plan && onConfirm(plan)}
    >
      {plan && (
        <>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
            <dt className="font-medium">Prix</dt>
            <dd>
              {formatXof(current.monthly_price_xof)} / mois →{' '}
              <strong>{formatXof(plan.monthlyPriceXof)} / mois</strong>
            </dd>
            <dt className="font-medium">Projets</dt>
            <dd>
              {projects(current.project_limit)} → <strong>{projects(plan.projectLimit)}</strong>{' '}
              (vous en avez {bill.projects_owned})
            </dd>
            <dt className="font-medium">Inclus</dt>
            <dd>{plan.features.join(' · ')}</dd>
          </dl>
          <p>
            <strong>À partir de maintenant ({formatDate(bill.period.now)}).</strong> Le prix de
            l’offre {plan.name} compte pour tout le mois de {monthName(bill.period.start)} : la
            projection fin de mois passe de {formatXof(bill.projected_xof)} à{' '}
            <strong>{formatXof(projected)}</strong>. Vous pourrez changer à nouveau à tout moment.
          </p>
        </>
      )}
    </ConfirmDialog>
  );
}
