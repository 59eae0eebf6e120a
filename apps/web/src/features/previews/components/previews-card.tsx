import { previewEventTexts, previewWebTexts as t } from '@nuage/shared/messages/previews';
import type { Preview } from '@nuage/shared/schemas/responses/previews';
import { useQuery } from '@tanstack/react-query';
import { Settings2 } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadError } from '@/components/ui/load-error';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useApprovePreview } from '../api/approve-preview';
import { useDeletePreview } from '../api/delete-preview';
import { previewsQueryOptions } from '../api/get-previews';
import { useRestartPreview } from '../api/restart-preview';
import { PreviewRow } from './preview-row';
import { PreviewSettingsModal } from './preview-settings-modal';
import { PreviewSettingsSummary } from './preview-settings-summary';
import { TrackedBranches } from './tracked-branches';

/**
 * The API's answer for an application that cannot have previews (400/409), or for a server that
 * has no previews (404): no card at all.
 */
const notEligible = (error: Error) =>
  error instanceof ApiError && [400, 404, 409].includes(error.status);

/**
 * « Aperçus des pull requests » of a code application (issue 26): the settings and, for project
 * admins, « Configurer »; the open previews with their state, address and cost, « Approuver » a
 * fork's (admins) and « Supprimer » (developers); how many the project has open of its maximum.
 */
export function PreviewsCard({
  deploymentId,
  projectId,
  canManage,
  isProjectAdmin,
}: {
  deploymentId: string;
  projectId: string;
  canManage: boolean;
  isProjectAdmin: boolean;
}) {
  const query = useQuery(previewsQueryOptions(deploymentId));
  const approve = useApprovePreview(deploymentId);
  const remove = useDeletePreview(deploymentId);
  const restart = useRestartPreview(deploymentId);
  const [configuring, setConfiguring] = useState(false);
  const [approving, setApproving] = useState<Preview | null>(null);
  const [deleting, setDeleting] = useState<Preview | null>(null);

  // Nothing shown until the API says whether this application may have previews (a preview's
  // own application may not): no card that appears, then vanishes.
  if (query.isPending || (query.isError && notEligible(query.error))) return null;
  const data = query.data;

  const doApprove = async () => {
    if (!approving) return;
    try {
      await approve.mutateAsync(approving.id);
    } catch {
      return; // the API client's toast said why
    }
    notify.success(previewEventTexts.approved(approving.numero_pr));
    setApproving(null);
  };

  const doDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
    } catch {
      return; // the API client's toast said why
    }
    notify.success(previewEventTexts.deleted(deleting.numero_pr));
    setDeleting(null);
  };

  return (
    <Card role="region" aria-labelledby="previews-title">
      <CardHeader
        title={<span id="previews-title">{t.cardTitle}</span>}
        description={t.cardDescription}
        actions={
          data && (
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone={data.parametres.actif ? 'green' : 'grey'}>
                {data.parametres.actif ? t.on : t.off}
              </Badge>
              {isProjectAdmin && (
                <Button variant="outline" size="sm" onClick={() => setConfiguring(true)}>
                  <Settings2 className="size-4" aria-hidden="true" /> {t.configure}
                </Button>
              )}
            </div>
          )
        }
      />
      <CardBody className="space-y-4">
        {query.isError && <LoadError message={t.loadFailed} onRetry={() => void query.refetch()} />}
        {data && (
          <>
            {data.branches_suivies.length > 0 && (
              <TrackedBranches branches={data.branches_suivies} currentId={deploymentId} />
            )}
            <PreviewSettingsSummary settings={data.parametres} />
            {data.parametres.actif && (
              <p className="text-xs text-slate-500 dark:text-slate-400">{t.webhookHint}</p>
            )}
            <div className="space-y-1 border-t border-slate-200 pt-3 dark:border-slate-800">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 id="previews-list-title" className="text-sm font-semibold">
                  {t.listLabel}
                </h3>
                <p className="text-xs text-slate-500 tabular-nums dark:text-slate-400">
                  {t.openCount(data.ouverts_dans_le_projet, data.maximum_par_projet)}
                </p>
              </div>
              {data.apercus.length === 0 ? (
                <p className="py-2 text-sm text-slate-500 dark:text-slate-400">{t.empty}</p>
              ) : (
                <ul
                  aria-labelledby="previews-list-title"
                  className="divide-y divide-slate-200 dark:divide-slate-800"
                >
                  {data.apercus.map((preview) => (
                    <PreviewRow
                      key={preview.id}
                      preview={preview}
                      canDelete={canManage}
                      canApprove={isProjectAdmin}
                      onApprove={() => setApproving(preview)}
                      onRestart={() =>
                        restart.mutate(preview.id, {
                          onSuccess: () =>
                            notify.success(previewEventTexts.restarted(preview.numero_pr)),
                        })
                      }
                      onDelete={() => setDeleting(preview)}
                    />
                  ))}
                </ul>
              )}
            </div>
          </>
        )}
      </CardBody>
      {configuring && data && (
        <PreviewSettingsModal
          deploymentId={deploymentId}
          projectId={projectId}
          settings={data.parametres}
          onClose={() => setConfiguring(false)}
        />
      )}
      <ConfirmDialog
        open={approving !== null}
        onOpenChange={(open) => !open && setApproving(null)}
        title={t.approveTitle}
        confirmLabel={t.approve}
        confirmVariant="primary"
        pending={approve.isPending}
        pendingLabel={t.approving}
        onConfirm={() => void doApprove()}
      >
        <p>{approving && t.approveBody(approving.numero_pr)}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t.deleteTitle}
        confirmLabel={t.delete}
        pending={remove.isPending}
        pendingLabel={t.deleting}
        onConfirm={() => void doDelete()}
      >
        <p>{deleting && t.deleteBody(deleting.numero_pr)}</p>
      </ConfirmDialog>
    </Card>
  );
}
