import type { Project } from '@nuage/shared/api-types';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { formatXof } from '@/lib/format';
import { quotaMonthlyXof } from './estimated-cost';
import { QuotaUsage } from './quota-usage';

/** The quotas with what the applications reserve, and the monthly price of the full quota. */
export function QuotasCard({ project }: { project: Project }) {
  return (
    <Card>
      <CardHeader title="Quotas et coût" />
      <CardBody className="space-y-5">
        <QuotaUsage project={project} />
        <div className="rounded-lg bg-blue-50 px-4 py-3 dark:bg-blue-950/40">
          <p className="text-sm text-slate-600 dark:text-slate-400">Coût mensuel estimé</p>
          <p className="text-2xl font-bold text-blue-700 dark:text-blue-300">
            {formatXof(quotaMonthlyXof(project))}
          </p>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            Prix du quota complet, frais de plateforme inclus.
          </p>
        </div>
      </CardBody>
    </Card>
  );
}
