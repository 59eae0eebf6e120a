import { databasePageTexts as t } from '@nuage/shared/messages/databases';
import { hasRole, requiredRole } from '@nuage/shared/roles';
import { listStatusView } from '@nuage/shared/status-display';
import { useQuery } from '@tanstack/react-query';
import { Play, RotateCw, Square, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ProjectBreadcrumb } from '@/components/ui/breadcrumb';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { InfoList } from '@/components/ui/info-list';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { databaseQueryOptions } from '@/features/databases/api/databases-query';
import {
  useDeleteDatabase,
  useRestartDatabase,
  useSetDatabaseRunning,
} from '@/features/databases/api/lifecycle';
import { backupsQueryOptions } from '@/features/backups/api/get-backups';
import { BackupsCard } from '@/features/backups/components/backups-card';
import { ConnectionCard } from '@/features/databases/components/connection-card';
import { PublicAccessCard } from '@/features/databases/components/public-access-card';
import { FinalBackupChoice } from '@/features/databases/components/final-backup-choice';
import { ResizeForm } from '@/features/databases/components/resize-form';
import { LinksCard } from '@/features/databases/components/links-card';
import { VersionUpgrade } from '@/features/databases/components/version-upgrade';
import { environmentQueryOptions, isNotFound } from '@/features/environments/api/get-environment';
import { LogsPanel } from '@/features/logs/components/logs-panel';
import { MetricsHistoryCard } from '@/features/metrics/components/metrics-history-card';
import { formatNumber } from '@/lib/format';
import { projectQueryOptions } from '@/lib/project-query';
import { notify } from '@/lib/toast';

/**
 * /database/{databaseId}: a database's connection, linked applications, resources, backups and
 * logs. Its deletion offers a final backup (on by default), made before anything is deleted.
 */
export default function DatabaseDetailRoute() {
  const { databaseId = '' } = useParams();
  const navigate = useNavigate();
  const database = useQuery(databaseQueryOptions(databaseId));
  const envId = database.data?.environnement_id ?? '';
  const environment = useQuery({ ...environmentQueryOptions(envId), enabled: !!envId });
  const projectId = database.data?.projet_id ?? '';
  const project = useQuery({ ...projectQueryOptions(projectId), enabled: !!projectId });
  const restart = useRestartDatabase();
  const remove = useDeleteDatabase();
  const running = useSetDatabaseRunning();
  const backups = useQuery({ ...backupsQueryOptions(databaseId), enabled: !!databaseId });
  const [deleting, setDeleting] = useState(false);
  const [finalBackup, setFinalBackup] = useState(true);
  const [resizing, setResizing] = useState(false);

  if (database.isPending) return <PageSpinner />;
  if (database.isError) {
    if (isNotFound(database.error))
      return <p className="py-12 text-center text-slate-600 dark:text-slate-300">{t.notFound}</p>;
    return <LoadError message={database.error.message} onRetry={() => database.refetch()} />;
  }
  const d = database.data;
  const role = project.data?.role_projet;
  const canManage = role !== undefined && hasRole(role, requiredRole.manageApplications);
  const canReveal = role !== undefined && hasRole(role, requiredRole.manageProject);
  const { tone, label } = listStatusView(d.statut_deploiement);
  const envName = environment.data?.nom ?? 'Environnement';

  return (
    <div>
      <PageHeader
        breadcrumb={
          <ProjectBreadcrumb
            projectId={d.projet_id}
            projectName={project.data?.nom ?? 'Projet'}
            trail={[
              { label: 'Environnements', to: `/environments/${d.projet_id}` },
              { label: envName, to: `/deployments/${d.environnement_id}` },
              { label: d.nom },
            ]}
          />
        }
        title={d.nom}
        description={t.description(envName)}
        actions={
          canManage && (
            <>
              <Button
                variant="outline"
                loading={running.isPending}
                onClick={() =>
                  void running
                    .mutateAsync({ id: d.id, running: d.arretee })
                    .then((r) => notify.success(r.message))
                    .catch(() => undefined)
                }
              >
                {d.arretee ? (
                  <Play className="size-4" aria-hidden="true" />
                ) : (
                  <Square className="size-4" aria-hidden="true" />
                )}{' '}
                {d.arretee ? t.start : t.stop}
              </Button>
              <Button
                variant="outline"
                disabled={d.arretee}
                loading={restart.isPending}
                onClick={() =>
                  void restart
                    .mutateAsync(d.id)
                    .then((r) => notify.success(r.message))
                    .catch(() => undefined)
                }
              >
                <RotateCw className="size-4" aria-hidden="true" /> {t.restart}
              </Button>
              <Button variant="danger" onClick={() => setDeleting(true)}>
                <Trash2 className="size-4" aria-hidden="true" /> {t.delete}
              </Button>
            </>
          )
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card role="region" aria-labelledby="database-state-title">
          <CardHeader title={<span id="database-state-title">{t.resources}</span>} />
          <CardBody className="space-y-3 py-2">
            <InfoList
              items={[
                { label: t.status, value: <Badge tone={tone}>{label}</Badge> },
                { label: t.engine, value: `${d.moteur_libelle} ${d.version}` },
                { label: t.cpu, value: formatNumber(d.cpu_requis) },
                { label: t.ram, value: formatNumber(d.ram_requise) },
                { label: t.storage, value: formatNumber(d.stockage_requis) },
              ]}
            />
            {d.status_reason && (
              <p className="pb-2 text-sm text-red-600 dark:text-red-400">{d.status_reason}</p>
            )}
            <VersionUpgrade database={d} canManage={canManage} />
            {canManage &&
              (resizing ? (
                <ResizeForm database={d} onClose={() => setResizing(false)} />
              ) : (
                <div className="pb-2">
                  <Button size="sm" variant="outline" onClick={() => setResizing(true)}>
                    {t.resize}
                  </Button>
                </div>
              ))}
          </CardBody>
        </Card>
        <ConnectionCard database={d} canReveal={canReveal} />
        <PublicAccessCard database={d} canManage={canReveal} />
        <div className="lg:col-span-2">
          <LinksCard database={d} canManage={canManage} />
        </div>
        {backups.data && (
          <div className="lg:col-span-2">
            <BackupsCard
              deploymentId={d.id}
              projectId={d.projet_id}
              applicationName={d.nom}
              data={backups.data}
              canManage={canManage}
              isProjectAdmin={project.data?.role_projet === 'admin'}
              subject="database"
            />
          </div>
        )}
        <div className="lg:col-span-2">
          <MetricsHistoryCard deploymentId={d.id} />
        </div>
        {canManage && (
          <div className="lg:col-span-2">
            <LogsPanel deploymentId={d.id} />
          </div>
        )}
      </div>
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={t.delete}
        confirmLabel={t.delete}
        pending={remove.isPending}
        {...(finalBackup && !d.arretee ? { pendingLabel: t.finalBackupPending } : {})}
        onConfirm={() =>
          void remove
            .mutateAsync({ id: d.id, finalBackup: finalBackup && !d.arretee })
            .then((r) => {
              notify.success(r.message);
              void navigate(`/deployments/${d.environnement_id}`);
            })
            .catch(() => setDeleting(false))
        }
      >
        <p>{t.deleteConfirm(d.nom)}</p>
        <FinalBackupChoice
          checked={finalBackup && !d.arretee}
          stopped={d.arretee}
          onChange={setFinalBackup}
        />
      </ConfirmDialog>
    </div>
  );
}
