import type { BuiltImagesResponse } from '@nuage/shared/schemas/responses/builds';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { BUILDS_PAGE_SIZE } from '../api/get-built-images';
import { BuildRow } from './build-row';
import { Pagination } from './pagination';

/**
 * One list of /built-images (the builds, or the image downloads): its toolbar (filter, count),
 * its rows or what to say when there are none, and its pages.
 */
export function ImageListCard({
  data,
  label,
  toolbar,
  count,
  empty,
  offset,
  onPage,
}: {
  data: BuiltImagesResponse;
  label: string;
  toolbar?: ReactNode;
  count: string;
  empty: ReactNode;
  offset: number;
  onPage(offset: number): void;
}) {
  return (
    <Card>
      <div className="flex flex-wrap items-end justify-between gap-3 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
        {toolbar ?? <span />}
        <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
          {count}
        </p>
      </div>
      {data.builds.length === 0 ? (
        <p className="px-4 py-6 text-center text-sm text-slate-600 dark:text-slate-400">{empty}</p>
      ) : (
        <ul aria-label={label} className="divide-y divide-slate-200 dark:divide-slate-800">
          {data.builds.map((b) => (
            <BuildRow key={b.build_id} build={b} />
          ))}
        </ul>
      )}
      {data.pagination.total > 0 && (
        <div className="border-t border-slate-200 px-4 py-3 dark:border-slate-800">
          <Pagination
            offset={offset}
            limit={BUILDS_PAGE_SIZE}
            total={data.pagination.total}
            hasMore={data.pagination.has_more}
            onChange={onPage}
          />
        </div>
      )}
    </Card>
  );
}
