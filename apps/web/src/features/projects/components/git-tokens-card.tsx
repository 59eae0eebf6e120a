import { hasRole, requiredRole, type ProjectRole } from '@nuage/shared/roles';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { gitTokensQuery } from '@/lib/git-tokens-query';
import { AddGitTokenModal } from './add-git-token-modal';
import { GitTokenRow } from './git-token-row';

/**
 * The project's Git access tokens (private repositories of code applications): anyone in the
 * project sees their names; developers and admins add and delete them, as for applications.
 */
export function GitTokensCard({ projectId, role }: { projectId: string; role: ProjectRole }) {
  const tokens = useQuery(gitTokensQuery(projectId));
  const [adding, setAdding] = useState(false);
  const canManage = hasRole(role, requiredRole.manageApplications);

  return (
    <Card role="region" aria-labelledby="git-tokens-title">
      <CardHeader
        title={<span id="git-tokens-title">Tokens Git</span>}
        description="Accès aux repositories privés des applications de code. Leur valeur n'est jamais réaffichée."
        actions={
          canManage && (
            <Button size="sm" onClick={() => setAdding(true)}>
              <Plus className="size-4" aria-hidden="true" /> Ajouter un token
            </Button>
          )
        }
      />
      {tokens.isPending ? (
        <div className="flex justify-center p-6 text-blue-600">
          <Spinner />
        </div>
      ) : tokens.isError ? (
        <p className="px-5 py-4 text-sm text-red-600 dark:text-red-400">{tokens.error.message}</p>
      ) : tokens.data.length === 0 ? (
        <p className="px-5 py-4 text-sm text-slate-500 dark:text-slate-400">
          Aucun token. Ajoutez-en un pour déployer depuis un dépôt privé.
        </p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {tokens.data.map((token) => (
            <GitTokenRow key={token.id} projectId={projectId} token={token} canManage={canManage} />
          ))}
        </ul>
      )}
      {canManage && adding && <AddGitTokenModal projectId={projectId} onOpenChange={setAdding} />}
    </Card>
  );
}
