import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { environmentQueryOptions } from '@/features/deploy/api/get-environment';
import { DeployWizard } from '@/features/deploy/components/deploy-wizard';

/** /deploy and /deployments: the deploy wizard; ?environmentId= preselects (SPEC §2). */
export default function DeployWizardRoute() {
  const [params] = useSearchParams();
  const requested = params.get('environmentId') || null;
  const environment = useQuery({
    ...environmentQueryOptions(requested ?? ''),
    enabled: requested !== null,
  });

  return (
    <div>
      <PageHeader
        title="Nouveau déploiement"
        description="Déployez une application prête à l'emploi ou votre code depuis Git, au prix affiché en XOF."
      />
      {requested && environment.isPending ? (
        <PageSpinner />
      ) : (
        <DeployWizard
          key={requested ?? ''}
          requestedEnvironmentId={requested}
          preselected={environment.data ?? null}
        />
      )}
    </div>
  );
}
