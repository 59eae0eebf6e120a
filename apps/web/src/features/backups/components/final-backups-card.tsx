import { finalBackupTexts as t } from '@nuage/shared/messages/final-backups';
import { hasRole, requiredRole, type ProjectRole } from '@nuage/shared/roles';
import type { Environment } from '@nuage/shared/api-types';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { Card, CardHeader } from '@/components/ui/card';
import { finalBackupsQuery } from '../api/final-backups';
import { FinalBackupRow } from './final-backup-row';

/**
 * The project's final backups of deleted databases (issue 25): kept until an administrator
 * deletes them, restorable by developers into a new database of one of the project's
 * environments. Shown only when there is one (a project that never deleted a database with its
 * final backup has nothing to see here), and not while the list loads or when it failed: the
 * rest of the project page does not wait for it.
 */
export function FinalBackupsCard({
  projectId,
  role,
  environmentsQuery,
}: {
  projectId: string;
  role: ProjectRole;
  /** The project's environments (the page's query): where a restore may create the database. */
  environmentsQuery: UseQueryOptions<Environment[], Error, Environment[], string[]>;
}) {
  const list = useQuery(finalBackupsQuery(projectId));
  const some = list.isSuccess && list.data.length > 0;
  // The restore's choice of environments, read only when there is something to restore.
  const environments = useQuery({ ...environmentsQuery, enabled: some });
  if (!some) return null;

  return (
    <Card role="region" aria-labelledby="final-backups-title">
      <CardHeader title={<span id="final-backups-title">{t.title}</span>} description={t.intro} />
      <ul className="divide-y divide-slate-200 dark:divide-slate-800">
        {list.data.map((b) => (
          <FinalBackupRow
            key={b.id}
            projectId={projectId}
            backup={b}
            environments={environments.data ?? []}
            canRestore={hasRole(role, requiredRole.manageApplications)}
            canDelete={hasRole(role, requiredRole.manageProject)}
          />
        ))}
      </ul>
    </Card>
  );
}
