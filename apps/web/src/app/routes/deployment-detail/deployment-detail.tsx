import { operationsErrors, operationsSuccess } from '@nuage/shared/operations-messages';
import { hasRole, requiredRole } from '@nuage/shared/roles';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { quotaErrorOf, type QuotaErrorDetail } from '@/components/quota/quota-error';
import { QuotaExceededModal } from '@/components/quota/quota-exceeded-modal';
import { buttonClasses } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { AdminAccessCard } from '@/features/admin-access/components/admin-access-card';
import { AppUpdateBanner } from '@/features/app-updates/components/app-update-banner';
import { useDeleteDeployment } from '@/features/applications/api/delete-deployment';
import { useRestartDeployment } from '@/features/applications/api/restart-deployment';
import { useUpdateDeployment } from '@/features/applications/api/update-deployment';
import { ActionsCard } from '@/features/applications/components/actions-card';
import { DeploymentNotFound } from '@/features/applications/components/deployment-not-found';
import { EditDeploymentModal } from '@/features/applications/components/edit-deployment-modal';
import { EventsCard } from '@/features/applications/components/events-card';
import { ExtraInfoCard } from '@/features/applications/components/extra-info-card';
import { GeneralInfoCard } from '@/features/applications/components/general-info-card';
import { ImageWatchCard } from '@/features/applications/components/image-watch-card';
import { PodsCard } from '@/features/applications/components/pods-card';
import { ComposeServices } from './compose-services';
import { isSettled } from '@/features/applications/components/settled';
import { backupsQueryOptions } from '@/features/backups/api/get-backups';
import { useRetryRestore } from '@/features/backups/api/retry-restore';
import { BackupsCard } from '@/features/backups/components/backups-card';
import { RestoreAlert } from '@/features/backups/components/restore-alert';
import { TasksCard } from '@/features/tasks/components/tasks-card';
import { CertificateAlert } from '@/features/certificates/components/certificate-alert';
import { DnsCard } from '@/features/dns/components/dns-card';
import { LogsPanel } from '@/features/logs/components/logs-panel';
import { ResourcesCard } from '@/features/metrics/components/resources-card';
import { MetricsHistoryCard } from '@/features/metrics/components/metrics-history-card';
import { TrafficCard } from '@/features/metrics/components/traffic-card';
import { UptimeCard } from '@/features/uptime/components/uptime-card';
import { MetricAlertsCard } from '@/features/metric-alerts/components/metric-alerts-card';
import { AutoscalingCard } from '@/features/autoscaling/components/autoscaling-card';
import { deploymentQueryOptions, isNotFound } from '@/lib/deployment-query';
import { buildsFromGit } from '@/lib/builds-from-git';
import { failureMessage } from '@/lib/failure-message';
import { projectQueryOptions } from '@/lib/project-query';
import { notify } from '@/lib/toast';
import type { DeploymentDetail } from '@nuage/shared/schemas/responses/deployments';
import { CodeAppSections } from './code-app-sections';
import { EnvVarsCard } from '@/features/env-vars/components/env-vars-card';

/**
 * Under the name: the kind, then what runs. A code application's image is an internal
 * `nuage-builds/<id>` reference: its repository and branch say it instead (issue 33 item 6),
 * as for a Compose application whose file comes from its repository.
 */
function headerDescription(d: DeploymentDetail) {
  if (!buildsFromGit(d)) return `${d.template_name} · ${d.image_url}`;
  const repository = d.repository_url?.replace(/^https?:\/\//, '').replace(/\.git$/, '');
  return [d.template_name, repository, d.git_branch && `branche ${d.git_branch}`]
    .filter(Boolean)
    .join(' · ');
}

/** While the application is changing, how often the page reads it again. */
const POLL_MS = 1500;
/** After an action, the page watches this long even if the first reads still look settled. */
const WATCH_AFTER_ACTION_MS = 15_000;

export default function DeploymentDetailRoute() {
  const { deploymentId = '' } = useParams();
  const navigate = useNavigate();
  const watchUntil = useRef(0);
  const detail = useQuery({
    ...deploymentQueryOptions(deploymentId),
    refetchInterval: (query) => {
      const data = query.state.data;
      if (!data || query.state.status === 'error') return false;
      return !isSettled(data) || Date.now() < watchUntil.current ? POLL_MS : false;
    },
  });
  const projectId = detail.data?.projet_id ?? '';
  const project = useQuery({
    ...projectQueryOptions(projectId, { toast: false }),
    enabled: projectId !== '',
  });
  const isCode = detail.data?.source_kind === 'code';
  const backups = useQuery({
    ...backupsQueryOptions(deploymentId),
    // Code applications keep no database or volume of their own: nothing to back up.
    enabled: detail.data !== undefined && !isCode,
    // A backup or restore runs in the background: read again until it ends.
    refetchInterval: (query) => {
      const data = query.state.data;
      const busy =
        data?.sauvegardes.some((b) => b.statut === 'running') ||
        data?.restaurations.some((r) => r.statut === 'running');
      return busy ? POLL_MS : false;
    },
  });
  const update = useUpdateDeployment();
  const restart = useRestartDeployment();
  const remove = useDeleteDeployment();
  const retry = useRetryRestore();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [quota, setQuota] = useState<QuotaErrorDetail | null>(null);

  if (detail.isPending) return <PageSpinner />;
  if (detail.isError && !detail.data) {
    if (isNotFound(detail.error)) return <DeploymentNotFound />;
    return (
      <LoadError
        message={
          failureMessage(detail.error, operationsErrors.dataLoad) ?? operationsErrors.dataLoad
        }
        onRetry={() => void detail.refetch()}
      />
    );
  }
  if (detail.isError && isNotFound(detail.error)) return <DeploymentNotFound />;

  const d = detail.data;
  // Built by the platform at each commit: a code application, or Compose from its repository.
  const fromGit = buildsFromGit(d);
  const canManage = project.data
    ? hasRole(project.data.role_projet, requiredRole.manageApplications)
    : false;
  const isProjectAdmin = project.data
    ? hasRole(project.data.role_projet, requiredRole.manageProject)
    : false;
  const deletingNow = d.statut_deploiement === 'DELETING';
  const environmentPath = `/deployments/${d.environnement_id}`;

  // Every action is followed by a few reads, so the page shows the runtime catching up.
  const watch = () => {
    watchUntil.current = Date.now() + WATCH_AFTER_ACTION_MS;
    void detail.refetch();
  };

  const scale = async (replicas: number) => {
    try {
      await update.mutateAsync({ deploymentId: d.id, data: { replicas } });
    } catch (err) {
      const refusal = quotaErrorOf(err);
      if (refusal) return setQuota(refusal);
      const message = failureMessage(err, operationsErrors.deploymentScale);
      if (message) notify.error(message);
      return;
    }
    notify.success(operationsSuccess.scaled(replicas));
    watch();
  };

  const doRestart = async () => {
    try {
      await restart.mutateAsync(d.id);
    } catch {
      return; // the API client's toast said why
    }
    notify.success(operationsSuccess.restarted);
    watch();
  };

  const doRetry = async () => {
    let message: string;
    try {
      message = (await retry.mutateAsync(d.id)).message;
    } catch {
      return; // the API client's toast said why
    }
    notify.success(message);
    watch();
  };

  const doDelete = async () => {
    let message: string;
    try {
      message = (await remove.mutateAsync(d.id)).message;
    } catch {
      setDeleting(false);
      return;
    }
    notify.success(message || operationsSuccess.deleted);
    navigate(environmentPath);
  };

  return (
    <div className="space-y-6">
      <PageHeader
        breadcrumb={
          <Link
            to={environmentPath}
            className="inline-flex items-center gap-1 text-sm text-slate-500 hover:text-blue-600 dark:text-slate-400"
          >
            <ArrowLeft className="size-4" aria-hidden="true" /> Retour à l'environnement
          </Link>
        }
        title={d.nom}
        description={headerDescription(d)}
        actions={
          <Link to={environmentPath} className={buttonClasses('outline')}>
            <ArrowLeft className="size-4" aria-hidden="true" /> Retour
          </Link>
        }
      />
      {d.alerte_certificat && <CertificateAlert message={d.alerte_certificat} />}
      {d.alerte_restauration && (
        <RestoreAlert
          alert={d.alerte_restauration}
          canManage={canManage}
          retrying={retry.isPending}
          onRetry={() => void doRetry()}
        />
      )}
      <AppUpdateBanner
        deploymentId={d.id}
        name={d.nom}
        update={d.mise_a_jour}
        canManage={canManage}
        onStarted={watch}
        onQuota={setQuota}
      />
      {/* One column on small screens (actions right after the general info), two from lg. */}
      <div className="flex flex-col gap-6 lg:grid lg:grid-cols-3 lg:items-start">
        <div className="contents lg:col-span-2 lg:block lg:space-y-6">
          <div className="order-1">
            <GeneralInfoCard deployment={d} />
          </div>
          {fromGit && (
            <div className="order-2 space-y-6">
              <CodeAppSections
                deployment={d}
                canManage={canManage}
                isProjectAdmin={isProjectAdmin}
              />
            </div>
          )}
          {!isCode && (
            <div className="order-2 space-y-6">
              <AdminAccessCard deploymentId={d.id} access={d.acces_admin} canManage={canManage} />
              {/* Any image (issue 30) runs the user's variables, changed here as an edit. */}
              {d.source_kind === 'image' && (
                <EnvVarsCard deploymentId={d.id} canManage={canManage} />
              )}
              {d.image_settings && (
                <ImageWatchCard
                  deploymentId={d.id}
                  settings={d.image_settings}
                  canManage={canManage}
                />
              )}
            </div>
          )}
          {d.nom_de_domaine && (
            <div className="order-3">
              <DnsCard
                deploymentId={d.id}
                domain={d.nom_de_domaine}
                domainStatus={d.statut_domaine}
                canVerify={canManage}
              />
            </div>
          )}
          <div className="order-3">
            <UptimeCard deploymentId={d.id} canManage={canManage} />
          </div>
          <div className="order-3">
            <MetricsHistoryCard
              deploymentId={d.id}
              services={d.compose?.services.map((s) => s.nom)}
            />
          </div>
          <div className="order-3">
            <TrafficCard deploymentId={d.id} />
          </div>
          <div className="order-3">
            <MetricAlertsCard deploymentId={d.id} canManage={canManage} />
            <AutoscalingCard deploymentId={d.id} canManage={canManage} />
          </div>
          {d.compose && (
            <div className="order-3">
              <ComposeServices deployment={d} compose={d.compose} />
            </div>
          )}
          <div className="order-3">
            <PodsCard pods={d.pods_status} hasDatabase={d.base_de_donnees !== null} />
          </div>
          {canManage && (
            <div className="order-4">
              <LogsPanel deploymentId={d.id} />
            </div>
          )}
          {backups.data && !isCode && (
            <div className="order-7">
              <BackupsCard
                deploymentId={d.id}
                projectId={projectId}
                applicationName={d.nom}
                data={backups.data}
                canManage={canManage}
                isProjectAdmin={isProjectAdmin}
                newTarget={d.source_kind !== 'compose'}
              />
            </div>
          )}
          <div className="order-7">
            <TasksCard deploymentId={d.id} canManage={canManage} />
          </div>
          <div className="order-8">
            <EventsCard events={d.events} />
          </div>
        </div>
        <div className="contents lg:block lg:space-y-6">
          {canManage && (
            <div className="order-2">
              <ActionsCard
                replicas={d.replicas}
                busy={deletingNow}
                scaling={update.isPending}
                restarting={restart.isPending}
                onScale={(next) => void scale(next)}
                onRestart={() => void doRestart()}
                onEdit={() => setEditing(true)}
                onDelete={() => setDeleting(true)}
              />
            </div>
          )}
          <div className="order-5">
            <ResourcesCard deployment={d} />
          </div>
          <div className="order-6">
            <ExtraInfoCard deployment={d} />
          </div>
        </div>
      </div>
      {editing && (
        <EditDeploymentModal
          deployment={d}
          onClose={() => setEditing(false)}
          onSaved={watch}
          onQuotaExceeded={setQuota}
        />
      )}
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Supprimer l'application"
        confirmLabel="Supprimer définitivement"
        pending={remove.isPending}
        pendingLabel="Suppression..."
        onConfirm={() => void doDelete()}
      >
        <p>
          L'application <strong>{d.nom}</strong>, ses instances et ses données seront supprimées.
        </p>
        <p className="font-medium text-red-700 dark:text-red-400">Cette action est irréversible.</p>
      </ConfirmDialog>
      <QuotaExceededModal detail={quota} onClose={() => setQuota(null)} />
    </div>
  );
}
