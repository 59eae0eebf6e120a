import type { NotificationDelivery } from '@nuage/shared/schemas/responses/notifications';
import { useQuery } from '@tanstack/react-query';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { deliveriesQueryOptions } from '../api/get-deliveries';

const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'medium' });

const statusLabel: Record<NotificationDelivery['statut'], [string, BadgeTone]> = {
  envoye: ['Envoyé', 'green'],
  en_attente: ['En attente', 'blue'],
  echec: ['Nouvel essai prévu', 'yellow'],
  abandonne: ['Abandonné', 'red'],
};

/** A channel's delivery log: its last 50 messages, their tries and last error. */
export function DeliveriesModal({
  projectId,
  channel,
  onOpenChange,
}: {
  projectId: string;
  channel: { id: string; nom: string };
  onOpenChange(open: boolean): void;
}) {
  const log = useQuery(deliveriesQueryOptions(projectId, channel.id));
  return (
    <Modal
      open
      onOpenChange={onOpenChange}
      size="lg"
      title={`Journal d'envoi : ${channel.nom}`}
      description="Les 50 derniers messages de ce canal."
    >
      {log.isPending ? (
        <div className="flex justify-center p-6 text-blue-600">
          <Spinner />
        </div>
      ) : log.isError ? (
        <p className="text-sm text-red-600 dark:text-red-400">{log.error.message}</p>
      ) : log.data.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">Aucun message pour le moment.</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {log.data.map((d) => {
            const [label, tone] = statusLabel[d.statut];
            return (
              <li key={d.id} className="space-y-1 py-3">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone={tone}>{label}</Badge>
                  <span className="text-sm font-medium">{d.titre}</span>
                </div>
                <p className="text-xs text-slate-500 dark:text-slate-400">
                  {dateTime.format(new Date(d.created_at))} · {d.tentatives} essai(s)
                  {d.prochaine_tentative && d.statut === 'echec'
                    ? ` · prochain essai ${dateTime.format(new Date(d.prochaine_tentative))}`
                    : ''}
                </p>
                {d.derniere_erreur && (
                  <p className="text-xs break-words text-red-700 dark:text-red-400">
                    {d.derniere_erreur}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Modal>
  );
}
