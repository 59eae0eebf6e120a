import type { RegistryCredential } from '@nuage/shared/schemas/registry-credentials';
import { Container } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Notice } from '@/components/ui/notice';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { notify } from '@/lib/toast';
import { useDeleteRegistryCredential } from '@/lib/registry-credentials';

/** One credential: registry, user and date (never the password); « Supprimer » for admins. */
export function RegistryCredentialRow({
  projectId,
  credential,
  canManage,
}: {
  projectId: string;
  credential: RegistryCredential;
  canManage: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const remove = useDeleteRegistryCredential(projectId);
  const label = `${credential.utilisateur} @ ${credential.registre}`;

  const open = (next: boolean) => {
    setConfirming(next);
    if (!next) setRefusal(null);
  };
  const confirm = async () => {
    setRefusal(null);
    try {
      await remove.mutateAsync(credential.id);
    } catch (err) {
      // 409 while an application pulls with them: the API's French reason stays in the dialog.
      if (err instanceof ApiError && err.status !== 401) setRefusal(err.message);
      return;
    }
    setConfirming(false);
    notify.success(`Identifiants « ${label} » supprimés.`);
  };

  return (
    <li className="flex flex-wrap items-center gap-3 px-5 py-3" aria-label={label}>
      <Container className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{credential.registre}</p>
        <p className="truncate text-xs text-slate-500 dark:text-slate-400">
          {credential.utilisateur} · ajoutés le {formatDateTime(credential.created_at)}
        </p>
      </div>
      {canManage && (
        <Button
          variant="ghost"
          size="sm"
          className="text-red-600! hover:bg-red-50! dark:text-red-400! dark:hover:bg-red-950/40!"
          onClick={() => open(true)}
          aria-label={`Supprimer les identifiants ${label}`}
        >
          Supprimer
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={open}
        title={`Supprimer les identifiants « ${label} » ?`}
        confirmLabel="Supprimer les identifiants"
        onConfirm={() => void confirm()}
        pending={remove.isPending}
        pendingLabel="Suppression…"
      >
        <p>Ils sont effacés de NuageDeploy. Pensez aussi à révoquer le jeton chez le registre.</p>
        {refusal && (
          <div className="mt-3">
            <Notice tone="error">{refusal}</Notice>
          </div>
        )}
      </ConfirmDialog>
    </li>
  );
}
