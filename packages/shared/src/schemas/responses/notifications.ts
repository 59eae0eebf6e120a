import { z } from 'zod/mini';

/**
 * A notification channel as the API answers it. Its secrets (webhook addresses, which carry the
 * service's key, the signing secret, the bot token) are never part of it: `cible` only names
 * where messages go (a host, a chat, a number of members).
 */
export const notificationChannelSchema = z.object({
  id: z.string(),
  nom: z.string(),
  type: z.string(),
  cible: z.string(),
  evenements: z.array(z.string()),
  environnements: z.array(z.string()),
  destinataires: z.array(z.string()),
  chat_id: z.nullable(z.string()),
  actif: z.boolean(),
  /** Set when the channel was paused after 10 failures in a row (null: paused by hand or active). */
  en_pause_depuis: z.nullable(z.string()),
  echecs_consecutifs: z.number(),
  derniere_erreur: z.nullable(z.string()),
  dernier_envoi: z.nullable(z.string()),
  created_at: z.string(),
});
export type NotificationChannel = z.infer<typeof notificationChannelSchema>;

export const notificationChannelListSchema = z.array(notificationChannelSchema);

/** One message of a channel's delivery log (newest first). */
export const notificationDeliverySchema = z.object({
  id: z.string(),
  evenement: z.string(),
  titre: z.string(),
  statut: z.enum(['en_attente', 'envoye', 'echec', 'abandonne']),
  tentatives: z.number(),
  derniere_erreur: z.nullable(z.string()),
  created_at: z.string(),
  envoye_at: z.nullable(z.string()),
  prochaine_tentative: z.nullable(z.string()),
});
export type NotificationDelivery = z.infer<typeof notificationDeliverySchema>;
export const notificationDeliveryListSchema = z.array(notificationDeliverySchema);

/** POST …/test: whether the test message went out, and if not, the service's answer. */
export const channelTestResultSchema = z.object({ envoye: z.boolean(), message: z.string() });
export type ChannelTestResult = z.infer<typeof channelTestResultSchema>;

/** GET /users/me/notifications: the bell's last entries, newest first, and the unread count. */
export const userNotificationSchema = z.object({
  id: z.string(),
  evenement: z.string(),
  titre: z.string(),
  texte: z.string(),
  gravite: z.string(),
  /** A path of the app (`/deployment/…`), or null. */
  lien: z.nullable(z.string()),
  projet_id: z.string(),
  lue: z.boolean(),
  created_at: z.string(),
});
export type UserNotification = z.infer<typeof userNotificationSchema>;
export const userNotificationsSchema = z.object({
  non_lues: z.number(),
  notifications: z.array(userNotificationSchema),
});
export type UserNotifications = z.infer<typeof userNotificationsSchema>;

/** GET/PUT /users/me/notification-preferences. */
export const notificationPreferencesSchema = z.object({
  email_muets: z.array(z.string()),
  nouvel_appareil: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
