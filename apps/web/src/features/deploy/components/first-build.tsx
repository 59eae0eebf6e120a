import type { BuildSummary } from '@nuage/shared/build-types';
import { firstBuildTexts } from '@nuage/shared/code-app-texts';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { BuildLogs } from '@/components/build-logs/build-logs';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Notice } from '@/components/ui/notice';
import { PageSpinner } from '@/components/ui/spinner';
import { notify } from '@/lib/toast';
import { buildQueryOptions } from '../api/get-build';

/**
 * The wizard's last step once the code is sent: the first build's live logs. A successful
 * build opens the application page; a failed one stays here, its log and error in view.
 */
export function FirstBuild({ deploymentId, buildId }: { deploymentId: string; buildId: string }) {
  const navigate = useNavigate();
  const build = useQuery(buildQueryOptions(buildId));
  const applicationPath = `/deployment/${deploymentId}`;
  const [ended, setEnded] = useState<BuildSummary | null>(null);

  const onEnd = (last: BuildSummary) => {
    setEnded(last);
    if (last.status === 'success') {
      notify.success(firstBuildTexts.succeeded);
      navigate(applicationPath);
    }
  };

  return (
    <Card>
      <CardHeader
        title={firstBuildTexts.title}
        description={firstBuildTexts.description}
        actions={
          <Link to={applicationPath} className={buttonClasses('outline', 'sm')}>
            {firstBuildTexts.openApplication} <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        }
      />
      <CardBody className="space-y-3">
        {build.data ? (
          <BuildLogs build={build.data} canCancel onEnd={onEnd} heightClass="h-96" />
        ) : build.isError ? (
          <Notice tone="error">{build.error.message}</Notice>
        ) : (
          <PageSpinner />
        )}
        {ended?.status === 'failed' && <Notice tone="warning">{firstBuildTexts.failed}</Notice>}
      </CardBody>
    </Card>
  );
}
