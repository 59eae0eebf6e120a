import type { Release } from '@nuage/shared/build-types';
import { codeAppTexts } from '@nuage/shared/code-app-texts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { History, Rocket } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/spinner';
import { releasesQueryKey } from '@/lib/deployment-cache-keys';
import { formatDateTime, formatNumber } from '@/lib/format';
import { notify } from '@/lib/toast';
import { releasesQueryOptions } from '../api/get-releases';
import { useRollbackRelease } from '../api/rollback-release';
import { promotionTargetsQueryOptions } from '../api/promote-release';
import { PromoteReleaseDialog } from './promote-release-dialog';

const configurationOf = ({ configuration: c }: Release) =>
  `${formatNumber(c.cpu)} CPU · ${formatNumber(c.ram)} GB · ${c.replicas} instance(s) · port ${c.port}` +
  (c.env_var_names.length ? ` · ${c.env_var_names.length} variable(s)` : '');

/**
 * Every release (a successful deploy: image digest, commit, configuration), newest first,
 * « Revenir à cette version » for the others, after saying that data is not rolled back, and
 * « Promouvoir » to the same repository's applications in the project's other environments.
 */
export function ReleasesCard({
  deploymentId,
  canManage,
  rolloutState,
}: {
  deploymentId: string;
  canManage: boolean;
  /**
   * What serves and how the last rollout went (from the application): the list is read again
   * when it changes (a release went live, or did not start).
   */
  rolloutState: string;
}) {
  const releases = useQuery({
    ...releasesQueryOptions(deploymentId),
    queryKey: [...releasesQueryKey(deploymentId), rolloutState],
    // The list stays on screen while it is read again.
    placeholderData: keepPreviousData,
  });
  const rollback = useRollbackRelease(deploymentId);
  const [target, setTarget] = useState<Release | null>(null);
  // Where a release can go: the same repository's applications in the project's other environments.
  const promotionTargets = useQuery({
    ...promotionTargetsQueryOptions(deploymentId),
    enabled: canManage,
  });
  const targets = promotionTargets.data ?? [];
  const [promoted, setPromoted] = useState<Release | null>(null);

  const doRollback = async () => {
    if (!target) return;
    try {
      const { message } = await rollback.mutateAsync(target.id);
      notify.success(message);
    } catch {
      // The API client's toast said why.
    }
    setTarget(null);
  };

  return (
    <Card role="region" aria-label="Versions">
      <CardHeader
        title="Versions"
        description="Chaque déploiement réussi devient une version numérotée."
      />
      {releases.isPending ? (
        <PageSpinner />
      ) : releases.isError ? (
        <div className="p-5">
          <LoadError message={releases.error.message} onRetry={() => void releases.refetch()} />
        </div>
      ) : releases.data.length === 0 ? (
        <p className="px-5 py-4 text-sm text-slate-500 dark:text-slate-400">
          Aucune version : la première naît du premier build réussi.
        </p>
      ) : (
        <ul aria-label="Versions" className="divide-y divide-slate-200 dark:divide-slate-800">
          {releases.data.map((r) => (
            <li
              key={r.id}
              aria-label={`Version ${r.numero}`}
              className="flex flex-wrap items-center gap-3 px-5 py-3"
            >
              <div className="min-w-0 flex-1 basis-64 space-y-0.5">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold">Version {r.numero}</span>
                  {r.is_current && <Badge tone="green">{codeAppTexts.currentRelease}</Badge>}
                  {r.rollout_error && <Badge tone="red">N’a pas démarré</Badge>}
                  <code className="rounded bg-slate-100 px-1 text-xs dark:bg-slate-800">
                    {r.commit_sha.slice(0, 7)}
                  </code>
                  <span className="truncate text-sm">{r.commit_message}</span>
                </div>
                <p className="text-xs text-slate-500 dark:text-slate-400">
                  {formatDateTime(r.created_at)} · {r.branch} · {configurationOf(r)}
                </p>
                {r.rollout_error && (
                  <p className="text-xs text-red-700 dark:text-red-300">{r.rollout_error}</p>
                )}
                <p
                  className="truncate font-mono text-xs text-slate-500 dark:text-slate-400"
                  title={r.image_digest}
                >
                  {r.image_digest}
                </p>
              </div>
              {canManage && !r.is_current && (
                <Button variant="outline" size="sm" onClick={() => setTarget(r)}>
                  <History className="size-4" aria-hidden="true" /> {codeAppTexts.rollback}
                </Button>
              )}
              {canManage && targets.length > 0 && !r.rollout_error && (
                <Button variant="outline" size="sm" onClick={() => setPromoted(r)}>
                  <Rocket className="size-4" aria-hidden="true" /> {codeAppTexts.promote}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <PromoteReleaseDialog
        key={promoted?.id ?? 'none'}
        deploymentId={deploymentId}
        release={promoted}
        targets={targets}
        onClose={() => setPromoted(null)}
      />
      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => !open && setTarget(null)}
        title={codeAppTexts.rollbackTitle}
        confirmLabel={codeAppTexts.rollback}
        pending={rollback.isPending}
        pendingLabel="Retour en cours…"
        onConfirm={() => void doRollback()}
      >
        <p>
          La version <strong>{target?.numero}</strong> (commit{' '}
          <code>{target?.commit_sha.slice(0, 7)}</code>) sera redéployée avec son image et sa
          configuration d'origine. La version actuelle reste en ligne jusqu'à ce que l'ancienne soit
          prête.
        </p>
        <p className="font-medium text-amber-700 dark:text-amber-400">
          {codeAppTexts.rollbackWarning}
        </p>
      </ConfirmDialog>
    </Card>
  );
}
