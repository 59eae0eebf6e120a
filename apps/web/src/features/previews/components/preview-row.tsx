import { previewWebTexts as t } from '@nuage/shared/messages/previews';
import type { Preview } from '@nuage/shared/schemas/responses/previews';
import { ArrowRight, ExternalLink, GitBranch, GitCommitHorizontal, GitFork } from 'lucide-react';
import { Link } from 'react-router';
import { StatusBadge } from '@/components/status/status-badge';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { formatAge, formatDateTime, formatXof } from '@/lib/format';
import { explainedStates, previewStateView } from './preview-state';

const linkClasses = 'text-blue-600 hover:underline dark:text-blue-400';

/**
 * One preview: its pull request (number, title, link), state, fork badge, branch, commit, age,
 * monthly cost, address, why it was refused or failed; its application's page, « Approuver »
 * for admins while a fork's preview waits, « Supprimer » for developers.
 */
export function PreviewRow({
  preview: p,
  canDelete,
  canApprove,
  onApprove,
  onRestart,
  onDelete,
}: {
  preview: Preview;
  canDelete: boolean;
  canApprove: boolean;
  onApprove(): void;
  onRestart(): void;
  onDelete(): void;
}) {
  const titleId = `preview-${p.id}`;
  const waitingApproval = p.depuis_fork && !p.approuve;
  const title = (
    <>
      <span className="text-slate-500 dark:text-slate-400">{t.pullRequest(p.numero_pr)}</span>{' '}
      {p.titre}
    </>
  );
  return (
    <li aria-labelledby={titleId} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-start">
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={titleId} className="min-w-0 font-semibold break-words">
            {p.url_pr ? (
              <a href={p.url_pr} target="_blank" rel="noreferrer" className={linkClasses}>
                {title}
              </a>
            ) : (
              title
            )}
          </h3>
          <StatusBadge view={previewStateView(p.etat)} />
          {p.depuis_fork && (
            <Badge tone="purple">
              <GitFork className="size-3" aria-hidden="true" /> {t.fork}
            </Badge>
          )}
        </div>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
          <span className="inline-flex min-w-0 items-center gap-1 font-mono break-all">
            <GitBranch className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="sr-only">{t.branchLabel}</span> {p.branche}
          </span>
          <span className="inline-flex items-center gap-1 font-mono" title={p.commit}>
            <GitCommitHorizontal className="size-3.5" aria-hidden="true" />
            <span className="sr-only">{t.commitLabel}</span> {p.commit.slice(0, 7)}
          </span>
          <time dateTime={p.date_creation} title={formatDateTime(p.date_creation)}>
            {formatAge(p.date_creation)}
          </time>
          {p.cout_mensuel_xof !== null && (
            <span className="tabular-nums">{t.monthlyCost(formatXof(p.cout_mensuel_xof))}</span>
          )}
        </p>
        {p.url && (
          <a
            href={p.url}
            target="_blank"
            rel="noreferrer"
            className={`inline-flex max-w-full items-center gap-1 text-sm ${linkClasses}`}
          >
            <span className="truncate">{p.url}</span>
            <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
          </a>
        )}
        {p.message && explainedStates.has(p.etat) && (
          <p className="text-sm text-red-600 dark:text-red-400">{p.message}</p>
        )}
        {p.etat === 'closing' && p.suppression_prevue && (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {t.deletionPlanned(formatDateTime(p.suppression_prevue))}
          </p>
        )}
        {waitingApproval && (
          <p className="text-sm text-amber-800 dark:text-amber-300">{t.forkPending}</p>
        )}
      </div>
      <div className="flex flex-wrap gap-2 sm:justify-end">
        {p.application_id && (
          <Link
            to={`/deployment/${p.application_id}`}
            className={buttonClasses('outline', 'sm')}
            aria-label={t.openApplicationLabel(p.numero_pr)}
          >
            {t.openApplication} <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        )}
        {waitingApproval && canApprove && (
          <Button size="sm" onClick={onApprove}>
            {t.approve}
          </Button>
        )}
        {p.etat === 'stopped' && canDelete && (
          <Button size="sm" aria-label={t.restartLabel(p.numero_pr)} onClick={onRestart}>
            {t.restart}
          </Button>
        )}
        {canDelete && (
          <Button
            variant="outline"
            size="sm"
            className="text-red-700! dark:text-red-400!"
            aria-label={t.deleteLabel(p.numero_pr)}
            onClick={onDelete}
          >
            {t.delete}
          </Button>
        )}
      </div>
    </li>
  );
}
