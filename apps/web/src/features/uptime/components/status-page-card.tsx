import { uptimeTexts } from '@nuage/shared/messages/uptime';
import { useQuery } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { notify } from '@/lib/toast';
import { statusPageQueryOptions } from '../api/get-status-page';
import { useSetStatusPage } from '../api/set-status-page';

/**
 * The project's public status page: anyone holding its address sees the applications' state and
 * 90-day bars, without logging in. Project admins turn it on and off; turning it off retires the
 * address for good.
 */
export function StatusPageCard({ projectId, isAdmin }: { projectId: string; isAdmin: boolean }) {
  const page = useQuery(statusPageQueryOptions(projectId));
  const set = useSetStatusPage(projectId);
  const toggle = async (active: boolean) => {
    try {
      await set.mutateAsync(active);
      notify.success(active ? uptimeTexts.statusPageEnabled : uptimeTexts.statusPageDisabled);
    } catch {
      // the API client's toast said why
    }
  };
  const data = page.data;
  return (
    <Card role="region" aria-labelledby="status-page-title">
      <CardHeader
        title={<span id="status-page-title">Page de statut publique</span>}
        description="L'état et la disponibilité sur 90 jours des applications du projet, sans connexion. Aucune adresse interne ni aucun e-mail n'y figure."
        actions={
          isAdmin &&
          data && (
            <Button
              size="sm"
              variant={data.active ? 'outline' : 'primary'}
              loading={set.isPending}
              loadingText="Enregistrement..."
              onClick={() => void toggle(!data.active)}
            >
              {data.active ? 'Désactiver' : 'Activer'}
            </Button>
          )
        }
      />
      <CardBody>
        {data?.active && data.url ? (
          <div className="flex flex-wrap items-center gap-2">
            <a
              href={data.url}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-1 text-sm break-all text-blue-700 hover:underline dark:text-blue-400"
            >
              {data.url} <ExternalLink className="size-4 shrink-0" aria-hidden="true" />
            </a>
            <CopyButton value={data.url} label="Copier l'adresse de la page de statut" />
          </div>
        ) : (
          <p className="text-sm text-slate-500 dark:text-slate-400">
            {data
              ? isAdmin
                ? 'Désactivée. Activez-la pour obtenir une adresse à partager avec vos clients.'
                : 'Désactivée. Un administrateur du projet peut l’activer.'
              : null}
          </p>
        )}
      </CardBody>
    </Card>
  );
}
