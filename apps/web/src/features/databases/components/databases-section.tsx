import { databasePageTexts as t } from '@nuage/shared/messages/databases';
import { useQuery } from '@tanstack/react-query';
import { Database, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/spinner';
import { databasesQueryOptions } from '../api/databases-query';
import { CreateDatabaseForm } from './create-database-form';
import { DatabaseCard } from './database-card';

/** « Bases de données » of an environment's page: its databases and how to add one. */
export function DatabasesSection({
  environmentId,
  canManage,
}: {
  environmentId: string;
  canManage: boolean;
}) {
  const databases = useQuery(databasesQueryOptions(environmentId));
  const [creating, setCreating] = useState(false);

  return (
    <section aria-labelledby="databases-title" className="mt-10 space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id="databases-title" className="text-lg font-semibold">
            {t.section}
            {databases.data ? ` (${databases.data.length})` : ''}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">{t.sectionHelp}</p>
        </div>
        {canManage && !creating && (
          <Button variant="outline" onClick={() => setCreating(true)}>
            <Plus className="size-4" aria-hidden="true" /> {t.create}
          </Button>
        )}
      </div>
      {canManage && creating && (
        <CreateDatabaseForm environmentId={environmentId} onClose={() => setCreating(false)} />
      )}
      {databases.isPending ? (
        <PageSpinner />
      ) : databases.isError ? (
        <LoadError message={databases.error.message} onRetry={() => databases.refetch()} />
      ) : databases.data.length === 0 ? (
        <EmptyState icon={Database} title={t.empty} />
      ) : (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {databases.data.map((d) => (
            <DatabaseCard key={d.id} database={d} />
          ))}
        </div>
      )}
    </section>
  );
}
