import type { Sauvegarde, SauvegardesApplication } from '@nuage/shared/backup-types';
import { deployMessages } from '@nuage/shared/schemas/deployments';
import { backupSubjectTexts, type BackupSubject } from '@nuage/shared/messages/backups';
import { backupTexts } from '@nuage/shared/schemas/backups';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { quotaErrorOf, type QuotaErrorDetail } from '@/components/quota/quota-error';
import { QuotaExceededModal } from '@/components/quota/quota-exceeded-modal';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input, Select } from '@/components/ui/input';
import { ApiError, messageFromDetail } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { RESTORE_FAILED, useRestoreBackup } from '../api/restore-backup';

const stamp = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium', timeStyle: 'short' });
const NEW = 'nouvelle';

type RestoreEnvironment = SauvegardesApplication['environnements_restauration'][number];

/** Environments grouped by project, in the API's order (this application's project first). */
function byProject(envs: RestoreEnvironment[]) {
  const groups = new Map<string, { projet: string; envs: RestoreEnvironment[] }>();
  for (const e of envs) {
    const group = groups.get(e.projet_id) ?? { projet: e.projet, envs: [] };
    group.envs.push(e);
    groups.set(e.projet_id, group);
  }
  return [...groups.entries()];
}

/**
 * « Restaurer la sauvegarde »: into this application, another existing one of the same
 * template, or « Dans une nouvelle application » created in the chosen environment of any
 * project where the user may deploy (e.g. prod → recette), which the user is taken to once it
 * is requested. A quota refusal of the target project opens « Quota insuffisant ».
 */
export function RestoreDialog({
  deploymentId,
  applicationName,
  data,
  backup,
  onClose,
  subject = 'application',
  newTarget = true,
}: {
  deploymentId: string;
  applicationName: string;
  data: SauvegardesApplication;
  backup: Sauvegarde | null;
  onClose(): void;
  /** A database of an environment: its words, and a new database as the new target. */
  subject?: BackupSubject;
  /** Whether « Dans une nouvelle application » is offered (not for a Compose application). */
  newTarget?: boolean;
}) {
  const words = backupSubjectTexts[subject];
  const restore = useRestoreBackup();
  const navigate = useNavigate();
  const [target, setTarget] = useState('');
  const [environmentId, setEnvironmentId] = useState('');
  const [name, setName] = useState(words.defaultNewName(applicationName));
  const [errors, setErrors] = useState<{ env?: string; name?: string }>({});
  const [quota, setQuota] = useState<QuotaErrorDetail | null>(null);
  const isNew = target === NEW;
  const when = backup ? ` du ${stamp.format(new Date(backup.date_debut))}` : '';
  const existing = data.cibles_restauration.find((c) => c.id === target);

  const close = () => {
    setTarget('');
    setErrors({});
    onClose();
  };

  const confirm = async () => {
    if (!backup) return;
    if (isNew) {
      const found = {
        ...(environmentId ? {} : { env: backupTexts.environmentRequired }),
        ...(name.trim() ? {} : { name: deployMessages.nameRequired }),
      };
      setErrors(found);
      if (found.env || found.name) return;
    }
    try {
      const res = await restore.mutateAsync({
        deploymentId,
        backupId: backup.id,
        ...(existing ? { targetId: existing.id } : {}),
        ...(isNew ? { newApplication: { environment_id: environmentId, nom: name.trim() } } : {}),
      });
      notify.success(res.message);
      close();
      if (res.application) void navigate(`/deployment/${res.application.id}`);
      if (res.base_de_donnees) void navigate(`/database/${res.base_de_donnees.id}`);
    } catch (err) {
      // The dialog stays open: the user may pick another environment or name.
      const refusal = quotaErrorOf(err);
      if (refusal) setQuota(refusal);
      else
        notify.error(
          err instanceof ApiError ? messageFromDetail(err.detail, RESTORE_FAILED) : RESTORE_FAILED,
        );
    }
  };

  return (
    <>
      <ConfirmDialog
        open={backup !== null}
        onOpenChange={(open) => !open && close()}
        title="Restaurer la sauvegarde"
        confirmLabel="Restaurer"
        pending={restore.isPending}
        pendingLabel="Lancement..."
        onConfirm={() => void confirm()}
      >
        <FormField label="Restaurer dans">
          <Select value={target} onChange={(e) => setTarget(e.target.value)}>
            <option value="">{words.self(applicationName)}</option>
            {data.cibles_restauration.map((c) => (
              <option key={c.id} value={c.id}>
                {c.nom} ({c.environnement})
              </option>
            ))}
            {newTarget && <option value={NEW}>{words.newTarget}</option>}
          </Select>
        </FormField>
        {isNew ? (
          <>
            <FormField label="Environnement" error={errors.env}>
              <Select
                value={environmentId}
                onChange={(e) => {
                  setEnvironmentId(e.target.value);
                  // Chosen: « Sélectionnez l'environnement… » no longer applies.
                  if (e.target.value) setErrors(({ env: _env, ...rest }) => rest);
                }}
              >
                <option value="">Choisir un environnement</option>
                {byProject(data.environnements_restauration).map(([projectId, group]) => (
                  <optgroup key={projectId} label={`Projet ${group.projet}`}>
                    {group.envs.map((e) => (
                      <option key={e.id} value={e.id}>
                        {e.nom}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </Select>
            </FormField>
            <FormField label={words.newName} error={errors.name}>
              <Input
                value={name}
                maxLength={words.newNameMax}
                onChange={(e) => {
                  setName(e.target.value);
                  if (e.target.value.trim()) setErrors(({ name: _name, ...rest }) => rest);
                }}
              />
            </FormField>
            <p>{words.newExplained(when)}</p>
          </>
        ) : (
          <>
            <p>
              {words.what}
              <strong>{existing?.nom ?? applicationName}</strong>
              {words.replaced(when)}
            </p>
            <p className="font-medium text-red-700 dark:text-red-400">{words.lost}</p>
          </>
        )}
      </ConfirmDialog>
      <QuotaExceededModal detail={quota} onClose={() => setQuota(null)} />
    </>
  );
}
