import { terminalLabels } from '@nuage/shared/messages/terminal';
import { hasRole, requiredRole } from '@nuage/shared/roles';
import { podPartOf } from '@nuage/shared/status-display';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import type { TerminalSocket } from '@/features/terminal/api/terminal-socket';
import { TerminalStatus } from '@/features/terminal/components/terminal-status';
import { TerminalScreen, type TerminalState } from '@/features/terminal/components/terminal-screen';
import { DeploymentNotFound } from '@/features/applications/components/deployment-not-found';
import { deploymentQueryOptions, isNotFound } from '@/lib/deployment-query';
import { projectQueryOptions } from '@/lib/project-query';

/**
 * « Terminal » of an application (issue 29): a shell in one of its running replicas, for its
 * project's developers and admins. Its own route, loaded on demand: xterm.js weighs on no
 * other page.
 */
export default function DeploymentTerminalRoute() {
  const { deploymentId = '' } = useParams();
  const detail = useQuery(deploymentQueryOptions(deploymentId));
  const projectId = detail.data?.projet_id ?? '';
  const project = useQuery({
    ...projectQueryOptions(projectId, { toast: false }),
    enabled: projectId !== '',
  });
  const [replica, setReplica] = useState('');
  const [sessionKey, setSessionKey] = useState(0);
  const [state, setState] = useState<TerminalState>({ kind: 'connecting' });
  const socket = useRef<TerminalSocket | null>(null);

  if (detail.isPending || (projectId && project.isPending)) return <PageSpinner />;
  if (detail.isError) return isNotFound(detail.error) ? <DeploymentNotFound /> : <PageSpinner />;
  const d = detail.data;
  const back = `/deployment/${d.id}`;
  const allowed = project.data
    ? hasRole(project.data.role_projet, requiredRole.manageApplications)
    : false;
  const hasDatabase = d.base_de_donnees !== null;
  const replicas = d.pods_status.filter((p) => podPartOf(p.name, hasDatabase) === 'application');

  return (
    <div className="space-y-4">
      <PageHeader
        breadcrumb={
          <Link
            to={back}
            className="inline-flex items-center gap-1 text-sm text-slate-500 hover:text-blue-600 dark:text-slate-400"
          >
            <ArrowLeft className="size-4" aria-hidden="true" /> {terminalLabels.back}
          </Link>
        }
        title={terminalLabels.pageTitle(d.nom)}
        description={terminalLabels.hint}
      />
      {!allowed ? (
        <Notice tone="warning">{terminalLabels.forbidden}</Notice>
      ) : (
        <>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
            <label className="flex flex-col gap-1 text-sm font-medium">
              {terminalLabels.replica}
              <select
                value={replica}
                onChange={(e) => setReplica(e.target.value)}
                className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm dark:border-slate-700 dark:bg-slate-900"
              >
                <option value="">{terminalLabels.firstReplica}</option>
                {replicas.map((p, i) => (
                  <option key={p.name} value={p.name}>
                    {terminalLabels.instance(i + 1, p.name)}
                  </option>
                ))}
              </select>
            </label>
            <div className="flex flex-wrap gap-2">
              {state.kind === 'closed' ? (
                <Button onClick={() => setSessionKey((k) => k + 1)}>
                  {terminalLabels.reconnect}
                </Button>
              ) : (
                <Button variant="outline" onClick={() => socket.current?.close()}>
                  {terminalLabels.disconnect}
                </Button>
              )}
              <Link to={back} className={buttonClasses('ghost')}>
                {terminalLabels.back}
              </Link>
            </div>
          </div>
          <TerminalStatus state={state} />
          <TerminalScreen
            deploymentId={d.id}
            replica={replica || undefined}
            sessionKey={sessionKey}
            onState={setState}
            socketRef={socket}
          />
        </>
      )}
    </div>
  );
}
