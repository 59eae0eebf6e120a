import { codeAppTexts } from '@nuage/shared/code-app-texts';
import { composeTexts } from '@nuage/shared/messages/compose';
import { GitBranch, Pencil, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { InfoList } from '@/components/ui/info-list';
import type { DeploymentDetail } from '@nuage/shared/schemas/responses/deployments';
import { notify } from '@/lib/toast';
import { useRedeploy } from '../api/redeploy';
import { SourceEditModal } from './source-edit-modal';

/**
 * Where the code comes from, which release serves, and « Redéployer » (the branch's head). A
 * Compose application's file comes from its repository the same way; its build arguments are
 * the file's (not shown), its port the exposed service's.
 */
export function SourceCard({
  deployment: d,
  canManage,
}: {
  deployment: DeploymentDetail;
  canManage: boolean;
}) {
  const redeploy = useRedeploy(d.id);
  const [editing, setEditing] = useState(false);
  const args = Object.keys(d.build_args ?? {});
  const isCompose = d.source_kind === 'compose';
  const doRedeploy = async () => {
    try {
      await redeploy.mutateAsync();
    } catch {
      return; // the API client's toast said why
    }
    notify.success(codeAppTexts.redeployStarted);
  };
  return (
    <Card role="region" aria-label="Source">
      <CardHeader
        title="Source"
        description={
          isCompose
            ? composeTexts.fileFromRepository
            : 'Chaque build part du dernier commit de la branche suivie.'
        }
        actions={
          canManage && (
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
                <Pencil className="size-4" aria-hidden="true" /> Modifier la source
              </Button>
              <Button
                size="sm"
                onClick={() => void doRedeploy()}
                loading={redeploy.isPending}
                loadingText="Lancement…"
              >
                <RefreshCw className="size-4" aria-hidden="true" /> {codeAppTexts.redeploy}
              </Button>
            </div>
          )
        }
      />
      <CardBody>
        <InfoList
          items={[
            {
              label: 'Dépôt',
              value: d.repository_url ? (
                <a
                  href={d.repository_url}
                  target="_blank"
                  rel="noreferrer"
                  className="font-mono text-blue-600 hover:underline dark:text-blue-400"
                >
                  {d.repository_url}
                </a>
              ) : (
                '—'
              ),
            },
            {
              label: 'Branche',
              value: (
                <span className="inline-flex items-center gap-1 font-mono">
                  <GitBranch className="size-3.5" aria-hidden="true" /> {d.git_branch ?? 'main'}
                </span>
              ),
            },
            { label: 'Accès', value: d.git_token_id ? 'Privé (token Git du projet)' : 'Public' },
            ...(isCompose
              ? []
              : [
                  {
                    label: 'Arguments de build',
                    value:
                      args.length > 0 ? (
                        <span className="font-mono">{args.join(', ')}</span>
                      ) : (
                        'Aucun'
                      ),
                  },
                  { label: 'Port', value: d.port ? String(d.port) : 'Détecté au build' },
                ]),
            {
              label: codeAppTexts.currentRelease,
              // What it was built from, never the image's internal name (nuage-builds/<id>).
              value: d.version_en_ligne
                ? `Version ${d.version_en_ligne.numero} · commit ${d.version_en_ligne.commit_sha.slice(0, 7)} (${d.version_en_ligne.branche})`
                : d.current_release
                  ? `Version ${d.current_release.numero}`
                  : 'Aucune (premier build en cours)',
            },
          ]}
        />
      </CardBody>
      {canManage && editing && <SourceEditModal deployment={d} onOpenChange={setEditing} />}
    </Card>
  );
}
