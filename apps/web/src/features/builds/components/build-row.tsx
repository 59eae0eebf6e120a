import {
  operationsErrors,
  operationsSuccess,
  operationsTexts,
} from '@nuage/shared/operations-messages';
import { builtImagesTexts } from '@nuage/shared/built-images-texts';
import { buildStatusView } from '@nuage/shared/status-display';
import { GitBranch, GitCommitHorizontal, Copy } from 'lucide-react';
import { StatusBadge } from '@/components/status/status-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDateTime, formatNumber } from '@/lib/format';
import { notify } from '@/lib/toast';
import type { BuiltImage } from '@nuage/shared/schemas/responses/builds';

export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 60) return `${formatNumber(seconds)} s`;
  const m = Math.floor(seconds / 60);
  const s = Math.round(seconds % 60);
  return `${m} min ${s} s`;
}

async function copyImageUrl(reference: string) {
  try {
    await navigator.clipboard.writeText(reference);
    notify.success(operationsSuccess.imageUrlCopied);
  } catch {
    notify.error(operationsErrors.copyFailed);
  }
}

/**
 * One row: application (and, for a template's image download, which part of it: application,
 * base de données…), project, status, commit, repository, image:tag, duration, date, error;
 * copy the image URL once it exists. Builds and downloads are listed apart.
 */
export function BuildRow({ build }: { build: BuiltImage }) {
  // A code build names its image when queued; there is nothing to copy before it has run.
  const notYetBuilt =
    build.kind === 'build' && (build.status === 'queued' || build.status === 'running');
  const reference = notYetBuilt
    ? null
    : `${build.image_url}${build.image_tag ? `:${build.image_tag}` : ''}`;
  const titleId = `build-${build.build_id}`;
  return (
    <li
      aria-labelledby={titleId}
      className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:gap-4"
    >
      <div className="min-w-0 flex-1 space-y-0.5">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={titleId} className="truncate font-semibold">
            {build.application_name}
            {build.kind === 'pull' && build.part && (
              <span className="font-normal text-slate-600 dark:text-slate-300">
                {' · '}
                {builtImagesTexts.part[build.part]}
              </span>
            )}
          </h3>
          <StatusBadge view={buildStatusView(build.status)} />
          {build.runtime === 'simulation' && <Badge tone="purple">simulé</Badge>}
        </div>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          Projet {build.project.name} · {formatDateTime(build.build_info.created_at)} · durée{' '}
          {formatDuration(build.build_info.duration_seconds)}
        </p>
        {build.repository.url && (
          <p className="flex min-w-0 flex-wrap items-center gap-x-3 text-xs text-slate-600 dark:text-slate-400">
            <span className="truncate" title={build.repository.url}>
              {build.repository.url}
            </span>
            {build.repository.branch && (
              <span className="inline-flex items-center gap-1 font-mono">
                <GitBranch className="size-3.5" aria-hidden="true" /> {build.repository.branch}
              </span>
            )}
            {build.commit_sha && (
              <span className="inline-flex items-center gap-1 font-mono" title={build.commit_sha}>
                <GitCommitHorizontal className="size-3.5" aria-hidden="true" />
                <span className="sr-only">commit</span> {build.commit_sha.slice(0, 7)}
              </span>
            )}
          </p>
        )}
        {reference && (
          // The image's reference, copied as it is (a code build's names its internal id).
          <p data-verbatim className="truncate font-mono text-xs" title={reference}>
            {reference}
          </p>
        )}
        {build.error_message && (
          <p className="text-xs text-red-600 dark:text-red-400">{build.error_message}</p>
        )}
      </div>
      {reference && build.status === 'success' && (
        <Button
          variant="outline"
          size="sm"
          className="self-start sm:self-center"
          onClick={() => void copyImageUrl(reference)}
          aria-label={`${operationsTexts.copyImageUrl} ${reference}`}
        >
          <Copy className="size-4" aria-hidden="true" /> {operationsTexts.copyImageUrl}
        </Button>
      )}
    </li>
  );
}
