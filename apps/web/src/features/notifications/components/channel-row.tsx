import { channelKindLabels } from '@nuage/shared/messages/notifications';
import type { NotificationChannel } from '@nuage/shared/schemas/responses/notifications';
import { History, Pencil, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { notify } from '@/lib/toast';
import { useDeleteChannel } from '../api/delete-channel';
import { useTestChannel } from '../api/test-channel';
import { ChannelStatus } from './channel-status';

const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short' });

/** One channel: where it sends, its state and last error, « Tester », its log, edit, delete. */
export function ChannelRow({
  projectId,
  channel,
  onEdit,
  onLog,
}: {
  projectId: string;
  channel: NotificationChannel;
  onEdit(): void;
  onLog(): void;
}) {
  const test = useTestChannel(projectId);
  const remove = useDeleteChannel(projectId);
  const [deleting, setDeleting] = useState(false);
  const kind = channelKindLabels[channel.type as keyof typeof channelKindLabels] ?? channel.type;

  const runTest = async () => {
    const result = await test.mutateAsync(channel.id);
    if (result.envoye) notify.success(result.message);
    else notify.error(result.message);
  };

  return (
    <li className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{channel.nom}</span>
          <ChannelStatus channel={channel} />
        </div>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {kind} · {channel.cible} · {channel.evenements.length} événement(s) ·{' '}
          {channel.environnements.length === 0
            ? 'tous les environnements'
            : `${channel.environnements.length} environnement(s)`}
        </p>
        {channel.dernier_envoi && (
          <p className="text-xs text-slate-500 dark:text-slate-400">
            Dernier envoi : {dateTime.format(new Date(channel.dernier_envoi))}
          </p>
        )}
        {channel.derniere_erreur && (
          <p className="text-xs break-words text-red-700 dark:text-red-400">
            Dernière erreur : {channel.derniere_erreur}
          </p>
        )}
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          onClick={() => void runTest()}
          disabled={test.isPending}
        >
          <Send className="size-4" aria-hidden="true" /> {test.isPending ? 'Envoi…' : 'Tester'}
        </Button>
        <Button size="sm" variant="outline" onClick={onLog}>
          <History className="size-4" aria-hidden="true" /> Journal
        </Button>
        <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Modifier ${channel.nom}`}>
          <Pencil className="size-4" aria-hidden="true" />
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => setDeleting(true)}
          aria-label={`Supprimer ${channel.nom}`}
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </Button>
      </div>
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={`Supprimer le canal « ${channel.nom} » ?`}
        confirmLabel="Supprimer"
        pending={remove.isPending}
        pendingLabel="Suppression…"
        onConfirm={() => remove.mutate(channel.id, { onSuccess: () => setDeleting(false) })}
      >
        Plus aucun message n'y sera envoyé. Son journal d'envoi est supprimé avec lui.
      </ConfirmDialog>
    </li>
  );
}
