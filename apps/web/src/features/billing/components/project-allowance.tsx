import { planLimitTexts as t } from '@nuage/shared/plan-limit-texts';
import { ArrowUpRight } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, CardBody } from '@/components/ui/card';
import { Notice } from '@/components/ui/notice';
import type { projectAllowance } from '../api/get-billing';

export type ProjectAllowance = ReturnType<typeof projectAllowance>;

/** The billing card's id (Profil → Facturation): links to it end with #facturation. */
export const BILLING_ANCHOR = 'facturation';

/** Where Profil → Facturation is: the billing card of the profile page. */
export const BILLING_LINK = `/profile#${BILLING_ANCHOR}`;

/** « Offre Découverte · 2/2 projets »: the plan's limit, in view before any form. */
export function ProjectAllowanceLine({ allowance }: { allowance: ProjectAllowance }) {
  return (
    <span className="text-slate-500 dark:text-slate-400">
      {t.planLabel(allowance.planName)} ·{' '}
      <span className="font-medium text-slate-700 tabular-nums dark:text-slate-200">
        {t.usage(allowance.owned, allowance.limit)}
      </span>
    </span>
  );
}

/**
 * What « Nouveau projet » opens once the plan's limit is reached: the limit and the way to get
 * more, instead of a form the API would refuse after it was filled.
 */
export function ProjectLimitNotice({
  allowance,
  onClose,
}: {
  allowance: ProjectAllowance & { limit: number };
  onClose(): void;
}) {
  return (
    <Card role="region" aria-label={t.reachedTitle}>
      <CardBody className="space-y-3">
        <Notice tone="warning" title={t.reachedTitle}>
          <p>{t.reached(allowance.planName, allowance.limit, allowance.owned)}</p>
          <p>{t.upgrade(allowance.limit)}</p>
        </Notice>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            {t.close}
          </Button>
          <Link to={BILLING_LINK} className={buttonClasses('primary', 'md')}>
            {t.upgradeLink} <ArrowUpRight className="size-4" aria-hidden="true" />
          </Link>
        </div>
      </CardBody>
    </Card>
  );
}
