import { hasRole, requiredRole, type ProjectRole } from '@nuage/shared/roles';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { registryCredentialsQuery } from '@/lib/registry-credentials';
import { AddRegistryCredentialModal } from './add-registry-credential-modal';
import { RegistryCredentialRow } from './registry-credential-row';

/**
 * The project's container registry credentials (issue 30): every member sees which registries
 * the project pulls private images from; only administrators add and delete them, since they
 * open those images to every developer of the project.
 */
export function RegistryCredentialsCard({
  projectId,
  role,
}: {
  projectId: string;
  role: ProjectRole;
}) {
  const list = useQuery(registryCredentialsQuery(projectId));
  const [adding, setAdding] = useState(false);
  const canManage = hasRole(role, requiredRole.manageProject);

  return (
    <Card role="region" aria-labelledby="registry-credentials-title">
      <CardHeader
        title={<span id="registry-credentials-title">Registres d'images privés</span>}
        description="Identifiants pour déployer des images privées (type IMAGE). Le mot de passe n'est jamais réaffiché."
        actions={
          canManage && (
            <Button size="sm" onClick={() => setAdding(true)}>
              <Plus className="size-4" aria-hidden="true" /> Ajouter des identifiants
            </Button>
          )
        }
      />
      {list.isPending ? (
        <div className="flex justify-center p-6 text-blue-600">
          <Spinner />
        </div>
      ) : list.isError ? (
        <p className="px-5 py-4 text-sm text-red-600 dark:text-red-400">{list.error.message}</p>
      ) : list.data.length === 0 ? (
        <p className="px-5 py-4 text-sm text-slate-500 dark:text-slate-400">
          Aucun registre privé. Les images publiques se déploient sans identifiants.
          {!canManage && ' Seuls les administrateurs du projet peuvent en ajouter.'}
        </p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {list.data.map((c) => (
            <RegistryCredentialRow
              key={c.id}
              projectId={projectId}
              credential={c}
              canManage={canManage}
            />
          ))}
        </ul>
      )}
      {canManage && adding && (
        <AddRegistryCredentialModal projectId={projectId} onOpenChange={setAdding} />
      )}
    </Card>
  );
}
