import { buildStatusView } from '@nuage/shared/status-display';
import { useQuery } from '@tanstack/react-query';
import { Boxes } from 'lucide-react';
import { useState } from 'react';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import {
  BUILDS_PAGE_SIZE,
  builtImagesQueryOptions,
  type BuildStatusFilter,
} from '@/features/builds/api/get-built-images';
import { BuildRow } from '@/features/builds/components/build-row';
import { BuildStats } from '@/features/builds/components/build-stats';
import { Pagination } from '@/features/builds/components/pagination';

/** SPEC §2's status filter, worded as the badges of the list (one table, status-display). */
const filters: { value: BuildStatusFilter; label: string }[] = [
  { value: 'all', label: 'Tous' },
  ...(['success', 'failed', 'running'] as const).map((value) => ({
    value,
    label: buildStatusView(value).label,
  })),
];

/** /built-images: the images prepared for the caller's applications, newest first. */
export default function BuiltImagesRoute() {
  const [status, setStatus] = useState<BuildStatusFilter>('all');
  const [offset, setOffset] = useState(0);
  const builds = useQuery(builtImagesQueryOptions({ status, offset }));

  return (
    <div className="space-y-6">
      <PageHeader
        title="Images construites"
        description="Les builds de vos applications depuis Git et les images de modèles téléchargées."
      />
      {builds.isPending ? (
        <PageSpinner />
      ) : builds.isError && !builds.data ? (
        <LoadError message={builds.error.message} onRetry={() => void builds.refetch()} />
      ) : (
        <>
          <BuildStats stats={builds.data.statistics} />
          <Card>
            <div className="flex flex-wrap items-end justify-between gap-3 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
              <FormField label="Statut" className="w-48">
                <Select
                  value={status}
                  onChange={(e) => {
                    setStatus(e.target.value as BuildStatusFilter);
                    setOffset(0);
                  }}
                >
                  {filters.map((f) => (
                    <option key={f.value} value={f.value}>
                      {f.label}
                    </option>
                  ))}
                </Select>
              </FormField>
              <p className="text-sm text-slate-500 dark:text-slate-400" aria-live="polite">
                {builds.data.pagination.total} build{builds.data.pagination.total > 1 ? 's' : ''}
                {builds.isPlaceholderData && ' · chargement…'}
              </p>
            </div>
            {builds.data.builds.length === 0 ? (
              <div className="p-4">
                <EmptyState
                  icon={Boxes}
                  title="Aucune image"
                  description={
                    status === 'all'
                      ? 'Les images apparaissent ici dès que vous déployez une application.'
                      : 'Aucun build ne correspond à ce filtre.'
                  }
                />
              </div>
            ) : (
              <ul
                aria-label="Images construites"
                className="divide-y divide-slate-200 dark:divide-slate-800"
              >
                {builds.data.builds.map((b) => (
                  <BuildRow key={b.build_id} build={b} />
                ))}
              </ul>
            )}
            <div className="border-t border-slate-200 px-4 py-3 dark:border-slate-800">
              <Pagination
                offset={offset}
                limit={BUILDS_PAGE_SIZE}
                total={builds.data.pagination.total}
                hasMore={builds.data.pagination.has_more}
                onChange={setOffset}
              />
            </div>
          </Card>
        </>
      )}
    </div>
  );
}
