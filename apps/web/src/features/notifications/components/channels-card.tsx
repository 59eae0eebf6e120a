import type { NotificationChannel } from '@nuage/shared/schemas/responses/notifications';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { channelsQueryOptions } from '../api/get-channels';
import { ChannelFormModal } from './channel-form-modal';
import { ChannelRow } from './channel-row';
import { DeliveriesModal } from './deliveries-modal';

/** The project's notification channels (admins): list, add, edit, « Tester », delivery log. */
export function ChannelsCard({ projectId }: { projectId: string }) {
  const channels = useQuery(channelsQueryOptions(projectId));
  const [editing, setEditing] = useState<NotificationChannel | 'new' | null>(null);
  const [log, setLog] = useState<NotificationChannel | null>(null);

  return (
    <Card role="region" aria-labelledby="channels-title">
      <CardHeader
        title={<span id="channels-title">Canaux de notification</span>}
        description="Où la plateforme prévient l’équipe : déploiements, builds, redémarrages en boucle, sauvegardes, certificats, quotas, membres."
        actions={
          <Button size="sm" onClick={() => setEditing('new')}>
            <Plus className="size-4" aria-hidden="true" /> Ajouter un canal
          </Button>
        }
      />
      {channels.isPending ? (
        <div className="flex justify-center p-6 text-blue-600">
          <Spinner />
        </div>
      ) : channels.isError ? (
        <p className="px-5 py-4 text-sm text-red-600 dark:text-red-400">{channels.error.message}</p>
      ) : channels.data.length === 0 ? (
        <p className="px-5 py-4 text-sm text-slate-500 dark:text-slate-400">
          Aucun canal. Ajoutez un e-mail, Slack, Teams, Discord, Telegram ou un webhook signé.
        </p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {channels.data.map((c) => (
            <ChannelRow
              key={c.id}
              projectId={projectId}
              channel={c}
              onEdit={() => setEditing(c)}
              onLog={() => setLog(c)}
            />
          ))}
        </ul>
      )}
      {editing && (
        <ChannelFormModal
          projectId={projectId}
          channel={editing === 'new' ? null : editing}
          onOpenChange={(open) => !open && setEditing(null)}
        />
      )}
      {log && (
        <DeliveriesModal
          projectId={projectId}
          channel={log}
          onOpenChange={(open) => !open && setLog(null)}
        />
      )}
    </Card>
  );
}
