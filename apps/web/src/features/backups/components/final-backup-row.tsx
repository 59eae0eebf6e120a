import type { Environment } from '@nuage/shared/api-types';
import { databaseEngines } from '@nuage/shared/database-engines';
import { finalBackupTexts as t } from '@nuage/shared/messages/final-backups';
import type { FinalBackup } from '@nuage/shared/schemas/responses/final-backups';
import { DatabaseBackup } from 'lucide-react';
import { useState } from 'react';
import { formatBytes } from './backups-card';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Notice } from '@/components/ui/notice';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { notify } from '@/lib/toast';
import { useDeleteFinalBackup } from '../api/final-backups';
import { RestoreFinalBackupDialog } from './restore-final-backup-dialog';

/** One deleted database's final backup: what it was, its size and copies, and what can be done. */
export function FinalBackupRow({
  projectId,
  backup,
  environments,
  canRestore,
  canDelete,
}: {
  projectId: string;
  backup: FinalBackup;
  environments: Environment[];
  canRestore: boolean;
  canDelete: boolean;
}) {
  const [restoring, setRestoring] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const remove = useDeleteFinalBackup(projectId);
  const engine = databaseEngines[backup.moteur].label;
  const copies = backup.copies.map((c) => (c.type === 's3' ? 'S3' : 'serveur')).join(' + ');

  const confirmDelete = async () => {
    setRefusal(null);
    try {
      await remove.mutateAsync(backup.id);
    } catch (err) {
      if (err instanceof ApiError && err.status !== 401) setRefusal(err.message);
      return;
    }
    setDeleting(false);
    notify.success(t.removed);
  };

  return (
    <li className="flex flex-wrap items-center gap-3 px-5 py-3" aria-label={backup.nom}>
      <DatabaseBackup className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
      {/* At least 14rem for the text: on a phone the buttons go under it. */}
      <div className="min-w-0 flex-1 basis-56">
        <p className="truncate text-sm font-medium">
          {backup.nom}{' '}
          <span className="font-normal text-slate-500 dark:text-slate-400">
            · {engine} {backup.version}
          </span>
        </p>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {t.deletedOn(formatDateTime(backup.date_suppression))} ·{' '}
          {t.wasIn(backup.environnement_nom)} · {formatBytes(backup.taille_octets)} · {copies}
        </p>
      </div>
      {canRestore && (
        <Button variant="outline" size="sm" onClick={() => setRestoring(true)}>
          {t.restore}
        </Button>
      )}
      {canDelete && (
        <Button
          variant="ghost"
          size="sm"
          className="text-red-600! hover:bg-red-50! dark:text-red-400! dark:hover:bg-red-950/40!"
          onClick={() => setDeleting(true)}
          aria-label={`${t.remove} la sauvegarde finale de ${backup.nom}`}
        >
          {t.remove}
        </Button>
      )}
      {restoring && (
        <RestoreFinalBackupDialog
          projectId={projectId}
          backup={backup}
          environments={environments}
          onClose={() => setRestoring(false)}
        />
      )}
      <ConfirmDialog
        open={deleting}
        onOpenChange={(open) => {
          setDeleting(open);
          if (!open) setRefusal(null);
        }}
        title={t.removeTitle}
        confirmLabel={t.remove}
        onConfirm={() => void confirmDelete()}
        pending={remove.isPending}
        pendingLabel="Suppression…"
      >
        <p>{t.removeConfirm(backup.nom)}</p>
        {refusal && <Notice tone="error">{refusal}</Notice>}
      </ConfirmDialog>
    </li>
  );
}
