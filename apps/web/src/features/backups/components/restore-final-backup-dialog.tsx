import type { Environment } from '@nuage/shared/api-types';
import { databaseEngines } from '@nuage/shared/database-engines';
import { finalBackupTexts as t } from '@nuage/shared/messages/final-backups';
import type { FinalBackup } from '@nuage/shared/schemas/responses/final-backups';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { quotaErrorOf, type QuotaErrorDetail } from '@/components/quota/quota-error';
import { QuotaExceededModal } from '@/components/quota/quota-exceeded-modal';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input, Select } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { ApiError, messageFromDetail } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useRestoreFinalBackup } from '../api/final-backups';

const FAILED = 'La restauration n’a pas pu être lancée';

/**
 * « Restaurer dans une nouvelle base »: an environment of the project and a name; the API creates
 * the database (role, quota, name checked as at creation) and loads the backup into it. The user
 * is taken to the new database; a quota refusal opens « Quota insuffisant ».
 */
export function RestoreFinalBackupDialog({
  projectId,
  backup,
  environments,
  onClose,
}: {
  projectId: string;
  backup: FinalBackup;
  environments: Environment[];
  onClose(): void;
}) {
  const restore = useRestoreFinalBackup(projectId);
  const navigate = useNavigate();
  const stillThere = environments.some((e) => e.id === backup.environnement_id);
  const [environmentId, setEnvironmentId] = useState(stillThere ? backup.environnement_id : '');
  const [name, setName] = useState(`${backup.nom}-restauree`.slice(0, 40));
  const [refusal, setRefusal] = useState<string | null>(null);
  const [quota, setQuota] = useState<QuotaErrorDetail | null>(null);

  const confirm = async () => {
    setRefusal(null);
    try {
      const res = await restore.mutateAsync({
        backupId: backup.id,
        body: { environment_id: environmentId, nom: name.trim() },
      });
      notify.success(res.message);
      onClose();
      void navigate(`/database/${res.base_de_donnees.id}`);
    } catch (err) {
      const quotaRefusal = quotaErrorOf(err);
      if (quotaRefusal) setQuota(quotaRefusal);
      else setRefusal(err instanceof ApiError ? messageFromDetail(err.detail, FAILED) : FAILED);
    }
  };

  return (
    <>
      <ConfirmDialog
        open
        onOpenChange={(open) => !open && onClose()}
        title={t.restoreTitle}
        confirmLabel={t.restoreSubmit}
        confirmVariant="primary"
        pending={restore.isPending}
        pendingLabel="Lancement..."
        onConfirm={() => void confirm()}
      >
        <p>{t.restoreHelp(databaseEngines[backup.moteur].label, backup.version)}</p>
        <FormField label={t.environment}>
          <Select value={environmentId} onChange={(e) => setEnvironmentId(e.target.value)}>
            <option value="">Choisir un environnement</option>
            {environments.map((e) => (
              <option key={e.id} value={e.id}>
                {e.nom}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label={t.name}>
          <Input value={name} maxLength={40} onChange={(e) => setName(e.target.value)} />
        </FormField>
        {refusal && <Notice tone="error">{refusal}</Notice>}
      </ConfirmDialog>
      <QuotaExceededModal detail={quota} onClose={() => setQuota(null)} />
    </>
  );
}
