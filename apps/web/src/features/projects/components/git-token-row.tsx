import type { GitTokenSummary } from '@nuage/shared/build-types';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Notice } from '@/components/ui/notice';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { notify } from '@/lib/toast';
import { useDeleteGitToken } from '../api/delete-git-token';

/** One token: its name and dates (never its value); « Supprimer » after a confirmation. */
export function GitTokenRow({
  projectId,
  token,
  canManage,
}: {
  projectId: string;
  token: GitTokenSummary;
  canManage: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const remove = useDeleteGitToken(projectId);

  const open = (next: boolean) => {
    setConfirming(next);
    if (!next) setRefusal(null);
  };
  // Awaited: the row unmounts as the list reloads, and callbacks of an unmounted mutation never run.
  const confirm = async () => {
    setRefusal(null);
    try {
      await remove.mutateAsync(token.id);
    } catch (err) {
      // 409 while an application uses it: the API's French reason stays in the dialog.
      if (err instanceof ApiError && err.status !== 401) setRefusal(err.message);
      return;
    }
    setConfirming(false);
    notify.success(`Token « ${token.nom} » supprimé.`);
  };

  return (
    <li className="flex flex-wrap items-center gap-3 px-5 py-3" aria-label={token.nom}>
      <KeyRound className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{token.nom}</p>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          Ajouté le {formatDateTime(token.created_at)} ·{' '}
          {token.last_used_at
            ? `Dernière utilisation le ${formatDateTime(token.last_used_at)}`
            : 'Jamais utilisé'}
        </p>
      </div>
      {canManage && (
        <Button
          variant="ghost"
          size="sm"
          className="text-red-600! hover:bg-red-50! dark:text-red-400! dark:hover:bg-red-950/40!"
          onClick={() => open(true)}
          aria-label={`Supprimer le token ${token.nom}`}
        >
          Supprimer
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={open}
        title={`Supprimer le token « ${token.nom} » ?`}
        confirmLabel="Supprimer le token"
        onConfirm={() => void confirm()}
        pending={remove.isPending}
        pendingLabel="Suppression…"
      >
        <p>
          Le token est effacé de NuageDeploy. Pensez aussi à le révoquer chez votre hébergeur Git.
        </p>
        {refusal && (
          <div className="mt-3">
            <Notice tone="error">{refusal}</Notice>
          </div>
        )}
      </ConfirmDialog>
    </li>
  );
}
