import { deploymentTypeLabel, repositoryDisplay } from '@nuage/shared/deployment-type';
import { operationsTexts } from '@nuage/shared/operations-messages';
import { detailStatusView } from '@nuage/shared/status-display';
import { ExternalLink } from 'lucide-react';
import { StatusBadge } from '@/components/status/status-badge';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { InfoList } from '@/components/ui/info-list';
import type { DeploymentDetail } from '@nuage/shared/schemas/responses/deployments';
import { formatDateTime } from '@/lib/format';

/** The type and repository display rules of SPEC §4 for this application. */
export function typedOf(d: DeploymentDetail) {
  return {
    type: d.template,
    image_url: d.image_url,
    deployment_sync: d.deployment_sync,
    repository_url: d.repository_url,
  };
}

function Repository({ d }: { d: DeploymentDetail }) {
  const repo = repositoryDisplay(typedOf(d));
  if (repo.kind === 'link') {
    return (
      <a
        href={repo.url}
        target="_blank"
        rel="noreferrer"
        className="text-blue-600 hover:underline dark:text-blue-400"
      >
        {repo.url}
      </a>
    );
  }
  return <>{repo.kind === 'text' ? repo.text : '—'}</>;
}

/**
 * SPEC §2: status, type, repository URL, application URL, replicas, created, updated, in the
 * customer's words (« Dépôt », « Instances »: issue 33 item 6).
 */
export function GeneralInfoCard({ deployment: d }: { deployment: DeploymentDetail }) {
  const showRepository = repositoryDisplay(typedOf(d)).kind !== 'hidden';
  return (
    <Card role="region" aria-labelledby="general-title">
      <CardHeader title={<span id="general-title">Informations générales</span>} />
      <CardBody className="py-2">
        <InfoList
          items={[
            {
              label: 'Statut',
              value: <StatusBadge view={detailStatusView(d.statut_deploiement)} />,
            },
            { label: 'Type', value: deploymentTypeLabel(typedOf(d)) },
            ...(showRepository ? [{ label: 'Dépôt', value: <Repository d={d} /> }] : []),
            {
              label: "URL de l'application",
              value: d.application_url ? (
                <a
                  href={d.application_url}
                  target="_blank"
                  rel="noreferrer"
                  className="inline-flex items-center gap-1 text-blue-600 hover:underline dark:text-blue-400"
                >
                  {d.application_url}
                  <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
                </a>
              ) : (
                <span className="text-slate-500 italic dark:text-slate-400">
                  {operationsTexts.urlPending}
                </span>
              ),
            },
            { label: 'Instances', value: d.replicas },
            { label: 'Créé le', value: formatDateTime(d.created_at) },
            { label: 'Mis à jour le', value: formatDateTime(d.updated_at) },
          ]}
        />
        {d.statut_deploiement === 'FAILED' && d.status_reason && (
          <p className="mb-2 rounded-lg bg-red-50 p-2 text-sm text-red-800 dark:bg-red-950/50 dark:text-red-200">
            {d.status_reason}
          </p>
        )}
        {d.rollout_error && (
          <p
            role="status"
            className="mb-2 rounded-lg bg-amber-50 p-2 text-sm text-amber-900 dark:bg-amber-950/50 dark:text-amber-200"
          >
            {d.rollout_error}
          </p>
        )}
      </CardBody>
    </Card>
  );
}
