import type {
  NotificationChannel,
  NotificationDelivery,
} from '@nuage/shared/schemas/responses/notifications';
import type { notificationChannels, notificationOutbox } from '../../db/schema/notifications';

type ChannelRow = typeof notificationChannels.$inferSelect;

/** The fields listed one by one: the sealed secrets cannot slip into an answer. */
export const presentChannel = (row: ChannelRow): NotificationChannel => ({
  id: row.id,
  nom: row.nom,
  type: row.kind,
  cible: row.targetHint,
  evenements: row.events,
  environnements: row.environmentIds,
  destinataires: row.recipientIds,
  chat_id: row.chatId,
  actif: row.enabled && row.pausedAt === null,
  en_pause_depuis: row.pausedAt?.toISOString() ?? null,
  echecs_consecutifs: row.consecutiveFailures,
  derniere_erreur: row.lastError,
  dernier_envoi: row.lastSentAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});

type OutboxRow = typeof notificationOutbox.$inferSelect;

export const presentDelivery = (
  row: OutboxRow,
  event: { type: string; title: string },
): NotificationDelivery => ({
  id: row.id,
  evenement: event.type,
  titre: event.title,
  statut:
    row.status === 'sent'
      ? 'envoye'
      : row.status === 'dead'
        ? 'abandonne'
        : row.attempts > 0 && row.lastError
          ? 'echec'
          : 'en_attente',
  tentatives: row.attempts,
  derniere_erreur: row.lastError,
  created_at: row.createdAt.toISOString(),
  envoye_at: row.sentAt?.toISOString() ?? null,
  prochaine_tentative: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
});
