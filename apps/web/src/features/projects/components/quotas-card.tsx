import type { Project } from '@nuage/shared/api-types';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { QuotaUsage } from './quota-usage';

/** The quotas with what the applications reserve (their price: « Coûts du projet »). */
export function QuotasCard({ project }: { project: Project }) {
  return (
    <Card>
      <CardHeader title="Quotas" />
      <CardBody>
        <QuotaUsage project={project} />
      </CardBody>
    </Card>
  );
}
