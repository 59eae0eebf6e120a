import type { Sauvegarde, SauvegardesApplication } from '@nuage/shared/backup-types';
import { backupSubjectTexts, type BackupSubject } from '@nuage/shared/messages/backups';
import { backupStatusView } from '@nuage/shared/status-display';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { notify } from '@/lib/toast';
import { useCreateBackup } from '../api/create-backup';
import { BackupScheduleForm, S3DestinationForm } from './backup-settings';
import { RestoreDialog } from './restore-dialog';

const stamp = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium', timeStyle: 'short' });
const size = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });

export function formatBytes(bytes: number | null): string {
  if (bytes === null) return '—';
  if (bytes < 1024 * 1024) return `${size.format(bytes / 1024)} Ko`;
  if (bytes < 1024 ** 3) return `${size.format(bytes / 1024 ** 2)} Mo`;
  return `${size.format(bytes / 1024 ** 3)} Go`;
}

/**
 * The application's backups: « Sauvegarder maintenant », the list with failures in red (and
 * why), restore after confirmation (this application, another one of the same template, or a
 * new one in another environment), the schedule and, for project admins, the S3 destination.
 */
export function BackupsCard({
  deploymentId,
  projectId,
  applicationName,
  data,
  canManage,
  isProjectAdmin,
  subject = 'application',
  newTarget = true,
}: {
  deploymentId: string;
  projectId: string;
  applicationName: string;
  data: SauvegardesApplication;
  canManage: boolean;
  /** Project admins set the project's S3 destination. */
  isProjectAdmin: boolean;
  /** A database of an environment (its dump only): its words in the restore dialog. */
  subject?: BackupSubject;
  /** False for a Compose application: its backups hold volumes, not the file to deploy. */
  newTarget?: boolean;
}) {
  const words = backupSubjectTexts[subject];
  const create = useCreateBackup();
  const [restoring, setRestoring] = useState<Sauvegarde | null>(null);
  const lastRestore = data.restaurations[0];
  const running = data.sauvegardes.some((b) => b.statut === 'running');
  const lastGood = data.sauvegardes.find((b) => b.statut === 'success');

  const backupNow = async () => {
    try {
      const res = await create.mutateAsync(deploymentId);
      notify.success(res.message);
    } catch {
      // the API client's toast said why
    }
  };

  return (
    <Card role="region" aria-labelledby="backups-title">
      <CardHeader
        title={<span id="backups-title">Sauvegardes</span>}
        description={
          data.destination_manquante
            ? 'En attente d’une destination S3'
            : data.planification.actif
              ? `Quotidiennes, ${data.planification.conservation_nombre} conservées (${data.planification.conservation_jours} jours au plus)${data.destination_s3 ? ` · copie S3 : ${data.destination_s3.bucket}` : ''}`
              : 'Sauvegardes automatiques désactivées'
        }
        actions={
          canManage && (
            <Button
              onClick={() => void backupNow()}
              loading={create.isPending}
              loadingText="Lancement..."
              disabled={running || data.destination_manquante !== null}
            >
              Sauvegarder maintenant
            </Button>
          )
        }
      />
      <CardBody className="space-y-3">
        {data.destination_manquante && (
          <p
            role="status"
            className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200"
          >
            {data.destination_manquante}
          </p>
        )}
        {lastRestore?.statut === 'failed' && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {lastRestore.type === 'test' ? 'Restauration de test échouée' : 'Restauration échouée'}{' '}
            : {lastRestore.erreur}
          </p>
        )}
        {lastRestore?.type === 'test' && lastRestore.statut === 'success' && (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Dernière restauration de test réussie ({words.testCount(lastRestore.nombre_tables)}).
          </p>
        )}
        {lastGood && (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Dernière sauvegarde réussie : {stamp.format(new Date(lastGood.date_debut))}
          </p>
        )}
        {data.sauvegardes.length === 0 ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">Aucune sauvegarde.</p>
        ) : (
          <ul className="divide-y divide-slate-200 text-sm dark:divide-slate-800">
            {data.sauvegardes.map((b) => (
              <li key={b.id} className="flex flex-wrap items-center gap-3 py-2">
                <time
                  dateTime={b.date_debut}
                  className="w-40 shrink-0 text-slate-600 dark:text-slate-400"
                >
                  {stamp.format(new Date(b.date_debut))}
                </time>
                <Badge tone={backupStatusView(b.statut).tone}>
                  {backupStatusView(b.statut).label}
                </Badge>
                <span className="text-slate-500 dark:text-slate-400">
                  {b.type === 'manual' ? 'Manuelle' : 'Planifiée'} · {formatBytes(b.taille_octets)}
                </span>
                {b.statut === 'success' && canManage && (
                  <Button variant="outline" className="ml-auto" onClick={() => setRestoring(b)}>
                    Restaurer
                  </Button>
                )}
                {b.erreur && <p className="w-full text-red-700 dark:text-red-400">{b.erreur}</p>}
              </li>
            ))}
          </ul>
        )}
        {canManage && (
          <details className="rounded-md border border-slate-200 p-3 dark:border-slate-800">
            <summary className="cursor-pointer text-sm font-medium">Planification</summary>
            <div className="mt-3">
              <BackupScheduleForm
                key={JSON.stringify(data.planification)}
                deploymentId={deploymentId}
                schedule={data.planification}
              />
            </div>
          </details>
        )}
        {isProjectAdmin && (
          <details className="rounded-md border border-slate-200 p-3 dark:border-slate-800">
            <summary className="cursor-pointer text-sm font-medium">
              Destination S3 du projet
              {data.destination_s3 ? ` (${data.destination_s3.bucket})` : ' (aucune)'}
            </summary>
            <div className="mt-3">
              <S3DestinationForm projectId={projectId} />
            </div>
          </details>
        )}
      </CardBody>
      <RestoreDialog
        deploymentId={deploymentId}
        applicationName={applicationName}
        data={data}
        backup={restoring}
        onClose={() => setRestoring(null)}
        subject={subject}
        newTarget={newTarget}
      />
    </Card>
  );
}
