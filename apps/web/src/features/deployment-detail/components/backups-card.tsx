import type { Sauvegarde, SauvegardesApplication } from '@nuage/shared/backup-types';
import { useState } from 'react';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { notify } from '@/lib/toast';
import { useCreateBackup } from '../api/create-backup';
import { useRestoreBackup } from '../api/restore-backup';

const stamp = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium', timeStyle: 'short' });
const size = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });

const STATUS: Record<Sauvegarde['statut'], { label: string; tone: BadgeTone }> = {
  running: { label: 'En cours', tone: 'blue' },
  success: { label: 'Réussie', tone: 'green' },
  failed: { label: 'Échouée', tone: 'red' },
};

export function formatBytes(bytes: number | null): string {
  if (bytes === null) return '—';
  if (bytes < 1024 * 1024) return `${size.format(bytes / 1024)} Ko`;
  if (bytes < 1024 ** 3) return `${size.format(bytes / 1024 ** 2)} Mo`;
  return `${size.format(bytes / 1024 ** 3)} Go`;
}

/**
 * The application's backups: « Sauvegarder maintenant », the list with failures in red (and
 * why), restore after confirmation into this application or another of the same template.
 */
export function BackupsCard({
  deploymentId,
  applicationName,
  data,
  canManage,
}: {
  deploymentId: string;
  applicationName: string;
  data: SauvegardesApplication;
  canManage: boolean;
}) {
  const create = useCreateBackup();
  const restore = useRestoreBackup();
  const [restoring, setRestoring] = useState<Sauvegarde | null>(null);
  const [target, setTarget] = useState('');
  const lastRestore = data.restaurations[0];
  const running = data.sauvegardes.some((b) => b.statut === 'running');

  const backupNow = async () => {
    try {
      const res = await create.mutateAsync(deploymentId);
      notify.success(res.message);
    } catch {
      // the API client's toast said why
    }
  };

  const confirmRestore = async () => {
    if (!restoring) return;
    try {
      const res = await restore.mutateAsync({
        deploymentId,
        backupId: restoring.id,
        ...(target ? { targetId: target } : {}),
      });
      notify.success(res.message);
    } catch {
      // the API client's toast said why
    }
    setRestoring(null);
  };

  const targetName = data.cibles_restauration.find((c) => c.id === target);

  return (
    <Card role="region" aria-labelledby="backups-title">
      <CardHeader
        title={<span id="backups-title">Sauvegardes</span>}
        description={
          data.planification.actif
            ? `Quotidiennes, ${data.planification.conservation_nombre} conservées (${data.planification.conservation_jours} jours au plus)${data.destination_s3 ? ` · copie S3 : ${data.destination_s3.bucket}` : ''}`
            : 'Sauvegardes automatiques désactivées'
        }
        actions={
          canManage && (
            <Button
              onClick={() => void backupNow()}
              loading={create.isPending}
              loadingText="Lancement..."
              disabled={running}
            >
              Sauvegarder maintenant
            </Button>
          )
        }
      />
      <CardBody className="space-y-3">
        {lastRestore?.statut === 'failed' && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {lastRestore.type === 'test' ? 'Restauration de test échouée' : 'Restauration échouée'}{' '}
            : {lastRestore.erreur}
          </p>
        )}
        {lastRestore?.type === 'test' && lastRestore.statut === 'success' && (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Dernière restauration de test réussie ({lastRestore.nombre_tables} tables).
          </p>
        )}
        {data.sauvegardes.length === 0 ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">Aucune sauvegarde.</p>
        ) : (
          <ul className="divide-y divide-slate-200 text-sm dark:divide-slate-800">
            {data.sauvegardes.map((b) => (
              <li key={b.id} className="flex flex-wrap items-center gap-3 py-2">
                <time dateTime={b.date_debut} className="w-40 shrink-0 text-slate-600">
                  {stamp.format(new Date(b.date_debut))}
                </time>
                <Badge tone={STATUS[b.statut].tone}>{STATUS[b.statut].label}</Badge>
                <span className="text-slate-500">
                  {b.type === 'manual' ? 'Manuelle' : 'Planifiée'} · {formatBytes(b.taille_octets)}
                </span>
                {b.statut === 'success' && canManage && (
                  <Button
                    variant="outline"
                    className="ml-auto"
                    onClick={() => {
                      setTarget('');
                      setRestoring(b);
                    }}
                  >
                    Restaurer
                  </Button>
                )}
                {b.erreur && <p className="w-full text-red-700 dark:text-red-400">{b.erreur}</p>}
              </li>
            ))}
          </ul>
        )}
      </CardBody>
      <ConfirmDialog
        open={restoring !== null}
        onOpenChange={(open) => !open && setRestoring(null)}
        title="Restaurer la sauvegarde"
        confirmLabel="Restaurer"
        pending={restore.isPending}
        pendingLabel="Lancement..."
        onConfirm={() => void confirmRestore()}
      >
        {data.cibles_restauration.length > 0 && (
          <label className="block text-sm">
            Restaurer dans
            <select
              className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 dark:border-slate-700 dark:bg-slate-900"
              value={target}
              onChange={(e) => setTarget(e.target.value)}
            >
              <option value="">Cette application ({applicationName})</option>
              {data.cibles_restauration.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.nom} ({c.environnement})
                </option>
              ))}
            </select>
          </label>
        )}
        <p>
          L'application <strong>{targetName?.nom ?? applicationName}</strong> sera arrêtée, ses
          données et ses fichiers remplacés par ceux de la sauvegarde
          {restoring ? ` du ${stamp.format(new Date(restoring.date_debut))}` : ''}, puis elle
          redémarrera.
        </p>
        <p className="font-medium text-red-700 dark:text-red-400">
          Les données actuelles de cette application seront perdues.
        </p>
      </ConfirmDialog>
    </Card>
  );
}
