import type { AlerteRestauration } from '@nuage/shared/backup-types';
import { backupTexts } from '@nuage/shared/schemas/backups';
import { RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { formatDateTime } from '@/lib/format';

/**
 * An application created to receive a restore runs no replica until its data is loaded: said at
 * the top of its page while that restore runs, and, when it failed, why (which backup, when),
 * with « Réessayer la restauration » for those who may deploy (deleting stays in Actions).
 */
export function RestoreAlert({
  alert,
  canManage,
  retrying,
  onRetry,
}: {
  alert: AlerteRestauration;
  canManage: boolean;
  retrying: boolean;
  onRetry: () => void;
}) {
  if (alert.statut === 'running') {
    return (
      <div role="status">
        <Notice tone="info" title="Restauration en cours">
          <p>{alert.message}</p>
        </Notice>
      </div>
    );
  }
  return (
    <div role="alert">
      <Notice tone="error" title="Restauration échouée">
        <p>{alert.message}</p>
        {alert.sauvegarde_date && (
          <p>
            Sauvegarde du {formatDateTime(alert.sauvegarde_date)}
            {alert.application_source ? ` de « ${alert.application_source} »` : ''}
            {alert.date ? ` · échec le ${formatDateTime(alert.date)}` : ''}
          </p>
        )}
        {alert.reessayable && <p>{backupTexts.holdAdvice}</p>}
        {canManage && alert.reessayable && (
          <div className="pt-1">
            <Button
              size="sm"
              variant="outline"
              loading={retrying}
              loadingText="Relance..."
              onClick={onRetry}
            >
              <RotateCcw className="size-4" aria-hidden="true" /> Réessayer la restauration
            </Button>
          </div>
        )}
      </Notice>
    </div>
  );
}
