import { useQuery } from '@tanstack/react-query';
import { ProjectMonthStory, monthStoryTexts } from '@/components/costs/month-story';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { projectCostsErrors, projectCostsQueryOptions } from '../api/get-project-costs';

/**
 * « Coûts du projet »: the plan, what the project consumed this month and its projection (the
 * billing card's and the dashboard's rule, from the server), and, apart, the full quota's price.
 */
export function ProjectCostsCard({ projectId }: { projectId: string }) {
  const costs = useQuery(projectCostsQueryOptions(projectId));
  return (
    <Card role="region" aria-labelledby="project-costs-title">
      <CardHeader
        title={<span id="project-costs-title">Coûts du projet</span>}
        description={monthStoryTexts.estimate}
      />
      <CardBody>
        {costs.isPending ? (
          <Spinner />
        ) : costs.isError ? (
          <LoadError message={projectCostsErrors.load} onRetry={() => costs.refetch()} />
        ) : (
          <ProjectMonthStory costs={costs.data} />
        )}
      </CardBody>
    </Card>
  );
}
