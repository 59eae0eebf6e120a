import { appUpdateTexts as t } from '@nuage/shared/messages/app-updates';
import type { MiseAJour } from '@nuage/shared/schemas/responses/app-updates';
import { ArrowUpCircle } from 'lucide-react';
import { useState } from 'react';
import { quotaErrorOf, type QuotaErrorDetail } from '@/components/quota/quota-error';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { notify } from '@/lib/toast';
import { useStartAppUpdate } from '../api/start-app-update';

/** A finished update's outcome stays on the page this long. */
const RECENT_MS = 24 * 3600_000;

const recent = (at: string | null) => at !== null && Date.now() - Date.parse(at) < RECENT_MS;

/**
 * « Mise à jour disponible » of a catalogue application (issue 30 item 4): the versions, the
 * notes and « Mettre à jour » (a confirmation first: a backup is taken before anything
 * changes); then where the update stands, and how it ended.
 */
export function AppUpdateBanner({
  deploymentId,
  name,
  update: { disponible, derniere },
  canManage,
  onStarted,
  onQuota,
}: {
  deploymentId: string;
  name: string;
  update: MiseAJour;
  canManage: boolean;
  /** The page watches the application while it changes. */
  onStarted(): void;
  onQuota(refusal: QuotaErrorDetail): void;
}) {
  const start = useStartAppUpdate();
  const [confirming, setConfirming] = useState(false);
  const running = derniere?.statut === 'backing_up' || derniere?.statut === 'rolling_out';

  const confirm = async () => {
    let message: string;
    try {
      message = (await start.mutateAsync(deploymentId)).message;
    } catch (err) {
      setConfirming(false);
      const refusal = quotaErrorOf(err);
      if (refusal) onQuota(refusal);
      return; // otherwise the API client's toast said why
    }
    setConfirming(false);
    notify.success(message);
    onStarted();
  };

  const outcome =
    derniere && !running && (derniere.statut !== 'succeeded' || recent(derniere.fin)) ? (
      <div role={derniere.statut === 'succeeded' ? 'status' : 'alert'}>
        <Notice tone={derniere.statut === 'succeeded' ? 'success' : 'warning'} title={t.lastUpdate}>
          <p>{derniere.message}</p>
          {derniere.erreur && (
            <p>
              {t.reason} : {derniere.erreur}
            </p>
          )}
        </Notice>
      </div>
    ) : null;

  if (running) {
    return (
      <div role="status" aria-live="polite">
        <Notice tone="info" title={t.cardTitle}>
          <p className="flex items-center gap-2">
            <Spinner label={t.cardTitle} /> {derniere.message}
          </p>
        </Notice>
      </div>
    );
  }
  if (!disponible) return outcome;
  return (
    <div className="space-y-3">
      {outcome}
      <section aria-labelledby="app-update-title">
        <Notice tone="info">
          <p id="app-update-title" className="font-medium">
            {t.available(disponible.version_actuelle, disponible.version_nouvelle)}
          </p>
          <p>
            <span className="font-medium">{t.notesLabel} : </span>
            {disponible.notes}
          </p>
          {canManage && (
            <div className="pt-1">
              <Button size="sm" onClick={() => setConfirming(true)}>
                <ArrowUpCircle className="size-4" aria-hidden="true" /> {t.button}
              </Button>
            </div>
          )}
        </Notice>
      </section>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t.dialogTitle(name)}
        confirmLabel={t.confirm}
        confirmVariant="primary"
        onConfirm={() => void confirm()}
        pending={start.isPending}
        pendingLabel={t.confirm}
      >
        <p className="font-medium">{t.available(disponible.tag_actuel, disponible.tag_nouveau)}</p>
        <p>{t.dialogBackup}</p>
        <p>{t.dialogRollback(disponible.tag_actuel)}</p>
      </ConfirmDialog>
    </div>
  );
}
