import { useQuery } from '@tanstack/react-query';
import { Card, CardHeader } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/spinner';
import { envVarsQueryOptions } from '../api/get-env-vars';
import { EnvVarsEditor } from './env-vars-editor';

/** The application's environment variables; saving rolls out a release with the same image. */
export function EnvVarsCard({
  deploymentId,
  canManage,
}: {
  deploymentId: string;
  canManage: boolean;
}) {
  const vars = useQuery(envVarsQueryOptions(deploymentId));
  return (
    <Card role="region" aria-label="Variables d'environnement">
      <CardHeader
        title="Variables d'environnement"
        description="Lues par l'application au démarrage. Les valeurs secrètes sont chiffrées et ne sont jamais réaffichées."
      />
      {vars.isPending ? (
        <PageSpinner />
      ) : vars.isError ? (
        <div className="p-5">
          <LoadError message={vars.error.message} onRetry={() => void vars.refetch()} />
        </div>
      ) : (
        <EnvVarsEditor
          // A different list from the server (after a save) starts a fresh form; a refetch that
          // finds the same list (window focus) keeps what the user is typing.
          key={JSON.stringify(vars.data)}
          deploymentId={deploymentId}
          initial={vars.data}
          canManage={canManage}
        />
      )}
    </Card>
  );
}
