import { builtImagesTexts as texts } from '@nuage/shared/built-images-texts';
import { buildStatusView } from '@nuage/shared/status-display';
import { useQuery } from '@tanstack/react-query';
import { Boxes } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import {
  builtImagesQueryOptions,
  type BuildStatusFilter,
} from '@/features/builds/api/get-built-images';
import { BuildStats } from '@/features/builds/components/build-stats';
import { ImageListCard } from '@/features/builds/components/image-list-card';

/** SPEC §2's status filter, worded as the badges of the list (one table, status-display). */
const filters: { value: BuildStatusFilter; label: string }[] = [
  { value: 'all', label: 'Tous' },
  ...(['success', 'failed', 'running'] as const).map((value) => ({
    value,
    label: buildStatusView(value).label,
  })),
];

/**
 * /built-images: the code builds of the caller's applications (with their statistics and the
 * status filter), then, apart, the template images downloaded for them, newest first. A
 * template's download is not a build: it is neither counted nor rated with them.
 */
export default function BuiltImagesRoute() {
  const [status, setStatus] = useState<BuildStatusFilter>('all');
  const [buildsOffset, setBuildsOffset] = useState(0);
  const [pullsOffset, setPullsOffset] = useState(0);
  const builds = useQuery(builtImagesQueryOptions({ kind: 'build', status, offset: buildsOffset }));
  const pulls = useQuery(
    builtImagesQueryOptions({ kind: 'pull', status: 'all', offset: pullsOffset }),
  );

  const header = <PageHeader title={texts.title} description={texts.description} />;
  if (builds.isPending || pulls.isPending) {
    return (
      <div className="space-y-6">
        {header}
        <PageSpinner />
      </div>
    );
  }
  const nothingYet =
    builds.data?.statistics.total_builds === 0 && pulls.data?.pagination.total === 0;

  return (
    <div className="space-y-6">
      {header}
      {nothingYet ? (
        <EmptyState
          icon={Boxes}
          title={texts.emptyTitle}
          description={texts.emptyDescription}
          action={
            <Link to="/deploy" className={buttonClasses('primary')}>
              {texts.emptyAction}
            </Link>
          }
        />
      ) : (
        <>
          <section aria-labelledby="builds-title" className="space-y-4">
            <h2 id="builds-title" className="text-lg font-semibold">
              {texts.buildsTitle}
            </h2>
            {builds.isError && !builds.data ? (
              <LoadError message={builds.error.message} onRetry={() => void builds.refetch()} />
            ) : (
              <>
                <BuildStats stats={builds.data.statistics} />
                <ImageListCard
                  data={builds.data}
                  label={texts.buildsList}
                  count={`${texts.buildsCount(builds.data.pagination.total)}${builds.isPlaceholderData ? ' · chargement…' : ''}`}
                  empty={status === 'all' ? texts.noBuildYet : texts.noBuildMatch}
                  offset={buildsOffset}
                  onPage={setBuildsOffset}
                  toolbar={
                    <FormField label="Statut" className="w-48">
                      <Select
                        value={status}
                        onChange={(e) => {
                          setStatus(e.target.value as BuildStatusFilter);
                          setBuildsOffset(0);
                        }}
                      >
                        {filters.map((f) => (
                          <option key={f.value} value={f.value}>
                            {f.label}
                          </option>
                        ))}
                      </Select>
                    </FormField>
                  }
                />
              </>
            )}
          </section>
          <section aria-labelledby="pulls-title" className="space-y-4">
            <div>
              <h2 id="pulls-title" className="text-lg font-semibold">
                {texts.pullsTitle}
              </h2>
              <p className="text-sm text-slate-600 dark:text-slate-400">{texts.pullsIntro}</p>
            </div>
            {pulls.isError && !pulls.data ? (
              <LoadError message={pulls.error.message} onRetry={() => void pulls.refetch()} />
            ) : (
              <ImageListCard
                data={pulls.data}
                label={texts.pullsList}
                count={texts.pullsCount(pulls.data.pagination.total)}
                empty={texts.noPull}
                offset={pullsOffset}
                onPage={setPullsOffset}
              />
            )}
          </section>
        </>
      )}
    </div>
  );
}
